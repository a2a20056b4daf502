package org.maestro.reports.compare;

/**
 * One metric of a run against its baseline(s): the change and whether it is better, the same or worse. A change is
 * "same" while it stays within the threshold: the multiple of its noise that the comparison's {@link FalseAlarmRule}
 * set for this metric (so that the whole comparison, not each metric, rarely calls an unchanged system worse), and
 * never less than the metric's floor. See {@link MetricChange} for how the noise and the floor are measured.
 *
 * @param baseline      the baseline's value (the mean of several baselines'); -1 "never" for an outage
 * @param change        candidate - baseline, in the metric's unit
 * @param changePercent the change relative to the baseline (NaN when the baseline is 0)
 * @param level         the one-sided false-alarm rate this metric was held to after the correction, in the direction
 *                      of its change (NaN when no noise was known and the floor alone decided)
 * @param threshold     the change that counts, in the metric's unit, after the correction
 * @param basis         how the threshold was set, in words
 * @param verdict       better, same, worse, missing (the run lacks a figure its baseline had) or new (the
 *                      baseline lacks it: nothing to compare) or not judged (too few samples or too noisy to see a fall:
 *                      {@link #NOT_JUDGED})
 */
public record MetricVerdict(Metric metric, double baseline, double[] baselines, double candidate, double change,
                     double changePercent, double level, double threshold, String basis, String verdict) {
    static final String BETTER = "better";
    static final String SAME = "same";
    static final String WORSE = "worse";
    static final String MISSING = "missing";
    static final String NEW = "new";
    /**
     * Neither same nor changed: the runs cannot show how much the figure moves by chance (too few samples), or its
     * noise is so large that no fall could be seen. Never "same": the nightly fails on it, saying why.
     */
    static final String NOT_JUDGED = "not judged";

    boolean isRegression() {
        return WORSE.equals(verdict) || MISSING.equals(verdict);
    }

    boolean isNotJudged() {
        return NOT_JUDGED.equals(verdict);
    }
}
