package org.maestro.results.reduce;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.maestro.common.runfiles.TestJson;

/**
 * Where each sender's and receiver's warm-up ends, on the wall clock: what is due before it is warm-up, left out of
 * every figure "after warm-up". A sender's is the end of its own warm-up (its test.json: start + actual warm-up); a
 * receiver's, the earliest of the senders of its own route (a route's receivers measure what its senders send), else
 * the earliest of all senders. 0 when no sender says.
 */
public final class WarmupBoundary {
    private WarmupBoundary() {
    }

    /** A sender or receiver: its name, role, route (group; null for a single route) and directory. */
    public record Worker(String name, boolean sender, String route, Path dir) {
    }

    /** Each worker's boundary, by name, of the test.json files already read ({@code tests}, by worker name). */
    public static Map<String, Long> of(List<Worker> workers, Map<String, TestJson.Worker> tests) {
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
        long earliest = ends.values().stream().mapToLong(Long::longValue).min().orElse(0);
        Map<String, Long> boundaries = new HashMap<>();
        for (Worker w : workers) {
            if (w.sender()) {
                boundaries.put(w.name(), ends.getOrDefault(w.name(), earliest));
            } else {
                boundaries.put(w.name(), workers.stream().filter(s -> s.sender() && Objects.equals(s.route(), w.route())
                        && ends.containsKey(s.name())).mapToLong(s -> ends.get(s.name())).min().orElse(earliest));
            }
        }
        return boundaries;
    }
}
