package org.maestro.reports.compare;

import java.util.Arrays;
import org.maestro.results.Format;
import org.maestro.results.StudentT;

/**
 * What one metric's figures say before any threshold is chosen: the change between the baseline(s) and the run,
 * how much it moves by chance (its noise, one standard deviation of the difference), and its floor (the smallest
 * change that counts whatever the noise). A {@link FalseAlarmRule} then sets each metric's false-alarm level across
 * the whole comparison and turns the change into a {@link MetricVerdict}.
 *
 * @param baseline      the baseline's value (the mean of several baselines'); -1 "never" for an outage
 * @param change        candidate - baseline, in the metric's unit (NaN when there is nothing to compare)
 * @param changePercent the change relative to the baseline (NaN when the baseline is 0)
 * @param noise         one standard deviation of the change by chance, NaN when unknown (then the floor decides)
 * @param dof           degrees of freedom of the noise: k - 1 when the run-to-run spread of k baselines is measured
 *                      (k &gt;= {@value #MIN_BASELINES_FOR_SPREAD}); infinite (the normal distribution) when it is not
 *                      and the doubled floor carries the doubt
 * @param noiseSource   where the noise comes from, in words
 * @param floor         the floor in the metric's unit
 * @param floorText     the floor in words
 * @param fixed         the verdict when no threshold is involved (missing, new, a flow that never resumed; with a run
 *                      too short to show its noise, not judged, or same within the floor), else null
 * @param fixedBasis    why, for a fixed verdict
 * @param logNoise      while the run-to-run spread is not measured (fewer than {@value #MIN_BASELINES_FOR_SPREAD}
 *                      baselines): the spread between identical runs that the metric is known to have
 *                      ({@link Metric#runToRunLogSpread}), as one standard deviation of ln(run / baseline); the change
 *                      must be beyond chance on this scale too. NaN when none applies
 * @param slicesNoise   the part of the noise the runs' slices show (baselines' and run's together), NaN when unknown:
 *                      what more baselines cannot bring down ({@link DetectableChange})
 * @param tonight       how many runs of tonight the candidate is the mean of (1 unless {@code --repeat-inconclusive}
 *                      ran the test again): the run-to-run part of the noise of the difference between the mean of r
 *                      runs and the mean of k baselines is s &middot; &radic;(1/r + 1/k), not s &middot; &radic;(1 + 1/k)
 */
record MetricChange(Metric metric, double baseline, double[] baselines, double candidate, double change,
                    double changePercent, double noise, double dof, String noiseSource, double floor, String floorText,
                    String fixed, String fixedBasis, double logNoise, double slicesNoise, int tonight) {
    /** From this many baselines on, their run-to-run spread is taken as measured (Student's t, narrow floors). */
    static final int MIN_BASELINES_FOR_SPREAD = 5;
    /** With fewer baselines the floors are this many times wider. */
    static final double UNMEASURED_FLOOR_FACTOR = 2;

    /**
     * Measures one metric's change.
     *
     * @param baselines      the baselines' values (NaN where one lacks it)
     * @param baselineNoise  each baseline's spread between its slices (NaN when unknown)
     * @param candidateNoise the run's spread between its slices
     * @param relativeFloor  the smallest relative change that counts (the metric's own unless overridden)
     * @return the change, or null when neither side has the metric
     */
    static MetricChange of(Metric m, double[] baselines, double[] baselineNoise, double candidate, double candidateNoise,
                           double relativeFloor) {
        return of(m, baselines, baselineNoise, candidate, candidateNoise, relativeFloor, null);
    }

    /**
     * Measures one metric's change, some of whose runs may be too short to show their noise.
     *
     * @param tooFewSlices which runs were measured too briefly to have a spread between slices (e.g. "20261127-0100 measured
     *                     3 whole s"), null when every run has one or the metric is not measured on slices. Unless the
     *                     run-to-run spread of 2 or more baselines stands in, the metric is then {@link MetricVerdict#NOT_JUDGED}
     */
    static MetricChange of(Metric m, double[] baselines, double[] baselineNoise, double candidate, double candidateNoise,
                           double relativeFloor, String tooFewSlices) {
        return of(m, baselines, baselineNoise, candidate, candidateNoise, relativeFloor, tooFewSlices, 1);
    }

    /**
     * Measures one metric's change, the candidate being the mean of {@code tonight} runs (its noise that of their mean).
     */
    static MetricChange of(Metric m, double[] baselines, double[] baselineNoise, double candidate, double candidateNoise,
                           double relativeFloor, String tooFewSlices, int tonight) {
        if (!m.minusOneIsNever()) {
            return ofValues(m, baselines, baselines, baselineNoise, new Tonight(candidate, candidateNoise, tonight), relativeFloor,
                    tooFewSlices);
        }
        // An outage: -1 (the flow never resumed) is worse than any duration.
        boolean baseNever = Arrays.stream(baselines).allMatch(v -> v == -1);
        boolean candNever = candidate == -1;
        if (!baseNever && !candNever) {
            // Baselines that never resumed leave the mean and the spread; the others compare as durations.
            double[] resumed = Arrays.stream(baselines).map(v -> v == -1 ? Double.NaN : v).toArray();
            return ofValues(m, baselines, resumed, baselineNoise, new Tonight(candidate, candidateNoise, tonight), relativeFloor,
                    tooFewSlices);
        }
        if (Double.isNaN(candidate)) {
            return fixed(m, -1, baselines, candidate, MetricVerdict.MISSING, "this run has no value");
        }
        String verdict = baseNever && candNever ? MetricVerdict.SAME : candNever ? MetricVerdict.WORSE : MetricVerdict.BETTER;
        return fixed(m, baseNever ? -1 : Spread.mean(baselines), baselines, candidate, verdict, "-1: the flow never resumed");
    }

    /** The candidate's figure and its noise, the mean of {@code runs} runs of tonight. */
    private record Tonight(double value, double noise, int runs) {
    }

    private static MetricChange fixed(Metric m, double base, double[] baselines, double candidate, String verdict, String why) {
        return new MetricChange(m, base, baselines, candidate, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null,
                Double.NaN, null, verdict, why, Double.NaN, Double.NaN, 1);
    }

    /**
     * Measures values: {@code values} are the baselines' figures to compare with (NaN left out), {@code baselines}
     * what the verdict reports of them.
     */
    private static MetricChange ofValues(Metric m, double[] baselines, double[] values, double[] baselineNoise,
                                         Tonight run, double relativeFloor, String tooFewSlices) {
        double candidate = run.value();
        double candidateNoise = run.noise();
        int tonight = run.runs();
        double base = Spread.mean(values);
        if (Double.isNaN(base) && Double.isNaN(candidate)) {
            return null;
        }
        if (Double.isNaN(candidate)) {
            return fixed(m, base, baselines, candidate, MetricVerdict.MISSING, "this run has no value");
        }
        if (Double.isNaN(base)) {
            return fixed(m, base, baselines, candidate, MetricVerdict.NEW, "the baseline has no value");
        }
        int k = (int) Arrays.stream(values).filter(v -> !Double.isNaN(v)).count();
        double change = candidate - base;
        double changePercent = base == 0 ? Double.NaN : 100 * change / base;
        // How much the figure moves between runs: the measured run-to-run spread when there are baselines enough, and
        // never less than it moves between slices of one run (a run-level change, e.g. another JIT outcome or a busy
        // machine, is invisible inside one run, so one baseline cannot show it).
        double runToRun = k >= 2 ? Spread.standardDeviation(values) * Math.sqrt(1.0 / tonight + 1.0 / k) : Double.NaN;
        double nb = Spread.mean(baselineNoise);
        double within = Double.isNaN(nb) ? candidateNoise : Double.isNaN(candidateNoise) ? nb : Math.hypot(nb, candidateNoise);
        double noise = Double.isNaN(runToRun) ? within : Double.isNaN(within) ? runToRun : Math.max(runToRun, within);
        boolean measured = k >= MIN_BASELINES_FOR_SPREAD;
        // Until the spread is measured on enough runs, only a wide change counts.
        double factor = measured ? 1 : UNMEASURED_FLOOR_FACTOR;
        double relativePart = factor * relativeFloor * Math.abs(base);
        double absolutePart = factor * m.absoluteFloor();
        double floor = Math.max(relativePart, absolutePart);
        boolean absolute = base == 0 || (m.absoluteFloor() > 0 && absolutePart >= relativePart);
        String floorText = "floor " + (absolute ? Format.number(floor) + " " + m.unit()
                : Format.number(floor / Math.abs(base) * 100) + " % of the baseline");
        if (!measured) {
            floorText += " (" + (k == 1 ? "one baseline" : k + " baselines") + ": wide until " + MIN_BASELINES_FOR_SPREAD
                    + " show the spread)";
        }
        if (k < 2 && tooFewSlices != null) {
            // Its noise would rest on a spread that run cannot show. Within the floor the change is "same" whatever the
            // noise; beyond it, "same" or "worse" would be a guess: not judged. The change is shown either way.
            boolean withinFloor = Math.abs(change) <= floor;
            String why = "too few samples: " + tooFewSlices + "; the spread between slices needs " + RunFigures.MIN_SLICES
                    + " whole seconds after warm-up (or give 2 or more baselines)";
            return new MetricChange(m, base, baselines, candidate, change, changePercent, Double.NaN, Double.NaN, null,
                    floor, floorText, withinFloor ? MetricVerdict.SAME : MetricVerdict.NOT_JUDGED,
                    withinFloor ? "within the " + floorText + ", whatever the noise (" + why + ")" : why, Double.NaN, within,
                    tonight);
        }
        String source = Double.isNaN(noise) ? null : noise == runToRun ? "run-to-run spread of " + k + " baselines"
                + (tonight > 1 ? ", against the mean of " + tonight + " runs" : "") : "spread between slices of the runs";
        // Until enough baselines show the spread, what one run's slices show is not all a run moves by chance: the
        // metric's spread between identical runs, measured once (on the log scale: a latency moves by factors), applies
        // as well. The difference of two runs' logs has sqrt(1 + 1/k) times one run's spread.
        double logNoise = !measured && base > 0 && candidate > 0 && !Double.isNaN(m.runToRunLogSpread())
                ? m.runToRunLogSpread() * Math.sqrt(1.0 / tonight + 1.0 / k) : Double.NaN;
        return new MetricChange(m, base, baselines, candidate, change, changePercent, noise,
                measured ? k - 1 : Double.POSITIVE_INFINITY, source, floor, floorText, null, null, logNoise, within, tonight);
    }

    /**
     * Whether a threshold leaves no fall detectable: a figure that is better higher (a rate) cannot fall below 0, so a
     * threshold of at least its baseline's value could never call it worse, whatever the run measured.
     */
    private boolean blind(double threshold) {
        return metric.higherIsBetter() && baseline > 0 && threshold >= baseline;
    }

    /** This change without the run-to-run spread known from identical runs: one run's slices alone (the former rule). */
    MetricChange slicesOnly() {
        return Double.isNaN(logNoise) ? this : new MetricChange(metric, baseline, baselines, candidate, change, changePercent,
                noise, dof, noiseSource, floor, floorText, fixed, fixedBasis, Double.NaN, slicesNoise, tonight);
    }

    /** Whether the run-to-run spread is measured (enough baselines): Student's t and the metric's own floor. */
    boolean spreadMeasured() {
        return !Double.isInfinite(dof);
    }

    /** Whether a threshold decides this metric: a change, not a fixed verdict. */
    boolean isTested() {
        return fixed == null;
    }

    /**
     * The one-sided p-value of the change toward "worse" (toward "better" when {@code towardWorse} is false): how
     * often a change at least this large that way comes by chance. NaN when the noise is unknown (the floor alone
     * decides) or the verdict is fixed.
     */
    double tail(boolean towardWorse) {
        if (!isTested() || (Double.isNaN(noise) && Double.isNaN(logNoise))) {
            return Double.NaN;
        }
        double sign = (metric.higherIsBetter() ? -1 : 1) * (towardWorse ? 1 : -1);
        double p = Double.isNaN(noise) ? 0 : StudentT.upperTail(standardized(sign * change, noise), dof);
        // Beyond chance only when beyond both: the slices' spread and the known run-to-run spread.
        return Double.isNaN(logNoise) ? p
                : Math.max(p, StudentT.upperTail(standardized(sign * Math.log(candidate / baseline), logNoise), Double.POSITIVE_INFINITY));
    }

    private static double standardized(double signed, double sd) {
        return sd > 0 ? signed / sd : signed > 0 ? Double.POSITIVE_INFINITY : signed < 0 ? Double.NEGATIVE_INFINITY : 0;
    }

    /** Whether the change goes the worse way (a change of 0 counts as toward worse: its threshold is the one that matters). */
    boolean towardWorse() {
        return (metric.higherIsBetter() ? -change : change) >= 0;
    }

    /**
     * The verdict at a false-alarm level (the one the rule held this metric to, in the change's direction).
     *
     * @param level    the one-sided false-alarm rate this metric was held to, in the direction of its change
     * @param sigmas   the multiple of the noise that level allows: {@code StudentT.upperQuantile(level, dof)}
     * @param rejected whether the rule found the change beyond chance at that level
     * @param how      how the level was set (e.g. "Holm: 1 % / 52"), for the basis in words
     */
    MetricVerdict at(double level, double sigmas, boolean rejected, String how) {
        if (!isTested()) {
            return new MetricVerdict(metric, baseline, baselines, candidate, change, changePercent, Double.NaN, Double.NaN,
                    fixedBasis, fixed);
        }
        double threshold = floor;
        String basis = floorText;
        if (!Double.isNaN(noise) && sigmas * noise > threshold) {
            threshold = sigmas * noise;
            basis = Format.number(sigmas) + " \u03c3 (" + how + ", " + (spreadMeasured() ? "Student's t, " + Format.number(dof)
                    + " dof" : "normal") + "), \u03c3 = " + Format.number(noise) + " " + metric.unit() + " (" + noiseSource + ")";
        }
        // The known run-to-run spread as a change in the metric's unit: a factor e^(sigmas * logNoise) up, or its
        // inverse down, whichever way this change goes (the normal quantile of the same level: its dof are infinite).
        double logThreshold = Double.isNaN(logNoise) ? Double.NaN
                : baseline * (change >= 0 ? Math.expm1(sigmas * logNoise) : -Math.expm1(-sigmas * logNoise));
        if (logThreshold > threshold) {
            threshold = logThreshold;
            basis = "a factor " + Format.number(Math.exp(sigmas * logNoise)) + " = e^(" + Format.number(sigmas) + " \u03c3) ("
                    + how + ", normal), \u03c3 = " + Format.number(logNoise) + " in ln(value) (the run-to-run spread "
                    + "measured on identical runs; " + (baselines.length == 1 ? "one baseline" : baselines.length + " baselines")
                    + " cannot show it: give " + MIN_BASELINES_FOR_SPREAD + ")";
        }
        boolean noiseKnown = !Double.isNaN(noise) || !Double.isNaN(logNoise);
        if (!noiseKnown) {
            basis += " (noise unknown)";
        }
        // Beyond chance (the rule's decision) and beyond the floor: a change smaller than the floor is never called.
        String verdict = (rejected || !noiseKnown) && Math.abs(change) > floor
                ? (towardWorse() ? MetricVerdict.WORSE : MetricVerdict.BETTER) : MetricVerdict.SAME;
        if (verdict.equals(MetricVerdict.SAME) && Math.abs(change) > floor && blind(threshold)) {
            // "Same" says a fall would have been seen; with a threshold of the whole baseline none could be. Within the
            // floor the change is "same" whatever the noise (a run against a copy of itself on a starved host).
            return new MetricVerdict(metric, baseline, baselines, candidate, change, changePercent, noiseKnown ? level : Double.NaN,
                    threshold, "too noisy: the threshold \u00b1" + Format.number(threshold) + " " + metric.unit() + " reaches the "
                    + "baseline's " + Format.number(baseline) + " " + metric.unit() + ", so no fall could be told from chance ("
                    + basis + ")", MetricVerdict.NOT_JUDGED);
        }
        return new MetricVerdict(metric, baseline, baselines, candidate, change, changePercent,
                noiseKnown ? level : Double.NaN, threshold, basis, verdict);
    }
}
