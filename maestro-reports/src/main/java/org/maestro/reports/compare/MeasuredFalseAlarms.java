package org.maestro.reports.compare;

import java.util.ArrayList;
import java.util.List;

import org.maestro.results.ComparisonJson;
import org.maestro.results.Format;

/**
 * The rule's false alarms measured on the baselines themselves, by leave-one-out: each of the k baselines is judged
 * against the other k - 1 by the same rule (same floors, same family), as tonight's run is judged against all k. The
 * baselines are runs of an unchanged system, so every "worse" or "better" called there is a false alarm: what the rule
 * would call tonight by chance, measured with these runs' own noise instead of assumed. k comparisons show a rate no
 * finer than 1/k.
 *
 * @param comparisons the leave-one-out comparisons (k)
 * @param anyWorse    those that called any metric worse
 * @param anyBetter   those that called any metric better
 * @param verdicts    the metric-verdicts they gave in all
 * @param worse       of them, "worse"
 * @param better      of them, "better"
 */
record MeasuredFalseAlarms(int comparisons, int anyWorse, int anyBetter, int verdicts, int worse, int better) {
    /** The fewest baselines leave-one-out needs: each judged against at least two others (a spread between them). */
    static final int MIN_BASELINES = 3;

    /**
     * The false alarms {@code rule} gives on {@code leaveOneOut} (each baseline's changes against the others, one list per
     * baseline); null when there are none (fewer than {@value #MIN_BASELINES} baselines).
     */
    static MeasuredFalseAlarms of(FalseAlarmRule rule, List<List<MetricChange>> leaveOneOut) {
        if (leaveOneOut.isEmpty()) {
            return null;
        }
        int anyWorse = 0;
        int anyBetter = 0;
        int verdicts = 0;
        int worse = 0;
        int better = 0;
        for (List<MetricChange> changes : leaveOneOut) {
            List<MetricVerdict> judged = rule.judge(changes);
            long w = judged.stream().filter(v -> MetricVerdict.WORSE.equals(v.verdict())).count();
            long b = judged.stream().filter(v -> MetricVerdict.BETTER.equals(v.verdict())).count();
            anyWorse += w > 0 ? 1 : 0;
            anyBetter += b > 0 ? 1 : 0;
            verdicts += judged.size();
            worse += (int) w;
            better += (int) b;
        }
        return new MeasuredFalseAlarms(leaveOneOut.size(), anyWorse, anyBetter, verdicts, worse, better);
    }

    /**
     * Each baseline's changes against the other baselines, metric by metric as tonight's are against all of them (same
     * floors): the runs {@link MeasuredFalseAlarms} judges. Empty with fewer than {@value #MIN_BASELINES}.
     */
    static List<List<MetricChange>> leaveOneOut(List<Metric> metrics, List<RunFigures> baselines, Double minChange) {
        if (baselines.size() < MeasuredFalseAlarms.MIN_BASELINES) {
            return List.of();
        }
        List<List<Comparison.Reading>> readings = baselines.stream().map(f -> metrics.stream().map(m -> Comparison.Reading.of(f, m)).toList()).toList();
        List<List<MetricChange>> out = new ArrayList<>();
        for (int left = 0; left < baselines.size(); left++) {
            List<MetricChange> changes = new ArrayList<>();
            for (int j = 0; j < metrics.size(); j++) {
                List<Comparison.Reading> others = new ArrayList<>();
                for (int i = 0; i < baselines.size(); i++) {
                    if (i != left) {
                        others.add(readings.get(i).get(j));
                    }
                }
                MetricChange change = Comparison.change(metrics.get(j), others, readings.get(left).get(j), minChange);
                if (change != null) {
                    changes.add(change);
                }
            }
            out.add(changes);
        }
        return out;
    }

    /** The share of comparisons that called something worse: the measured counterpart of the rule's rate. */
    double worseRate() {
        return (double) anyWorse / comparisons;
    }

    /** The figures and how they were measured, in words (the console and comparison.html print it). */
    String text() {
        int k = comparisons;
        return "measured false alarms: " + anyWorse + " of " + k + " comparisons (" + Format.number(100 * worseRate())
                + " %) called something worse, " + anyBetter + " something better; " + worse + " worse and " + better
                + " better of " + verdicts + " metric verdicts. Measured by leave-one-out on the baselines, runs of an "
                + "unchanged system: each of the " + k + " judged against the other " + (k - 1) + " by this same rule, so every "
                + "worse or better there is a false alarm; " + k + " comparisons cannot show a rate below " + Format.number(100.0 / k)
                + " %";
    }

    ComparisonJson.MeasuredFalseAlarms toJson() {
        return new ComparisonJson.MeasuredFalseAlarms(comparisons, anyWorse, anyBetter, verdicts, worse, better, text());
    }
}
