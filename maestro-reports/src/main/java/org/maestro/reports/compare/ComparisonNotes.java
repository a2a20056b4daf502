package org.maestro.reports.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.maestro.reports.Json;
import org.maestro.reports.RunDirectory;
import org.maestro.results.LoadParameters;
import org.maestro.results.Summary;

/** What a {@link Comparison} says about its runs before any figure: a load that differs, parameters, routes, verdicts. */
final class ComparisonNotes {
    private ComparisonNotes() {
    }

    /** Why the run's load differs from every baseline's, or null when it is the same as some baseline's. */
    static String notComparable(RunDirectory run, List<RunDirectory> bases) {
        List<String> first = null;
        for (RunDirectory b : bases) {
            List<String> d = LoadParameters.differences(b.summary.parameters(), run.summary.parameters());
            if (d.isEmpty()) {
                return null;
            }
            first = first == null ? d : first;
        }
        return "the load differs from " + (bases.size() == 1 ? "the baseline's" : "every baseline's") + " ("
                + String.join("; ", first) + "): its figures cannot say whether the SUT got better or worse";
    }

    /** What makes the runs hard to compare: different tests, parameters, or a run that did not complete. */
    static List<String> notes(RunDirectory run, List<RunDirectory> bases) {
        List<String> notes = new ArrayList<>();
        String name = run.summary.name();
        // One line per distinct difference, naming the baselines it applies to (often all of them).
        Map<String, List<String>> differing = new LinkedHashMap<>();
        for (RunDirectory b : bases) {
            String label = b.dir.getFileName().toString();
            if (!Objects.equals(name, b.summary.name())) {
                notes.add("baseline " + label + " is test '" + b.summary.name() + "', this run is '" + name + "'");
            }
            List<String> differences = new ArrayList<>();
            Map<String, Object> mine = run.summary.parameters();
            Map<String, Object> theirs = b.summary.parameters();
            Set<String> keys = new TreeSet<>();
            keys.addAll(mine.keySet());
            keys.addAll(theirs.keySet());
            for (String k : keys) {
                if (!Objects.equals(comparable(mine.get(k)), comparable(theirs.get(k)))) {
                    differences.add(k + " " + text(theirs.get(k)) + " \u2192 " + text(mine.get(k)));
                }
            }
            if (!differences.isEmpty()) {
                differing.computeIfAbsent(String.join("; ", differences), d -> new ArrayList<>()).add(label);
            }
            if (!Summary.PASSED.equals(b.summary.verdict())) {
                notes.add("baseline " + label + " did not pass (" + Objects.requireNonNullElse(b.summary.verdict(), "?") + ")");
            }
        }
        differing.forEach((what, labels) -> notes.add("parameters differ from " + (labels.size() == bases.size() && labels.size() > 1
                ? "all " + labels.size() + " baselines" : "baseline " + String.join(", ", labels)) + ": " + what));
        notes.addAll(routeNotes(run, bases.get(0)));
        if (Summary.ERROR.equals(run.summary.verdict())) {
            notes.add("this run ended in error: its figures may be incomplete");
        }
        if (Summary.INTERRUPTED.equals(run.summary.verdict())) {
            notes.add("this run was interrupted: its figures cover only the part of the test that ran");
        }
        return notes;
    }

    /** A route of one run that the other lacks (by name) is compared with nothing: said, not judged. */
    static List<String> routeNotes(RunDirectory run, RunDirectory baseline) {
        List<String> mine = Metric.routeNames(run.summary);
        List<String> theirs = Metric.routeNames(baseline.summary);
        List<String> notes = new ArrayList<>();
        String label = baseline.dir.getFileName().toString();
        mine.stream().filter(r -> !theirs.contains(r)).forEach(r -> notes.add("route " + r + " is not in baseline " + label
                + ": not compared"));
        theirs.stream().filter(r -> !mine.contains(r)).forEach(r -> notes.add("route " + r + " of baseline " + label
                + " is not in this run: not compared"));
        return notes;
    }

    /**
     * A parameter as compared: JSON objects regardless of key order, and loopback ports left out (an embedded SUT
     * listens on a new free port every run; that is no difference between the runs).
     */
    private static String comparable(Object n) {
        if (n == null) {
            return null;
        }
        try {
            String canonical = SORTED_KEYS.writeValueAsString(n);
            return LOOPBACK_PORT.matcher(canonical).replaceAll("$1:*");
        } catch (JsonProcessingException e) {
            return n.toString();
        }
    }

    private static final ObjectMapper SORTED_KEYS = Json.MAPPER.copy()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    private static final Pattern LOOPBACK_PORT = Pattern.compile("(127\\.0\\.0\\.1|localhost|\\[::1\\]):\\d+");

    private static String text(Object n) {
        if (n == null) {
            return "(none)";
        }
        try {
            return n instanceof String t ? t : Json.MAPPER.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            return n.toString();
        }
    }
}
