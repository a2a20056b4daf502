package org.maestro.client.local;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.Topology;
import org.maestro.common.note.ManagementTarget;
import org.maestro.common.note.TestOptions;
import org.maestro.common.util.NaturalOrder;
import org.maestro.common.util.NearestName;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Inspectors of the routers {@code --local} starts: a script's {@code inspector 'amqp-management', router: 'router-2'}
 * (or {@code router: 'all'}) stands for that router's (each router's) AMQP management, whose port is known only once
 * the routers run. Each becomes an inspector peer of its own named after its router ({@code inspector-router-2}), so
 * its CSVs are in a directory per router; an inspector given a URL keeps its name {@code inspector-N}. A script's
 * {@code peers: 'one'} beside {@code router:} is one inspector peer {@code inspector-N} sampling them all, its management
 * URL the list {@code router-1=amqp://…,router-2=amqp://…} ({@link ManagementTarget}), so each router's CSVs are in
 * {@code peers/inspector-N/router-1/}.
 */
public final class RouterInspectors {
    /** What an inspector's URL holds until the routers run: {@code router:router-2}. */
    static final String SCHEME = "router:";
    /** What the URL of one inspector peer of several routers holds until they run: {@code routers:router-1,router-3}. */
    static final String SEVERAL_SCHEME = "routers:";
    /** Every router of the topology. */
    public static final String ALL = "all";
    /** A script's {@code peers:}: an inspector peer per router (the default), or one peer sampling them all. */
    public static final String PEER_PER_ROUTER = "per-router";
    public static final String ONE_PEER = "one";
    private static final String PEER_PREFIX = "inspector-";

    private RouterInspectors() {
    }

    /** An inspector peer's name and what it samples. */
    public record Named(String peer, TestPlan.InspectorSpec spec) {
    }

    /**
     * The URL the inspectors of {@code routers} (routers' names, or {@value #ALL}) hold until the routers run.
     *
     * @param peers {@value #PEER_PER_ROUTER} or {@value #ONE_PEER}
     * @throws IllegalArgumentException for another {@code peers}
     */
    public static String placeholder(List<String> routers, String peers) {
        if (!peers.equals(PEER_PER_ROUTER) && !peers.equals(ONE_PEER)) {
            throw new IllegalArgumentException("peers: '" + peers + "': '" + ONE_PEER + "' (one inspector peer samples the routers)"
                    + " or '" + PEER_PER_ROUTER + "' (a peer per router, the default)");
        }
        return (peers.equals(ONE_PEER) ? SEVERAL_SCHEME : SCHEME) + String.join(ManagementTarget.SEPARATOR, routers);
    }

    /**
     * The inspectors as peers: those of a router given its management URL ({@code managementUrl} of a router's name),
     * {@value #ALL} one per router, in the order the client assigns them (by peer name in {@link NaturalOrder}, as
     * discovery lists peers: inspector-2 before inspector-10).
     *
     * @param topology null when --local starts no routers: then no inspector may name a router
     * @throws IllegalArgumentException for a router the topology does not have, or one inspected twice
     */
    public static List<Named> expand(List<TestPlan.InspectorSpec> specs, Topology topology, UnaryOperator<String> managementUrl) {
        List<Named> named = new ArrayList<>();
        Set<String> inspected = new HashSet<>();
        int n = 0;
        for (TestPlan.InspectorSpec spec : specs) {
            if (spec.url().startsWith(SEVERAL_SCHEME)) {
                List<String> asked = List.of(spec.url().substring(SEVERAL_SCHEME.length()).split(ManagementTarget.SEPARATOR, -1));
                String what = "inspector router: '" + String.join(ManagementTarget.SEPARATOR, asked) + "', peers: '" + ONE_PEER + "'";
                List<String> routers = routersOf(topology, what);
                List<ManagementTarget> targets = new ArrayList<>();
                for (String r : asked.equals(List.of(ALL)) ? routers : asked) {
                    check(r, topology, routers, what);
                    if (!inspected.add(r)) {
                        throw new IllegalArgumentException(what + ": " + r + " is inspected twice");
                    }
                    targets.add(new ManagementTarget(r, managementUrl.apply(r)));
                }
                String url = ManagementTarget.format(targets);
                Map<String, String> options = new LinkedHashMap<>(spec.options());
                options.put(TestOptions.MANAGEMENT_URL, url);
                named.add(new Named(PEER_PREFIX + (++n), new TestPlan.InspectorSpec(spec.type(), url, options)));
                continue;
            }
            if (!spec.url().startsWith(SCHEME)) {
                named.add(new Named(PEER_PREFIX + (++n), spec));
                continue;
            }
            List<String> asked = List.of(spec.url().substring(SCHEME.length()).split(ManagementTarget.SEPARATOR, -1));
            String what = "inspector router: '" + String.join(ManagementTarget.SEPARATOR, asked) + "'";
            List<String> routers = routersOf(topology, what);
            for (String r : asked.equals(List.of(ALL)) ? routers : asked) {
                check(r, topology, routers, what);
                if (!inspected.add(r)) {
                    throw new IllegalArgumentException(what + ": " + r + " is inspected twice");
                }
                String url = managementUrl.apply(r);
                Map<String, String> options = new LinkedHashMap<>(spec.options());
                options.put(TestOptions.MANAGEMENT_URL, url);
                named.add(new Named(PEER_PREFIX + r, new TestPlan.InspectorSpec(spec.type(), url, options)));
            }
        }
        named.sort(Comparator.comparing(Named::peer, NaturalOrder.NAMES));
        return List.copyOf(named);
    }

    /**
     * Refuses, before anything starts, what {@link #expand} would refuse once the routers run (a router {@code topology}
     * lacks, one inspected twice): the routers' names are known from the script, their ports are not yet needed.
     *
     * @throws IllegalArgumentException as {@link #expand} does
     */
    public static void check(List<TestPlan.InspectorSpec> specs, Topology topology) {
        expand(specs, topology, UnaryOperator.identity());
    }

    private static List<String> routersOf(Topology topology, String what) {
        if (topology == null) {
            throw new IllegalArgumentException(what + ": no topology of routers is started");
        }
        return topology.routers().stream().map(Node::name).toList();
    }

    private static void check(String router, Topology topology, List<String> routers, String what) {
        if (!routers.contains(router)) {
            throw new IllegalArgumentException(what + ": " + topology.description() + " has no " + (router.isBlank() ? "router ''"
                    : "such router") + NearestName.hint(router, routers, "its routers are") + " (or give 'all')");
        }
    }
}
