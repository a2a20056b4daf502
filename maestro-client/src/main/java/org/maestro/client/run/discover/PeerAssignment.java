package org.maestro.client.run.discover;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.client.run.watch.LateReceivers;

/**
 * Who plays what in a test: each peer discovery chose, with the route it sends or receives on
 * (senders and receivers) or the endpoint it samples (inspectors). Built from the plan and what
 * {@link PeerDirectory#await} found, without a broker.
 *
 * @param all         the agents first, then the inspectors, the receivers and the senders (route by route): the order the
 *                    peers are listed, watched and collected in; each peer once (an agent an action names may also be
 *                    of a group another action is for)
 * @param namedAgents the agent of each name the actions give ("" for the test's one agent)
 * @param agentGroups the agents of each group an action is for
 */
public record PeerAssignment(List<Assignment> all, Map<String, PeerInfo> namedAgents, Map<String, List<PeerInfo>> agentGroups) {

    public PeerAssignment(List<Assignment> all) {
        this(all, Map.of(), Map.of());
    }

    /** One peer's part: {@code route} is null but for workers, {@code inspector} null but for inspectors. */
    public record Assignment(PeerInfo peer, TestPlan.Route route, TestPlan.InspectorSpec inspector) {
        Role role() {
            return peer.role();
        }

        /** What the peer works on: the URL it sends to or receives from, samples, or fetches handlers from. */
        String target(TestPlan plan) {
            return switch (role()) {
                case AGENT -> plan.agent().sourceUrl();
                case INSPECTOR -> inspector.url();
                case SENDER -> route.sendUrl();
                default -> route.receiveUrl();
            };
        }
    }

    /** The peers the plan needs, as discovery looks for them. */
    public static List<PeerDirectory.Requirement> requirements(TestPlan plan) {
        List<PeerDirectory.Requirement> needs = new ArrayList<>();
        for (TestPlan.Route route : plan.effectiveRoutes()) {
            needs.add(receiversOf(route));
            needs.add(sendersOf(route));
        }
        if (!plan.inspectors().isEmpty()) {
            needs.add(inspectorsOf(plan));
        }
        if (plan.agent() != null) {
            // One agent per name the actions give (the agent beside router-2), and one of any name for actions naming none.
            plan.agent().agents().forEach(name -> needs.add(new PeerDirectory.Requirement(Role.AGENT, "", 1, name)));
            // Every agent of each group an action is for.
            plan.agent().groups().forEach(group -> needs.add(PeerDirectory.Requirement.everyOneOf(Role.AGENT, group)));
        }
        return needs;
    }

    /**
     * Gives each peer found for the {@link #requirements} its part: {@code found} holds the peers of each
     * requirement, in the order {@link #requirements} listed them; the i-th inspector samples the plan's i-th endpoint.
     */
    public static PeerAssignment of(TestPlan plan, List<List<PeerInfo>> found) {
        Iterator<List<PeerInfo>> byNeed = found.iterator();
        List<TestPlan.Route> routes = plan.effectiveRoutes();
        List<List<PeerInfo>> receivers = new ArrayList<>();
        List<List<PeerInfo>> senders = new ArrayList<>();
        for (TestPlan.Route ignored : routes) {
            receivers.add(byNeed.next());
            senders.add(byNeed.next());
        }
        List<PeerInfo> inspectors = plan.inspectors().isEmpty() ? List.of() : byNeed.next();
        List<Assignment> all = new ArrayList<>();
        Map<String, PeerInfo> agents = new LinkedHashMap<>();
        Map<String, List<PeerInfo>> agentGroups = new LinkedHashMap<>();
        if (plan.agent() != null) {
            plan.agent().agents().forEach(name -> agents.put(name, byNeed.next().get(0)));
            plan.agent().groups().forEach(group -> agentGroups.put(group, List.copyOf(byNeed.next())));
            Set<PeerInfo> listed = new LinkedHashSet<>(agents.values());
            agentGroups.values().forEach(listed::addAll);
            listed.forEach(agent -> all.add(new Assignment(agent, null, null)));
        }
        for (int i = 0; i < inspectors.size(); i++) {
            all.add(new Assignment(inspectors.get(i), null, plan.inspectors().get(i)));
        }
        for (int r = 0; r < routes.size(); r++) {
            TestPlan.Route route = routes.get(r);
            receivers.get(r).forEach(p -> all.add(new Assignment(p, route, null)));
        }
        for (int r = 0; r < routes.size(); r++) {
            TestPlan.Route route = routes.get(r);
            senders.get(r).forEach(p -> all.add(new Assignment(p, route, null)));
        }
        return new PeerAssignment(List.copyOf(all), Collections.unmodifiableMap(agents),
                Collections.unmodifiableMap(agentGroups));
    }

    private static PeerDirectory.Requirement receiversOf(TestPlan.Route route) {
        return new PeerDirectory.Requirement(Role.RECEIVER, route.name(), route.receivers());
    }

    private static PeerDirectory.Requirement sendersOf(TestPlan.Route route) {
        return new PeerDirectory.Requirement(Role.SENDER, route.name(), route.senders());
    }

    private static PeerDirectory.Requirement inspectorsOf(TestPlan plan) {
        return new PeerDirectory.Requirement(Role.INSPECTOR, "", plan.inspectors().size());
    }

    public List<PeerInfo> peers() {
        return peersOf(all);
    }

    /** The peers of these assignments, in their order. */
    public static List<PeerInfo> peersOf(List<Assignment> assignments) {
        return assignments.stream().map(Assignment::peer).toList();
    }

    /** The agents' parts, each agent once (by name first, then by group): empty when the test has no agent. */
    public List<Assignment> agents() {
        return of(Role.AGENT);
    }

    public List<Assignment> inspectors() {
        return of(Role.INSPECTOR);
    }

    public List<Assignment> receivers() {
        return of(Role.RECEIVER);
    }

    /** The receivers that start with the load: their route sets no receiverStartAfter. */
    public List<Assignment> onTimeReceivers() {
        return receivers().stream().filter(a -> startAfterMillis(a) == 0).toList();
    }

    /** The receivers that start after the senders, each {@link #startAfterMillis} later ({@link LateReceivers}). */
    public List<Assignment> lateReceivers() {
        return receivers().stream().filter(a -> startAfterMillis(a) > 0).toList();
    }

    /**
     * How long after the test's common start instant the peer starts: a sender, its route's senderStartAfter; a
     * receiver whose route sets receiverStartAfter, that long after its route's senders (else 0: with the load).
     */
    public static long startAfterMillis(Assignment a) {
        if (a.route() == null) {
            return 0;
        }
        long senders = a.route().settings().senderStartAfterMillisOr(0);
        if (a.role() == Role.SENDER) {
            return senders;
        }
        long receivers = a.role() == Role.RECEIVER ? a.route().settings().receiverStartAfterMillisOr(0) : 0;
        return receivers > 0 ? senders + receivers : 0;
    }

    /** How long after the common start instant {@code peer} begins, microseconds ({@link #startAfterMillis}). */
    public long startAfterMicros(PeerInfo peer) {
        return all.stream().filter(a -> a.peer().equals(peer)).findFirst().map(a -> startAfterMillis(a) * 1000).orElse(0L);
    }

    public List<Assignment> senders() {
        return of(Role.SENDER);
    }

    private List<Assignment> of(Role role) {
        return all.stream().filter(a -> a.role() == role).toList();
    }
}
