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
 *                      {@link #NOT_JUDGED}) or inconclusive (not called worse or better, but a change of the size that
 *                      counts could not have been told from the noise: {@link #INCONCLUSIVE})
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
    /**
     * A headline metric the rule did not call better or worse, whose smallest detectable change ({@link DetectableChange},
     * at the level it would be held to moving alone) is above the floor the comparison applies to it: the runs cannot tell
     * a change of the size that counts from their noise, so "same" would be a guess. More runs bring it down
     * ({@code --repeat-inconclusive}); unlike {@link #NOT_JUDGED}, the metric was judged, by the rule, on known noise.
     */
    public static final String INCONCLUSIVE = "inconclusive";

    boolean isRegression() {
        return WORSE.equals(verdict) || MISSING.equals(verdict);
    }

    boolean isNotJudged() {
        return NOT_JUDGED.equals(verdict);
    }

    boolean isInconclusive() {
        return INCONCLUSIVE.equals(verdict);
    }

    /** This verdict as inconclusive, saying why before how its threshold was set. */
    MetricVerdict inconclusive(String why) {
        return new MetricVerdict(metric, baseline, baselines, candidate, change, changePercent, level, threshold,
                why + "; " + basis, INCONCLUSIVE);
    }
}
