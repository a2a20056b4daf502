package org.maestro.results.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import org.maestro.results.ResultsJson;

/**
 * What {@code maestro history RUNS_DIR --json} gives a pipeline: each test's runs in time order, each headline metric's
 * series over them, and the change points {@link ChangePoints} found in it. Written through the results' mapper, as
 * summary.json is.
 *
 * @param runs   the runs directory read
 * @param method how the change points were found, in words
 * @param tests  one per test name, in the order of their names
 * @param notes  what was skipped and why (a directory without summary.json, a run that measured nothing)
 */
public record History(String runs, String method, List<TestHistory> tests, List<String> notes) {
    public static final String METHOD = "E-divisive means (Matteson & James 2014) as Apache Otava does it: split where the"
            + " energy statistic is largest, kept when a two-sided t-test of the two sides gives p <= " + ChangePoints.MAX_P
            + ", windows of " + ChangePoints.WINDOW + " runs, at least " + ChangePoints.MIN_SIZE + " runs a side";

    public History {
        tests = tests == null ? List.of() : List.copyOf(tests);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * One test's history.
     *
     * @param name   the test's name (summary.json's {@code name})
     * @param runs   its runs that measured something, oldest first
     * @param series one per headline metric the runs measured, of the whole run, then of each route of a test with
     *               several
     */
    public record TestHistory(String name, List<Run> runs, List<Series> series) {
        public TestHistory {
            runs = runs == null ? List.of() : List.copyOf(runs);
            series = series == null ? List.of() : List.copyOf(series);
        }
    }

    /**
     * A run of the history.
     *
     * @param run   its directory's name
     * @param build its build ({@code --tag build=}); null when it names none
     * @param start when it started (summary.json's {@code start})
     */
    public record Run(String run, @JsonInclude(JsonInclude.Include.NON_NULL) String build, String start) {
        /** "build 412", else the directory's name: how a run is named to people. */
        public String label() {
            return build == null ? run : "build " + build;
        }
    }

    /**
     * One metric over the runs.
     *
     * @param metric       as the comparison names it ("response time p99")
     * @param route        the route's name; null for the whole run's
     * @param values       one per run of the test, in its order; null where a run did not measure it
     * @param changePoints where it shifted, oldest first
     */
    public record Series(String metric, @JsonInclude(JsonInclude.Include.NON_NULL) String route, String unit,
                         boolean higherIsBetter, List<Double> values, List<ChangePoint> changePoints) {
        public Series {
            values = values == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(values));   // nulls: unknown
            changePoints = changePoints == null ? List.of() : List.copyOf(changePoints);
        }

        /** "response time p99", or "route east: response time p99" as the comparison says it. */
        public String label() {
            return route == null ? metric : "route " + route + ": " + metric;
        }
    }

    /**
     * A point where a series shifts.
     *
     * @param run           the first run after the shift (its directory), with its build and start
     * @param index         that run's place in the test's runs
     * @param runsAgo       how many runs of the test came after it (0: the latest run)
     * @param before        the mean from the previous change point (or the first run) up to it
     * @param after         the mean from it up to the next change point (or the latest run)
     * @param changePercent after against before, %; null when before is 0
     * @param confidence    1 − the t-test's p
     */
    public record ChangePoint(String run, @JsonInclude(JsonInclude.Include.NON_NULL) String build, String start,
                              int index, int runsAgo, double before, double after, Double changePercent,
                              double confidence) {
        /** "build 412", else the run's directory name. */
        public String label() {
            return new Run(run, build, start).label();
        }

        /** "-50 % at build 411, confidence 99.9 %": the shift in words, as the runs index marks it. */
        public String text() {
            return (changePercent == null ? "changed" : HistoryTable.signed(changePercent) + " %") + " at " + label()
                    + ", confidence " + HistoryTable.confidence(confidence);
        }
    }

    /** The test named {@code name}, or null. */
    public TestHistory test(String name) {
        return tests.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }

    public static History read(Path file) throws IOException {
        return ResultsJson.read(file, History.class);
    }

    /** This history as the JSON {@code --json} prints. */
    public String toJson() throws IOException {
        return ResultsJson.MAPPER.writeValueAsString(this);
    }
}
