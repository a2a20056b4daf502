package org.maestro.reports.compare;

import java.util.Arrays;
import java.util.Locale;

import org.maestro.results.Format;
import org.maestro.results.StudentT;
import org.maestro.results.history.HeadlineMetric;

/**
 * The smallest change toward worse that a comparison's rule would just call on one metric (its minimum detectable
 * effect), from the baselines' noise and their number, and how many baselines would bring it down to the metric's
 * floor.
 *
 * <p>The rule calls a metric worse when its one-sided p-value toward worse is within the level the rule holds it to
 * and the change is beyond its floor ({@link MetricChange#at}). A change that moved alone is the smallest p-value of
 * the family, so Holm's step-down holds it to its first step, α = rate / m (m the metrics judged;
 * {@link FalseAlarmRule#loneLevel}). The smallest change it calls is then
 *
 * <pre>
 *   MDE = max(floor, t(1 - α; dof) · σ, b · (e^(z(1 - α) · λ) - 1))
 * </pre>
 *
 * with σ the noise of the difference (the larger of the slices' spread and s · √(1 + 1/k), s the standard deviation
 * of the k baselines), dof = k - 1 once k &gt;= {@value MetricChange#MIN_BASELINES_FOR_SPREAD} (else the normal
 * quantile and the doubled floor), b the baselines' mean and λ the run-to-run log spread a latency is known to have
 * while too few baselines show it ({@link MetricChange#logNoise}). For a rate, which falls, the last term is
 * b · (1 - e^(-z · λ)). The floor is doubled below {@value MetricChange#MIN_BASELINES_FOR_SPREAD} baselines.
 *
 * <p>When the MDE is above the metric's own floor (the one it has with baselines enough), the n that brings it under
 * is the smallest n &gt;= {@value MetricChange#MIN_BASELINES_FOR_SPREAD} with t(1 - α; n - 1) · max(s · √(1 + 1/n),
 * slices' spread) &lt;= floor, assuming the same s (with one baseline, a latency's known run-to-run spread b · λ).
 * None when the slices' spread alone, or s with any n, keeps it above: then longer runs ({@link #longerRuns}), not
 * more baselines.
 *
 * @param metric    the metric
 * @param worse     "fall" for a rate, "rise" for a latency
 * @param change    the smallest detectable change, in the metric's unit (positive)
 * @param percent   it as a percentage of the baseline
 * @param level     the one-sided false-alarm level α it is held to
 * @param floorPercent the metric's own floor, % of the baseline
 * @param baselines the number of baselines k with a value
 * @param needed    the number of baselines (in all) that would bring it to the floor; null when it is at the floor, or
 *                  when no number would (see {@code text})
 * @param text      the line the console prints, e.g. "receive rate: smallest detectable fall 2.4 % (floor 3 %)"
 */
record DetectableChange(Metric metric, String worse, double change, double percent, double level, double floorPercent,
                        int baselines, Integer needed, String text) {
    /** The most baselines a suggestion names: beyond it, the noise is what must come down. */
    static final int MAX_BASELINES = 200;

    /** Whether it is a metric a nightly is judged by (as {@code maestro history} searches; a route's too). */
    static boolean isHeadline(Metric m) {
        return m.action() < 0 && Arrays.stream(HeadlineMetric.values())
                .anyMatch(h -> m.name().equals(h.label()) || m.name().endsWith(": " + h.label()));
    }

    /**
     * The smallest detectable change of a tested metric at level {@code level}; null when it has no known noise, a
     * fixed verdict or a baseline of 0 (a count of lost messages: any is beyond its floor).
     */
    static DetectableChange of(MetricChange c, double level) {
        return of(c, level, Format.number(100 * level) + " %");
    }

    /** As {@link #of(MetricChange, double)}, with the level in words ({@code how}, e.g. "0.07143 % = 1 % / 14"). */
    static DetectableChange of(MetricChange c, double level, String how) {
        if (!c.isTested() || !(c.baseline() > 0) || (Double.isNaN(c.noise()) && Double.isNaN(c.logNoise()))) {
            return null;
        }
        Metric m = c.metric();
        double base = c.baseline();
        double sigmas = StudentT.upperQuantile(level, c.dof());
        double statistical = Double.isNaN(c.noise()) ? 0 : sigmas * c.noise();
        double known = Double.isNaN(c.logNoise()) ? 0
                : base * (m.higherIsBetter() ? -Math.expm1(-sigmas * c.logNoise()) : Math.expm1(sigmas * c.logNoise()));
        double mde = Math.max(c.floor(), Math.max(statistical, known));
        double ownFloor = c.spreadMeasured() ? c.floor() : c.floor() / MetricChange.UNMEASURED_FLOOR_FACTOR;
        int k = (int) Arrays.stream(c.baselines()).filter(v -> !Double.isNaN(v)).count();
        String worse = m.higherIsBetter() ? "fall" : "rise";
        double percent = 100 * mde / base;
        double floorPercent = 100 * ownFloor / base;
        StringBuilder text = new StringBuilder(m.name() + ": smallest detectable " + worse + " " + percent(percent)
                + " % at " + how);
        if (m.higherIsBetter() && mde >= base) {
            text.append(": no fall can be told from chance (the noise reaches the whole baseline)");
        }
        Integer needed = null;
        if (mde <= ownFloor * (1 + 1e-9)) {
            text.append(" (its floor)");
        } else {
            double s = k >= 2 ? Spread.standardDeviation(c.baselines())
                    : Double.isNaN(m.runToRunLogSpread()) ? Double.NaN : base * m.runToRunLogSpread();
            double slices = Double.isNaN(c.slicesNoise()) ? 0 : c.slicesNoise();
            text.append(", above its " + percent(floorPercent) + " % floor: ");
            if (Double.isNaN(s)) {
                text.append("one baseline cannot show the run-to-run spread; give " + MetricChange.MIN_BASELINES_FOR_SPREAD
                        + " or more");
            } else {
                needed = baselinesFor(ownFloor, level, s, slices, k, c.tonight());
                if (needed != null) {
                    text.append((needed - k) + " more baseline" + (needed - k == 1 ? "" : "s") + " (" + needed
                            + " in all) would bring it there, if the runs' spread stays " + Format.number(s) + " " + m.unit());
                } else if (StudentT.upperQuantile(level, Double.POSITIVE_INFINITY) * slices > ownFloor) {
                    double longer = longerRuns(ownFloor, level, slices);
                    text.append("no number of baselines would: the spread within the runs (" + Format.number(slices) + " "
                            + m.unit() + ") keeps it above; runs " + Format.number(longer) + " times as long would bring it "
                            + "down, if that spread falls as 1/\u221a(duration)");
                } else {
                    text.append("no number of baselines would: the run-to-run spread (" + Format.number(s) + " " + m.unit()
                            + ") keeps it above");
                }
            }
        }
        return new DetectableChange(m, worse, mde, percent, level, floorPercent, k, needed, text.toString());
    }

    /**
     * The fewest baselines (at least {@value MetricChange#MIN_BASELINES_FOR_SPREAD}, more than {@code k}) whose
     * threshold t(1 - level; n - 1) · max(s · √(1 + 1/n), slices) is within {@code floor}; null when none up to
     * {@value #MAX_BASELINES}.
     */
    static Integer baselinesFor(double floor, double level, double s, double slices, int k) {
        return baselinesFor(floor, level, s, slices, k, 1);
    }

    /** As {@link #baselinesFor(double, double, double, double, int)}, against the mean of {@code tonight} runs: s · √(1/r + 1/n). */
    static Integer baselinesFor(double floor, double level, double s, double slices, int k, int tonight) {
        for (int n = Math.max(k + 1, MetricChange.MIN_BASELINES_FOR_SPREAD); n <= MAX_BASELINES; n++) {
            if (StudentT.upperQuantile(level, n - 1) * Math.max(s * Math.sqrt(1.0 / tonight + 1.0 / n), slices) <= floor) {
                return n;
            }
        }
        return null;
    }

    /**
     * How many times longer the runs must be for the spread between their slices alone to allow the floor: the
     * spread between slices of a fixed count falls as 1/√(slice length) when the samples are independent, so
     * (z(1 - level) · slices / floor)², rounded up to a tenth.
     */
    static double longerRuns(double floor, double level, double slices) {
        double ratio = StudentT.upperQuantile(level, Double.POSITIVE_INFINITY) * slices / floor;
        return Math.ceil(10 * ratio * ratio) / 10;
    }

    private static String percent(double p) {
        String text = String.format(Locale.ROOT, "%.1f", p);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }
}
