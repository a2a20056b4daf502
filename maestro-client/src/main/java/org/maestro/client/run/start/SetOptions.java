package org.maestro.client.run.start;

import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.TestOptions;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
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
        return load(plan, testId).toWire();
    }

    /** The test's load as its plan gives it, before any route's or sender's share. */
    private static LoadOptions load(TestPlan plan, String testId) {
        return new LoadOptions(testId, plan.name(), plan.messageSize(), plan.connections(), plan.duration(), plan.rate(), null,
                plan.warmup(), plan.warmupSendDelay(), plan.warmupMax(),
                plan.warmupRamp());
    }

    /**
     * Each peer's options, in the order they are SET: the inspectors (with their endpoint's options), the agent
     * (with the plan's agent options), then the receivers and the senders (with their route's URLs and own settings;
     * each sender with its share of its route's rate and message count, or, for a route that sets none, of the
     * test's, which the senders of all such routes share).
     */
    static Map<PeerInfo, Map<String, String>> compose(TestPlan plan, String testId, PeerAssignment assignment) {
        LoadOptions test = load(plan, testId);
        Map<String, String> common = test.toWire();
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
            TestDuration duration = own.durationOr(plan.duration());
            LoadOptions mine = test.withRoute(own.messageSizeOr(plan.messageSize()), own.connectionsOr(plan.connections()), duration);
            if (senders.contains(a)) {
                // Rate and message count are totals: each sender gets its share among those that share them.
                List<PeerAssignment.Assignment> rateSharers = senders.stream()
                        .filter(s -> !own.ownRate() ? !s.route().settings().ownRate() : s.route().name().equals(a.route().name())).toList();
                long rate = !own.ownRate() ? plan.rate().perSecond() : own.ownRatePerSecond();
                long myRate = share(rate, rateSharers.size(), rateSharers.indexOf(a));
                RateProfile profile = own.stages() != null ? own.stages() : own.rate() == null ? plan.stages() : null;
                RateProfile myProfile = null;
                if (profile != null) {
                    // Each sender runs its route's (or the test's) profile at its equal share; its mean rate rounded up
                    // keeps it off flat out.
                    myProfile = profile.scaled(1.0 / rateSharers.size());
                    myRate = Math.max(1, myRate);
                }
                mine = mine.withRate(new Rate(myRate), myProfile);
                if (duration instanceof TestDuration.ByCount c) {
                    List<PeerAssignment.Assignment> countSharers = senders.stream().filter(s -> own.duration() == null
                            ? s.route().settings().duration() == null : s.route().name().equals(a.route().name())).toList();
                    long messages = share(c.messages(), countSharers.size(), countSharers.indexOf(a));
                    mine = mine.withRoute(mine.messageSize(), mine.connections(), new TestDuration.ByCount(Math.max(1, messages)));
                }
            }
            Map<String, String> options = mine.toWire();
            own.latencyOr(plan.latency()).addTo(options);
            options.put(TestOptions.SEND_URL, a.route().sendUrl());
            options.put(TestOptions.RECEIVE_URL, a.route().receiveUrl());
            out.put(a.peer(), options);
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
