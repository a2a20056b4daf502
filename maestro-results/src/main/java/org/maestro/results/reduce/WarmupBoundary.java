package org.maestro.results.reduce;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.maestro.common.runfiles.TestJson;

/**
 * Where each sender's and receiver's warm-up ends, on the wall clock: what is due before it is warm-up, left out of
 * every figure "after warm-up". A sender's is the end of its own warm-up (its test.json: start + actual warm-up); a
 * receiver's, the earliest of the senders of its own route (a route's receivers measure what its senders send), else
 * the earliest of all senders. 0 when no sender says.
 * <p>That end is on the clock of the sender it comes from, as the due times a receiver reads in its messages are. A
 * receiver's measured span ends at its own last arrival, on its own clock, so the span starts at the boundary moved
 * to the receiver's clock by the two peers' PING offsets ({@link Worker#clockOffsetMicros}).
 */
public final class WarmupBoundary {
    private WarmupBoundary() {
    }

    /**
     * A sender or receiver: its name, role, route (group; null for a single route) and directory.
     *
     * @param clockOffsetMicros its wall clock minus the client's, as its PINGs estimated it; 0 when it reads the
     *                          client's clock or none was estimated
     */
    public record Worker(String name, boolean sender, String route, Path dir, long clockOffsetMicros) {
    }

    /** A worker's boundary on the clock of the sender it comes from, and where its measured span starts on its own. */
    public record Boundary(long dueFromMicros, long spanFromMicros) {
        static final Boundary NONE = new Boundary(0, 0);
    }

    /** Each worker's boundary, by name, of the test.json files already read ({@code tests}, by worker name). */
    public static Map<String, Boundary> of(List<Worker> workers, Map<String, TestJson.Worker> tests) {
        Map<String, Long> ends = new HashMap<>();
        for (Worker w : workers) {
            if (w.sender()) {
                TestJson.Worker t = tests.get(w.name());
                long end = t == null ? 0 : t.startEpochMicros() + t.warmupMicros();
                if (end > 0) {
                    ends.put(w.name(), end);
                }
            }
        }
        // Only senders have an end (ends' keys): the worker a boundary comes from is one of them.
        Comparator<Worker> byEnd = Comparator.comparingLong(s -> ends.get(s.name()));
        Optional<Worker> earliest = workers.stream().filter(s -> ends.containsKey(s.name())).min(byEnd);
        Map<String, Boundary> boundaries = new HashMap<>();
        for (Worker w : workers) {
            Optional<Worker> from = ends.containsKey(w.name()) ? Optional.of(w)
                    : w.sender() ? earliest
                    : workers.stream().filter(s -> ends.containsKey(s.name()) && Objects.equals(s.route(), w.route()))
                    .min(byEnd).or(() -> earliest);
            boundaries.put(w.name(), from.map(s -> new Boundary(ends.get(s.name()),
                    ends.get(s.name()) + w.clockOffsetMicros() - s.clockOffsetMicros())).orElse(Boundary.NONE));
        }
        return boundaries;
    }
}
