package org.maestro.reports;

/**
 * One metric of a run against its baseline(s): the change and whether it is better, the same or worse. A change is
 * "same" while it stays within the threshold: three times the noise of the difference (from the run-to-run spread
 * of several baselines, else from the spread of each run's slices), and never less than the metric's floors.
 *
 * @param baseline      the baseline's value (the mean of several baselines'); -1 "never" for an outage
 * @param change        candidate - baseline, in the metric's unit
 * @param changePercent the change relative to the baseline (NaN when the baseline is 0)
 * @param basis         how the threshold was set, in words
 * @param verdict       better, same, worse, missing (the run lacks a figure its baseline had) or new (the
 *                      baseline lacks it: not judged)
 */
record MetricVerdict(Metric metric, double baseline, double[] baselines, double candidate, double change,
                     double changePercent, double threshold, String basis, String verdict) {
    static final String BETTER = "better";
    static final String SAME = "same";
    static final String WORSE = "worse";
    static final String MISSING = "missing";
    static final String NEW = "new";
    /** How many standard deviations of noise a change must exceed to count. */
    static final double SIGMAS = 3;

    /**
     * Judges one metric.
     *
     * @param baselines      the baselines' values (NaN where one lacks it)
     * @param baselineNoise  each baseline's noise from its slices (NaN when unknown); used with a single baseline
     * @param candidateNoise the run's noise from its slices
     * @param relativeFloor  the smallest relative change that counts (the metric's own unless overridden)
     * @return the verdict, or null when neither side has the metric
     */
    static MetricVerdict judge(Metric m, double[] baselines, double[] baselineNoise, double candidate,
                               double candidateNoise, double relativeFloor) {
        if (m.minusOneIsNever()) {
            return judgeNever(m, baselines, candidate, relativeFloor, baselineNoise, candidateNoise);
        }
        double base = Spread.mean(baselines);
        if (Double.isNaN(base) && Double.isNaN(candidate)) {
            return null;
        }
        if (Double.isNaN(candidate)) {
            return new MetricVerdict(m, base, baselines, candidate, Double.NaN, Double.NaN, Double.NaN,
                    "this run has no value", MISSING);
        }
        if (Double.isNaN(base)) {
            return new MetricVerdict(m, base, baselines, candidate, Double.NaN, Double.NaN, Double.NaN,
                    "the baseline has no value", NEW);
        }
        int k = (int) java.util.Arrays.stream(baselines).filter(v -> !Double.isNaN(v)).count();
        double noise;
        String noiseBasis;
        if (k >= 2) {
            // A new run differs from the mean of k runs by the run-to-run spread, plus the mean's own uncertainty.
            noise = Spread.standardDeviation(baselines) * Math.sqrt(1 + 1.0 / k);
            noiseBasis = "run-to-run spread of " + k + " baselines";
        } else {
            double nb = baselineNoise.length == 0 ? Double.NaN : baselineNoise[0];
            noise = Double.isNaN(nb) ? candidateNoise : Double.isNaN(candidateNoise) ? nb : Math.hypot(nb, candidateNoise);
            noiseBasis = "spread within the runs (" + RunFigures.SLICES + " slices each)";
        }
        double floor = Math.max(relativeFloor * Math.abs(base), m.absoluteFloor());
        double threshold = floor;
        String basis;
        if (!Double.isNaN(noise) && SIGMAS * noise > floor) {
            threshold = SIGMAS * noise;
            basis = "3 \u03c3, \u03c3 = " + Format.number(noise) + " " + m.unit() + " (" + noiseBasis + ")";
        } else {
            basis = floor == m.absoluteFloor() && m.absoluteFloor() > 0
                    ? "floor " + Format.number(m.absoluteFloor()) + " " + m.unit()
                    : "floor " + Format.number(relativeFloor * 100) + " % of the baseline";
            if (Double.isNaN(noise)) {
                basis += " (runs too short to measure their spread)";
            }
        }
        double change = candidate - base;
        String verdict = Math.abs(change) <= threshold ? SAME : (change > 0) == m.higherIsBetter() ? BETTER : WORSE;
        return new MetricVerdict(m, base, baselines, candidate, change, base == 0 ? Double.NaN : 100 * change / base,
                threshold, basis, verdict);
    }

    /** An outage: -1 (the flow never resumed) is worse than any duration; durations compare as usual. */
    private static MetricVerdict judgeNever(Metric m, double[] baselines, double candidate, double relativeFloor,
                                            double[] baselineNoise, double candidateNoise) {
        boolean baseNever = java.util.Arrays.stream(baselines).allMatch(v -> v == -1);
        boolean candNever = candidate == -1;
        if (!baseNever && !candNever) {
            double[] resumed = java.util.Arrays.stream(baselines).map(v -> v == -1 ? Double.NaN : v).toArray();
            Metric plain = new Metric(m.name(), m.unit(), m.higherIsBetter(), m.pointer(), m.countPointer(),
                    m.relativeFloor(), m.absoluteFloor(), m.window(), m.averaged(), false);
            MetricVerdict v = judge(plain, resumed, baselineNoise, candidate, candidateNoise, relativeFloor);
            return v == null ? null : new MetricVerdict(m, v.baseline, baselines, candidate, v.change, v.changePercent,
                    v.threshold, v.basis, v.verdict);
        }
        if (Double.isNaN(candidate)) {
            return new MetricVerdict(m, -1, baselines, candidate, Double.NaN, Double.NaN, Double.NaN, "this run has no value", MISSING);
        }
        String verdict = baseNever && candNever ? SAME : candNever ? WORSE : BETTER;
        return new MetricVerdict(m, baseNever ? -1 : Spread.mean(baselines), baselines, candidate, Double.NaN, Double.NaN,
                Double.NaN, "-1: the flow never resumed", verdict);
    }

    boolean isRegression() {
        return WORSE.equals(verdict) || MISSING.equals(verdict);
    }
}
