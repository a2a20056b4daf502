package org.maestro.results.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.ActionResult;
import org.maestro.results.BuildTags;
import org.maestro.results.Summary;

/**
 * Reads a runs directory into a {@link History}: every run directory's summary.json, grouped by test name, each test's
 * runs in the order they started; each headline metric's series and its change points.
 */
public final class HistoryScan {
    private HistoryScan() {
    }

    /** A run directory's summary as read, with where it came from. */
    private record Read(String dir, Summary summary, Instant start) {
    }

    /**
     * The history of every test in {@code runsDir}, or of the test named {@code test} alone (null: all).
     *
     * @throws IOException          when the directory cannot be listed
     * @throws IllegalArgumentException naming what is wrong: not a directory, no such test, no run at all
     */
    public static History of(Path runsDir, String test) throws IOException {
        if (!Files.isDirectory(runsDir)) {
            throw new IllegalArgumentException(runsDir + " is not a directory of runs");
        }
        List<String> notes = new ArrayList<>();
        Map<String, List<Read>> byTest = new TreeMap<>();
        List<Path> dirs;
        try (Stream<Path> listed = Files.list(runsDir)) {
            dirs = listed.filter(d -> Files.isDirectory(d) && !Files.isSymbolicLink(d))
                    .filter(d -> !d.getFileName().toString().startsWith(".")).sorted().toList();
        }
        for (Path dir : dirs) {
            read(dir, notes).ifPresent(r -> byTest.computeIfAbsent(r.summary().name(), n -> new ArrayList<>()).add(r));
        }
        if (test != null) {
            if (!byTest.containsKey(test)) {
                throw new IllegalArgumentException("no run of test '" + test + "' in " + runsDir
                        + (byTest.isEmpty() ? "" : " (its tests: " + String.join(", ", byTest.keySet()) + ")"));
            }
            byTest.keySet().retainAll(List.of(test));
        }
        List<History.TestHistory> tests = new ArrayList<>();
        byTest.forEach((name, runs) -> tests.add(testHistory(name, runs)));
        return new History(runsDir.toString(), History.METHOD, tests, notes);
    }

    /** The run in {@code dir} when it measured something; else a note says why it is left out. */
    private static Optional<Read> read(Path dir, List<String> notes) {
        String name = dir.getFileName().toString();
        Path file = dir.resolve(RunLayout.SUMMARY_JSON);
        if (!Files.isRegularFile(file)) {
            notes.add(name + ": no " + RunLayout.SUMMARY_JSON + ", skipped");
            return Optional.empty();
        }
        Summary s;
        try {
            s = Summary.read(file);
        } catch (IOException e) {
            notes.add(name + ": skipped, " + e.getMessage());
            return Optional.empty();
        }
        if (s.totals() == null || !(Summary.PASSED.equals(s.verdict()) || Summary.FAILED.equals(s.verdict()))) {
            notes.add(name + ": " + s.verdict() + ", measured nothing to follow, skipped");
            return Optional.empty();
        }
        Instant start;
        try {
            start = Instant.parse(s.start());
        } catch (DateTimeParseException | NullPointerException e) {
            notes.add(name + ": no readable start in its " + RunLayout.SUMMARY_JSON + ", skipped");
            return Optional.empty();
        }
        return Optional.of(new Read(name, s.name() == null ? s.toBuilder().name("").build() : s, start));
    }

    private static History.TestHistory testHistory(String name, List<Read> reads) {
        List<Read> ordered = reads.stream().sorted(Comparator.comparing(Read::start).thenComparing(Read::dir)).toList();
        List<History.Run> runs = ordered.stream()
                .map(r -> new History.Run(r.dir(), BuildTags.build(r.summary().build()), r.summary().start())).toList();
        List<History.Series> series = new ArrayList<>();
        for (HeadlineMetric metric : HeadlineMetric.values()) {
            series(metric, null, runs, ordered.stream().map(r -> metric.valueIn(r.summary().totals())).toList())
                    .ifPresent(series::add);
        }
        series.addAll(outages(ordered, runs));
        // A test of one route has its figures once, as the run's (as the comparison judges them).
        List<String> routes = ordered.stream().filter(r -> r.summary().routes().size() >= 2)
                .flatMap(r -> r.summary().routes().stream().map(Summary.RouteResult::name)).distinct().toList();
        for (String route : routes) {
            for (HeadlineMetric metric : HeadlineMetric.values()) {
                List<Double> values = ordered.stream().map(r -> {
                    Summary.RouteResult of = r.summary().route(route);
                    return of == null ? null : metric.valueIn(of.totals());
                }).toList();
                series(metric, route, runs, values).ifPresent(series::add);
            }
        }
        return new History.TestHistory(name, runs, series);
    }

    /**
     * The outage after each agent action, by its place in the plan and named as the comparison names it (by the latest
     * run's handler there); a flow that never resumed (-1) has no length to follow: unknown, as a run without it.
     */
    private static List<History.Series> outages(List<Read> ordered, List<History.Run> runs) {
        List<History.Series> series = new ArrayList<>();
        int actions = ordered.stream().mapToInt(r -> r.summary().actions().size()).max().orElse(0);
        for (int i = 0; i < actions; i++) {
            int at = i;
            List<Double> values = ordered.stream().map(r -> {
                Long outage = at < r.summary().actions().size() ? r.summary().actions().get(at).outageMillis() : null;
                return outage == null || outage < 0 ? null : outage.doubleValue();
            }).toList();
            String handler = ordered.stream().map(r -> r.summary().actions()).filter(a -> at < a.size())
                    .reduce((a, b) -> b).map(a -> a.get(at).handler()).orElse("");
            series(ActionResult.outageLabel(i, handler), null, "ms", false, runs, values).ifPresent(series::add);
        }
        return series;
    }

    /** The series of {@code values} (one per run, null unknown) with its change points; empty when no run measured it. */
    static Optional<History.Series> series(HeadlineMetric metric, String route, List<History.Run> runs, List<Double> values) {
        return series(metric.label(), route, metric.unit(), metric.higherIsBetter(), runs, values);
    }

    private static Optional<History.Series> series(String label, String route, String unit, boolean higherIsBetter,
                                                   List<History.Run> runs, List<Double> values) {
        List<Integer> known = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null && Double.isFinite(values.get(i))) {
                known.add(i);
            }
        }
        if (known.isEmpty()) {
            return Optional.empty();
        }
        double[] x = known.stream().mapToDouble(values::get).toArray();
        List<History.ChangePoint> points = new ArrayList<>();
        for (ChangePoints.Shift shift : ChangePoints.of(x)) {
            int index = known.get(shift.index());
            History.Run run = runs.get(index);
            double percent = shift.percent();
            points.add(new History.ChangePoint(run.run(), run.build(), run.start(), index, runs.size() - 1 - index,
                    shift.before(), shift.after(), Double.isNaN(percent) ? null : percent, shift.confidence()));
        }
        return Optional.of(new History.Series(label, route, unit, higherIsBetter, values, points));
    }
}
