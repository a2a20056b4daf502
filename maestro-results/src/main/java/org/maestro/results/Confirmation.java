package org.maestro.results;

import java.util.List;
import java.util.Locale;

/**
 * A confirmation run: the test at {@code rate} for {@code durationSeconds}, with its own warm-up, from the state a
 * user's {@code maestro run} starts in, judged as a step is.
 *
 * @param start   that state, in words: "a cold start" (a fresh JVM with a fresh embedded broker, as a
 *                {@code --local} run has) or "the same long-running workers" (a remote cluster)
 * @param figures its run and figures, as a step's ({@link Incremental.Step#CONFIRM}); {@code figures.passed()} says whether it held
 */
public record Confirmation(long rate, double durationSeconds, String start, Incremental.Step figures) {
    /** Whether the rate held for the whole run. */
    public boolean held() {
        return figures != null && figures.sustainable() != null && figures.sustainable();
    }

    /** "16500 msg/s for 30 s from a cold start". */
    public String text() {
        return String.format(Locale.ROOT, "%d msg/s for %.0f s from %s", rate, durationSeconds, start);
    }

    /**
     * What confirmation runs in order say ({@link Incremental#confirmedText()}): "confirmed at 16500 msg/s for 30 s from a
     * cold start", with the rates that did not hold before it ("; not at 17000 msg/s (why)"), or "not confirmed: ..."
     * when none held; null when none ran.
     */
    static String text(List<Confirmation> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        List<String> failed = runs.stream().filter(c -> !c.held())
                .map(c -> c.rate() + " msg/s" + (c.figures() == null || c.figures().reasons().isEmpty() ? ""
                        : " (" + String.join("; ", c.figures().reasons()) + ")")).toList();
        Confirmation held = runs.stream().filter(Confirmation::held).reduce((a, b) -> b).orElse(null);
        if (held == null) {
            Confirmation last = runs.get(runs.size() - 1);
            return String.format(Locale.ROOT, "not confirmed: %d run(s) of %.0f s from %s did not hold at %s", runs.size(),
                    last.durationSeconds(), last.start(), String.join(", ", failed));
        }
        return "confirmed at " + held.text() + (failed.isEmpty() ? "" : "; not at " + String.join(", ", failed));
    }
}
