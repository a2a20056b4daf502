package org.maestro.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code comparison.json}: a run judged against its baseline runs, as {@code maestro compare} (or {@code run
 * --baseline}) wrote it. Written and read back through this one record and the results' mapper ({@link ResultsJson}),
 * so the junit.xml suite, the report and the runs index read the verdicts the comparison computed, by name and type.
 *
 * @param run      the compared run's directory name
 * @param name     its test's name
 * @param baseline the first baseline's directory name
 * @param verdict  "not comparable", worse, better or same
 * @param method   how each threshold was set, in words
 * @param rule     the false-alarm rule over the whole comparison, with its false alarms measured on the baselines
 * @param notComparable why the run's load differs from every baseline's (its verdict is then "not comparable"); absent
 *                 when it is the same as some baseline's
 * @param steps    the shifts this run continues: a headline metric whose history (in the directory of runs given as
 *                 the baseline) changed at an earlier run and has stayed so up to this one; absent when none
 * @param detectable each headline metric's smallest change toward worse the rule would call with these baselines;
 *                 absent when no headline metric's noise is known
 */
public record ComparisonJson(String run, String name, String baseline, List<BaselineRun> baselines, String verdict,
                             String method, Rule rule, List<MetricResult> metrics, List<String> notes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String notComparable,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Step> steps,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Detectable> detectable) {
    public static final String FILE = "comparison.json";

    public ComparisonJson {
        baselines = baselines == null ? List.of() : List.copyOf(baselines);
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
        notes = notes == null ? List.of() : List.copyOf(notes);
        steps = steps == null ? List.of() : List.copyOf(steps);
        detectable = detectable == null ? List.of() : List.copyOf(detectable);
    }

    /**
     * A metric's smallest detectable change: the change toward worse that the rule would just call, from the
     * baselines' noise and their number (docs/regressions.md gives the formula).
     *
     * @param metric    as the comparison names it
     * @param worse     "fall" (a rate) or "rise" (a latency)
     * @param change    the smallest detectable change, in the metric's unit
     * @param percent   it in % of the baseline
     * @param level     the one-sided false-alarm level it is computed at (Holm's first step: rate / metrics judged)
     * @param floorPercent the metric's floor with baselines enough, %
     * @param baselines the baselines with a value
     * @param needed    the baselines in all that would bring it to the floor, assuming the same noise; absent when it is
     *                  at its floor or no number of baselines would
     * @param text      the line the console prints
     */
    public record Detectable(String metric, String unit, String worse, double change, double percent, double level,
                             double floorPercent, int baselines,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer needed, String text) {
    }

    /**
     * A shift the run continues ({@code maestro history}'s change point of the metric, the latest of its series).
     *
     * @param metric        as the comparison names it ("response time p99", "route east: receive rate")
     * @param since         the first run after the shift: "build 412", else its directory's name
     * @param run           that run's directory
     * @param runsAgo       how many runs came after it, this one included
     * @param changePercent the mean after against the mean before, %; null when the mean before is 0
     * @param confidence    1 − the t-test's p
     * @param text          the line the console prints, e.g. "response time p99 +18 % since build 412 (3 runs ago),
     *                      confidence 99.9 %"
     */
    public record Step(String metric, String since, String run, int runsAgo, Double changePercent, double confidence,
                       String text) {
    }

    /**
     * A baseline run: its directory name, its path from the compared run's, its start and its own verdict, and what it
     * tested ({@link BuildTags}: its build and SUT; absent when it did not say).
     */
    public record BaselineRun(String run, String path, String start, String verdict,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String build,
                              @JsonInclude(JsonInclude.Include.NON_NULL) String sut) {
        /** A baseline that did not say what it tested. */
        public BaselineRun(String run, String path, String start, String verdict) {
            this(run, path, start, verdict, null, null);
        }
    }

    /**
     * @param familyWise     Holm's step-down over the metrics judged, or each metric alone
     * @param falseAlarmRate over the whole comparison when family-wise, else per metric
     * @param metricsJudged  the metrics with a known noise (in the family)
     */
    public record Rule(boolean familyWise, double falseAlarmRate, int metricsJudged, String text,
                       @JsonInclude(JsonInclude.Include.NON_NULL) MeasuredFalseAlarms measured) {
        /** A rule whose false alarms were not measured (fewer than three baselines). */
        public Rule(boolean familyWise, double falseAlarmRate, int metricsJudged, String text) {
            this(familyWise, falseAlarmRate, metricsJudged, text, null);
        }
    }

    /**
     * The rule's false alarms measured on the baselines by leave-one-out: each baseline judged against the others by the
     * same rule; every "worse" or "better" there is a false alarm.
     *
     * @param comparisons the leave-one-out comparisons, one per baseline
     * @param anyWorse    the comparisons that called any metric worse
     * @param anyBetter   the comparisons that called any metric better
     * @param verdicts    the metric-verdicts of all of them
     * @param worse       of those, worse
     * @param better      of those, better
     * @param text        the figures and how they were measured, in words
     */
    public record MeasuredFalseAlarms(int comparisons, int anyWorse, int anyBetter, int verdicts, int worse, int better,
                                      String text) {
    }

    /**
     * One metric's verdict; a number is null where there is none (NaN in the comparison).
     *
     * @param baselines each baseline's value, when there are several (else absent)
     * @param value     this run's value
     * @param level     the one-sided false-alarm rate the rule held it to
     * @param basis     how the threshold was set, in words
     */
    public record MetricResult(String metric, String unit, boolean higherIsBetter, Double baseline,
                               @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> baselines, Double value,
                               Double change, Double changePercent, Double threshold, Double level, String basis,
                               String verdict) {
    }

    /** Reads a run's comparison.json (the file itself), through this same record. */
    public static ComparisonJson read(Path file) throws IOException {
        return ResultsJson.read(file, ComparisonJson.class);
    }
}
