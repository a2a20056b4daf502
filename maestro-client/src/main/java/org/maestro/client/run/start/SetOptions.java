package org.maestro.client.run.start;

import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.TestOptions;
import org.maestro.common.units.TestDuration;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.discover.PeerAssignment;

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
     * (with the plan's agent options), then the receivers and the senders (with their route's URLs and own settings;
     * each sender with its share of its route's rate and message count, or, for a route that sets none, of the
     * test's, which the senders of all such routes share).
     */
    static Map<PeerInfo, Map<String, String>> compose(TestPlan plan, String testId, PeerAssignment assignment) {
        Map<String, String> common = common(plan, testId);
        Map<PeerInfo, Map<String, String>> out = new LinkedHashMap<>();
        for (PeerAssignment.Assignment a : assignment.inspectors()) {
            out.put(a.peer(), with(common, a.inspector().options()));
        }
        for (PeerAssignment.Assignment agent : assignment.agents()) {
            out.put(agent.peer(), with(common, plan.agent().options()));
        }
        List<PeerAssignment.Assignment> senders = assignment.senders();
        for (PeerAssignment.Assignment a : assignment.all()) {
            if (a.route() == null) {
                continue;
            }
            RouteSettings own = a.route().settings();
            Map<String, String> mine = with(common, Map.of());
            mine.put(TestOptions.SEND_URL, a.route().sendUrl());
            mine.put(TestOptions.RECEIVE_URL, a.route().receiveUrl());
            mine.put(TestOptions.MESSAGE_SIZE, own.sizeOr(plan.size()).toString());
            mine.put(TestOptions.PARALLEL_COUNT, Integer.toString(own.connectionsOr(plan.connections())));
            TestDuration duration = own.durationOr(plan.duration());
            mine.put(TestOptions.DURATION, duration.toString());
            if (senders.contains(a)) {
                // Rate and message count are totals: each sender gets its share among those that share them.
                List<PeerAssignment.Assignment> rateSharers = senders.stream()
                        .filter(s -> !own.ownRate() ? !s.route().settings().ownRate() : s.route().group().equals(a.route().group())).toList();
                long rate = !own.ownRate() ? plan.rate().perSecond() : own.ownRatePerSecond();
                long myRate = share(rate, rateSharers.size(), rateSharers.indexOf(a));
                org.maestro.common.units.RateProfile profile = own.stages() != null ? own.stages() : own.rate() == null ? plan.stages() : null;
                if (profile != null) {
                    // Each sender runs its route's (or the test's) profile at its equal share; its mean rate rounded up
                    // keeps it off flat out.
                    mine.put(TestOptions.RATE_STAGES, profile.scaled(1.0 / rateSharers.size()).toString());
                    myRate = Math.max(1, myRate);
                }
                mine.put(TestOptions.RATE, Long.toString(myRate));
                if (duration instanceof TestDuration.ByCount c) {
                    List<PeerAssignment.Assignment> countSharers = senders.stream().filter(s -> own.duration() == null
                            ? s.route().settings().duration() == null : s.route().group().equals(a.route().group())).toList();
                    long messages = share(c.messages(), countSharers.size(), countSharers.indexOf(a));
                    mine.put(TestOptions.DURATION, new TestDuration.ByCount(Math.max(1, messages)).toString());
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
