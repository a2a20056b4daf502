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
    /** How many standard deviations of noise a change must exceed to count, when the spread is not measured. */
    static final double SIGMAS = 3;
    /** From this many baselines on, their run-to-run spread is taken as measured (Student's t, narrow floors). */
    static final int MIN_BASELINES_FOR_SPREAD = 5;
    /** With fewer baselines the floors are this many times wider. */
    static final double UNMEASURED_FLOOR_FACTOR = 2;
    /** Student's t, 99.5 % one-sided (a false "worse" once in 200 per metric), for 1 to 15 degrees of freedom. */
    private static final double[] T995 = {63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.250, 3.169, 3.106,
        3.055, 3.012, 2.977, 2.947};

    /** Student's t quantile 0.995 for {@code dof} degrees of freedom (Cornish-Fisher beyond the table). */
    static double tQuantile995(int dof) {
        if (dof < 1) {
            return Double.NaN;
        }
        if (dof <= T995.length) {
            return T995[dof - 1];
        }
        double z = 2.5758293;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        return z + (z3 + z) / (4.0 * dof) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * dof * dof);
    }

    /**
     * Judges one metric.
     *
     * @param baselines      the baselines' values (NaN where one lacks it)
     * @param baselineNoise  each baseline's spread between its slices (NaN when unknown)
     * @param candidateNoise the run's spread between its slices
     * @param relativeFloor  the smallest relative change that counts (the metric's own unless overridden)
     * @return the verdict, or null when neither side has the metric
     */
    static MetricVerdict judge(Metric m, double[] baselines, double[] baselineNoise, double candidate,
                               double candidateNoise, double relativeFloor) {
        if (!m.minusOneIsNever()) {
            return judgeValues(m, baselines, baselines, baselineNoise, candidate, candidateNoise, relativeFloor);
        }
        // An outage: -1 (the flow never resumed) is worse than any duration.
        boolean baseNever = java.util.Arrays.stream(baselines).allMatch(v -> v == -1);
        boolean candNever = candidate == -1;
        if (!baseNever && !candNever) {
            // Baselines that never resumed leave the mean and the spread; the others compare as durations.
            double[] resumed = java.util.Arrays.stream(baselines).map(v -> v == -1 ? Double.NaN : v).toArray();
            return judgeValues(m, baselines, resumed, baselineNoise, candidate, candidateNoise, relativeFloor);
        }
        if (Double.isNaN(candidate)) {
            return new MetricVerdict(m, -1, baselines, candidate, Double.NaN, Double.NaN, Double.NaN, "this run has no value", MISSING);
        }
        String verdict = baseNever && candNever ? SAME : candNever ? WORSE : BETTER;
        return new MetricVerdict(m, baseNever ? -1 : Spread.mean(baselines), baselines, candidate, Double.NaN, Double.NaN,
                Double.NaN, "-1: the flow never resumed", verdict);
    }

    /**
     * Judges values: {@code values} are the baselines' figures to compare with (NaN left out), {@code baselines}
     * what the verdict reports of them.
     */
    private static MetricVerdict judgeValues(Metric m, double[] baselines, double[] values, double[] baselineNoise,
                                             double candidate, double candidateNoise, double relativeFloor) {
        double base = Spread.mean(values);
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
        int k = (int) java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)).count();
        // How much the figure moves between runs: the measured run-to-run spread when there are baselines enough, and
        // never less than it moves between slices of one run (a run-level change, e.g. another JIT outcome or a busy
        // machine, is invisible inside one run, so one baseline cannot show it).
        double runToRun = k >= 2 ? Spread.standardDeviation(values) * Math.sqrt(1 + 1.0 / k) : Double.NaN;
        double nb = Spread.mean(baselineNoise);
        double within = Double.isNaN(nb) ? candidateNoise : Double.isNaN(candidateNoise) ? nb : Math.hypot(nb, candidateNoise);
        double noise = Double.isNaN(runToRun) ? within : Double.isNaN(within) ? runToRun : Math.max(runToRun, within);
        boolean measured = k >= MIN_BASELINES_FOR_SPREAD;
        double sigmas = measured ? tQuantile995(k - 1) : SIGMAS;
        // Until the spread is measured on enough runs, only a wide change counts.
        double factor = measured ? 1 : UNMEASURED_FLOOR_FACTOR;
        double relativePart = factor * relativeFloor * Math.abs(base);
        double absolutePart = factor * m.absoluteFloor();
        double floor = Math.max(relativePart, absolutePart);
        double threshold = floor;
        String basis;
        if (!Double.isNaN(noise) && sigmas * noise > floor) {
            threshold = sigmas * noise;
            basis = Format.number(sigmas) + " \u03c3, \u03c3 = " + Format.number(noise) + " " + m.unit() + " ("
                    + (noise == runToRun ? "run-to-run spread of " + k + " baselines" : "spread between slices of the runs") + ")";
        } else {
            boolean absolute = base == 0 || (m.absoluteFloor() > 0 && absolutePart >= relativePart);
            basis = "floor " + (absolute ? Format.number(floor) + " " + m.unit()
                    : Format.number(floor / Math.abs(base) * 100) + " % of the baseline");
            if (!measured) {
                basis += " (" + (k == 1 ? "one baseline" : k + " baselines") + ": wide until " + MIN_BASELINES_FOR_SPREAD
                        + " show the spread)";
            }
        }
        double change = candidate - base;
        String verdict = Math.abs(change) <= threshold ? SAME : (change > 0) == m.higherIsBetter() ? BETTER : WORSE;
        return new MetricVerdict(m, base, baselines, candidate, change, base == 0 ? Double.NaN : 100 * change / base,
                threshold, basis, verdict);
    }

    boolean isRegression() {
        return WORSE.equals(verdict) || MISSING.equals(verdict);
    }
}
