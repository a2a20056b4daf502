package org.maestro.client.local;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.topology.Node;
import org.maestro.client.topology.Topology;
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
 * its CSVs are in a directory per router; an inspector given a URL keeps its name {@code inspector-N}.
 */
public final class RouterInspectors {
    /** What an inspector's URL holds until the routers run: {@code router:router-2}. */
    static final String SCHEME = "router:";
    /** Every router of the topology. */
    public static final String ALL = "all";
    private static final String PEER_PREFIX = "inspector-";

    private RouterInspectors() {
    }

    /** An inspector peer's name and what it samples. */
    public record Named(String peer, TestPlan.InspectorSpec spec) {
    }

    /** The URL an inspector of {@code router} (a router's name or {@value #ALL}) holds until the routers run. */
    public static String placeholder(String router) {
        return SCHEME + router;
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
            if (!spec.url().startsWith(SCHEME)) {
                named.add(new Named(PEER_PREFIX + (++n), spec));
                continue;
            }
            String router = spec.url().substring(SCHEME.length());
            if (topology == null) {
                throw new IllegalArgumentException("inspector router: '" + router + "': no topology of routers is started");
            }
            List<String> routers = topology.routers().stream().map(Node::name).toList();
            if (!router.equals(ALL) && !routers.contains(router)) {
                throw new IllegalArgumentException("inspector router: '" + router + "': " + topology.description() + " has no such router"
                        + NearestName.hint(router, routers, "its routers are") + " (or give 'all')");
            }
            for (String r : router.equals(ALL) ? routers : List.of(router)) {
                if (!inspected.add(r)) {
                    throw new IllegalArgumentException("inspector router: '" + router + "': " + r + " is inspected twice");
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
}
