package org.maestro.client.run;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.TestOptions;
import org.maestro.common.units.TestDuration;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What each peer of a test is SET to: the test's options, plus what the peer's part adds to them. */
final class SetOptions {
    private SetOptions() {
    }

    /** The options every peer of the test gets. */
    static Map<String, String> common(TestPlan plan, String testId) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put(TestOptions.TEST_ID, testId);
        options.put(TestOptions.TEST_NAME, plan.name());
        options.put(TestOptions.MESSAGE_SIZE, plan.size().toString());
        options.put(TestOptions.PARALLEL_COUNT, Integer.toString(plan.connections()));
        options.put(TestOptions.WARMUP, plan.warmup());
        if (plan.warmupSendDelay() != null) {
            options.put(TestOptions.WARMUP_SEND_DELAY, plan.warmupSendDelay());
        }
        if (plan.warmupMax() != null) {
            options.put(TestOptions.WARMUP_MAX, plan.warmupMax());
        }
        options.put(TestOptions.DURATION, plan.duration().toString());
        options.put(TestOptions.RATE, Long.toString(plan.rate().perSecond()));
        return options;
    }

    /**
     * Each peer's options, in the order they are SET: the inspectors (with their endpoint's options), the agent
     * (with the plan's agent options), then the receivers and the senders (with their route's URLs; each sender with
     * its share of the rate and of a message count).
     */
    static Map<PeerInfo, Map<String, String>> compose(TestPlan plan, String testId, PeerAssignment assignment) {
        Map<String, String> common = common(plan, testId);
        Map<PeerInfo, Map<String, String>> out = new LinkedHashMap<>();
        for (PeerAssignment.Assignment a : assignment.inspectors()) {
            out.put(a.peer(), with(common, a.inspector().options()));
        }
        if (assignment.agent() != null) {
            out.put(assignment.agent().peer(), with(common, plan.agent().options()));
        }
        List<PeerAssignment.Assignment> senders = assignment.senders();
        for (PeerAssignment.Assignment a : assignment.all()) {
            if (a.route() == null) {
                continue;
            }
            Map<String, String> mine = with(common, Map.of());
            mine.put(TestOptions.SEND_URL, a.route().sendUrl());
            mine.put(TestOptions.RECEIVE_URL, a.route().receiveUrl());
            int i = senders.indexOf(a);
            if (i >= 0) {
                // Rate and message count are the test's totals: each sender gets its share.
                mine.put(TestOptions.RATE, Long.toString(share(plan.rate().perSecond(), senders.size(), i)));
                if (plan.stages() != null) {
                    // Each sender runs the profile at its equal share; its mean rate rounded up keeps it off flat out.
                    mine.put(TestOptions.RATE_STAGES, plan.stages().scaled(1.0 / senders.size()).toString());
                    mine.put(TestOptions.RATE, Long.toString(Math.max(1, share(plan.rate().perSecond(), senders.size(), i))));
                }
                if (plan.duration() instanceof TestDuration.ByCount c) {
                    mine.put(TestOptions.DURATION, new TestDuration.ByCount(Math.max(1, share(c.messages(), senders.size(), i))).toString());
                }
            }
            out.put(a.peer(), mine);
        }
        return out;
    }

    /** The i-th of n shares of total, the remainder spread over the first ones. */
    static long share(long total, int n, int i) {
        return total / n + (i < total % n ? 1 : 0);
    }

    private static Map<String, String> with(Map<String, String> common, Map<String, String> own) {
        Map<String, String> mine = new LinkedHashMap<>(common);
        mine.putAll(own);
        return mine;
    }
}
