package org.maestro.client.run.start;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.worker.WorkerOptions;

import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a sender or receiver would refuse at SET, found before any peer is touched: each route's options, as
 * {@link SetOptions} would compose them, read by the workers' own parser ({@link WorkerOptions#parse}), so a size
 * under the stamp's 40 bytes or a SUT URL with an unknown scheme costs no discovery, no SET, and leaves no run
 * directory. One parser, so the client cannot accept what the peers refuse, nor refuse what they accept.
 */
public final class PeerRefusals {
    private PeerRefusals() {
    }

    /** Why the workers would refuse {@code plan}, or empty; a route without a SUT URL yet (--local) is checked without one. */
    public static Optional<String> of(TestPlan plan) {
        Map<String, String> common = SetOptions.common(plan, RunLayout.runDirName(LocalDateTime.now(), plan.name()));
        for (TestPlan.Route route : plan.effectiveRoutes()) {
            Map<String, String> options = new LinkedHashMap<>(common);
            if (route.sendUrl() != null) {
                options.put(TestOptions.SEND_URL, route.sendUrl());
            }
            if (route.receiveUrl() != null) {
                options.put(TestOptions.RECEIVE_URL, route.receiveUrl());
            }
            try {
                WorkerOptions.parse(options);
            } catch (IllegalArgumentException e) {
                String where = route.name().isEmpty() ? "" : "route " + route.name() + ": ";
                return Optional.of(where + e.getMessage());
            }
        }
        return Optional.empty();
    }
}
