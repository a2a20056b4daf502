package org.maestro.reports.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.maestro.results.Format;
import org.maestro.results.StudentT;

/**
 * How often a comparison may call an unchanged system worse, and how that sets each metric's threshold.
 *
 * <p>A comparison judges about fifty metrics (more with routes). Each judged alone at a 0.5 % false-alarm rate, an
 * unchanged system gets some "worse" on about one comparison in four (1 - 0.995^52 = 23 %): a nightly that cries
 * wolf. {@link #FAMILY_WISE} bounds the rate over the whole comparison instead, with Holm's step-down (Holm 1979):
 * the metrics' one-sided p-values toward "worse" in ascending order, the i-th of m is worse while p(i) &lt;= rate /
 * (m - i + 1), and the first that is not stops it (it and all after it are "same"). That holds the chance of any
 * false "worse" to the rate whatever the metrics' correlation (p50 and p90, a route and the totals move together),
 * and calls more than Bonferroni's fixed rate / m. "Better" is decided the same way over the p-values toward better,
 * a family of its own, so an improvement never loosens the test for a regression. A metric whose noise is unknown
 * (a count with one baseline) is outside the family: its floor alone decides, as does a fixed verdict (missing, a
 * flow that never resumed). The floors stay: beyond chance but within its floor, a change is "same".
 *
 * <p>With fewer baselines than show the run-to-run spread, a latency's noise is also the spread measured between
 * identical runs ({@link Metric#runToRunLogSpread}, {@link MetricChange#logNoise}): one run's slices cannot show
 * what moves a whole run.
 *
 * <p>{@link #PER_METRIC} is the first rule, each metric alone at 0.5 % (3 standard deviations while the spread is
 * not measured), and {@link #FAMILY_WISE_SLICES_ONLY} the family-wise rule before it took the run-to-run spread as
 * known; both are kept so that bench/compare-noise.sh shows the rules side by side on the same runs.
 *
 * @param rate           the false-alarm rate: over the whole comparison when {@code familyWise}, else per metric
 * @param familyWise     Holm's step-down over the metrics judged, or each metric alone
 * @param knownRunToRun  with too few baselines, the run-to-run spread measured on identical runs counts too
 */
record FalseAlarmRule(double rate, boolean familyWise, boolean knownRunToRun) {
    /** The rule of {@code maestro compare}: at most 1 % of comparisons of an unchanged system call anything worse. */
    static final FalseAlarmRule FAMILY_WISE = new FalseAlarmRule(0.01, true, true);
    /** The family-wise rule with one run's slices as the only noise of too few baselines. */
    static final FalseAlarmRule FAMILY_WISE_SLICES_ONLY = new FalseAlarmRule(0.01, true, false);
    /** The first rule: each metric alone at 0.5 %. */
    static final FalseAlarmRule PER_METRIC = new FalseAlarmRule(0.005, false, false);
    /** The former rule's multiple of the noise while the run-to-run spread is not measured. */
    static final double UNMEASURED_SIGMAS = 3;

    /** One metric's outcome in one direction: the level it was held to, whether beyond chance, and how, in words. */
    record Decision(double level, boolean rejected, String how) {
    }

    /** Each metric's verdict, in the order of {@code changes}. */
    List<MetricVerdict> judge(List<MetricChange> all) {
        List<MetricChange> changes = considered(all);
        int judged = judged(all);
        Decision[] worse = decide(changes, true);
        Decision[] better = decide(changes, false);
        List<MetricVerdict> out = new ArrayList<>();
        // Most metrics share a level (all those after Holm's stop) and degrees of freedom: each quantile once.
        Map<List<Double>, Double> quantiles = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            MetricChange c = changes.get(i);
            Decision d = c.towardWorse() ? worse[i] : better[i];
            if (d == null) {
                out.add(c.at(Double.NaN, Double.NaN, false, null));
            } else {
                double sigmas = quantiles.computeIfAbsent(List.of(d.level(), c.dof()), k -> StudentT.upperQuantile(k.get(0), k.get(1)));
                out.add(inconclusiveIfUnseen(c.at(d.level(), sigmas, d.rejected(), d.how()), c, judged));
            }
        }
        return out;
    }

    /**
     * A headline metric called "same" whose smallest detectable change toward worse ({@link DetectableChange}, at the
     * level it would be held to moving alone: {@link #loneLevel}) is above the floor this comparison applies to it: the
     * rule could not have called a change of the size that counts, so it is {@link MetricVerdict#INCONCLUSIVE}. Only
     * once the run-to-run spread is measured ({@value MetricChange#MIN_BASELINES_FOR_SPREAD} baselines or more): with
     * fewer, the spread is assumed, the doubled floor stands for the doubt and the smallest detectable change says that
     * more baselines, not more runs of tonight, are what is missing. A floor of 0 (--min-change 0) names no size that
     * counts: nothing to be inconclusive about.
     */
    private MetricVerdict inconclusiveIfUnseen(MetricVerdict v, MetricChange c, int judged) {
        if (!MetricVerdict.SAME.equals(v.verdict()) || !DetectableChange.isHeadline(c.metric()) || !c.spreadMeasured()
                || !(c.floor() > 0)) {
            return v;
        }
        DetectableChange d = DetectableChange.of(c, loneLevel(c, judged));
        if (d == null || d.change() <= c.floor() * (1 + 1e-9)) {
            return v;
        }
        return v.inconclusive("inconclusive: the smallest detectable " + d.worse() + " is " + Format.number(d.percent())
                + " %, above the " + Format.number(100 * c.floor() / c.baseline()) + " % floor this comparison applies: "
                + "the runs cannot tell a change of that size from their noise");
    }

    /** The changes as this rule sees them: without the known run-to-run spread unless it takes it. */
    private List<MetricChange> considered(List<MetricChange> changes) {
        return knownRunToRun ? changes : changes.stream().map(MetricChange::slicesOnly).toList();
    }

    /** The metrics in the family: those with a p-value (a known noise, no fixed verdict). */
    int judged(List<MetricChange> changes) {
        return (int) considered(changes).stream().filter(c -> !Double.isNaN(c.tail(true))).count();
    }

    /**
     * The level a change toward worse is held to when it moved alone: the smallest p-value of the family, Holm's first
     * step (rate / m); each metric's own level when not family-wise. What {@link DetectableChange} is computed at.
     */
    double loneLevel(MetricChange c, int judged) {
        if (familyWise) {
            return rate / Math.max(1, judged);
        }
        return c.spreadMeasured() ? rate : StudentT.upperTail(UNMEASURED_SIGMAS, Double.POSITIVE_INFINITY);
    }

    /** The smallest detectable change of each headline metric whose noise is known, in the order of {@code all}. */
    List<DetectableChange> detectable(List<MetricChange> all) {
        List<MetricChange> changes = considered(all);
        int m = judged(all);
        List<DetectableChange> out = new ArrayList<>();
        for (MetricChange c : changes) {
            double level = loneLevel(c, m);
            DetectableChange d = DetectableChange.isHeadline(c.metric())
                    ? DetectableChange.of(c, level, familyWise && m > 1 ? share(rate, m)
                    : Format.number(100 * level) + (familyWise ? " %" : " % per metric"))
                    : null;
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }

    private Decision[] decide(List<MetricChange> changes, boolean towardWorse) {
        double[] p = changes.stream().mapToDouble(c -> c.tail(towardWorse)).toArray();
        if (familyWise) {
            return holm(p, rate);
        }
        Decision[] out = new Decision[p.length];
        for (int i = 0; i < p.length; i++) {
            if (!Double.isNaN(p[i])) {
                double level = changes.get(i).spreadMeasured() ? rate
                        : StudentT.upperTail(UNMEASURED_SIGMAS, Double.POSITIVE_INFINITY);
                out[i] = new Decision(level, p[i] <= level, Format.number(100 * level) + " % per metric");
            }
        }
        return out;
    }

    /**
     * Holm's step-down over the p-values that are not NaN (NaN: not in the family, no decision). A rejected p-value
     * at rank i of m was held to rate / (m - i + 1); the others to the level where the step-down stopped, which each
     * of them misses (its p-value is at least the one that stopped it), so "within the threshold" is true of them all.
     */
    static Decision[] holm(double[] p, double rate) {
        int[] order = IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed()
                .sorted(Comparator.comparingDouble(i -> p[i])).mapToInt(Integer::intValue).toArray();
        int m = order.length;
        Decision[] out = new Decision[p.length];
        int rank = 0;
        for (; rank < m && p[order[rank]] <= rate / (m - rank); rank++) {
            out[order[rank]] = new Decision(rate / (m - rank), true, share(rate, m - rank) + ", Holm rank " + (rank + 1) + " of " + m);
        }
        for (int s = rank; s < m; s++) {
            out[order[s]] = new Decision(rate / (m - rank), false, share(rate, m - rank) + ", Holm stopped at rank "
                    + (rank + 1) + " of " + m);
        }
        return out;
    }

    private static String share(double rate, int of) {
        return Format.number(100 * rate / of) + " % = " + Format.number(100 * rate) + " % / " + of;
    }

    /** The rule in words, once per comparison. */
    String describe(List<MetricChange> changes) {
        int m = judged(changes);
        if (!familyWise) {
            return "each metric alone: worse beyond a " + Format.number(100 * rate) + " % false-alarm rate (" + m
                    + " metrics judged: any worse by chance on up to " + Format.number(100 * (1 - Math.pow(1 - rate, m)))
                    + " % of comparisons of an unchanged system)";
        }
        return "family-wise: at most " + Format.number(100 * rate) + " % of comparisons of an unchanged system call any of the "
                + m + " metrics judged worse (Holm's step-down: the metrics' p-values in ascending order, the i-th worse while "
                + "below " + Format.number(100 * rate) + " % / (" + m + " - i + 1); better likewise, on its own). Each metric's "
                + "threshold is its noise times the t (or normal) quantile of the level it was held to, never below its floor"
                + (knownRunToRun && changes.stream().anyMatch(c -> !Double.isNaN(c.logNoise())) ? "; with fewer than "
                + MetricChange.MIN_BASELINES_FOR_SPREAD + " baselines a latency's noise is at least the run-to-run spread measured "
                + "on identical runs" : "")
                + (m < changes.stream().filter(MetricChange::isTested).count() ? "; a metric whose noise is unknown is judged "
                + "by its floor alone" : "");
    }
}
