package org.maestro.client.topology;

import org.maestro.common.util.LoopbackPorts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ports of each router of a topology: its client listener, its inter-router listener (an edge router has none: its
 * port stays unused, so router i's ports are the same whatever its mode) and, for an interior that edge routers connect
 * to, its edge listener, numbered after every router's first two.
 */
public record PortPlan(Map<String, Ports> byRouter) {
    /** The default base of {@code maestro topology --ports}: AMQP's own port for the first router's clients. */
    public static final int DEFAULT_BASE = 5672;

    /**
     * @param client      senders, receivers, inspectors (AMQP management) connect here
     * @param interRouter other interior routers connect here
     * @param edge        edge routers connect here, or 0 when none does
     */
    public record Ports(int client, int interRouter, int edge) {
        public Ports(int client, int interRouter) {
            this(client, interRouter, 0);
        }
    }

    public PortPlan {
        byRouter = Map.copyOf(byRouter);
    }

    /**
     * Router i (from 0, in the topology's order) gets base + 2i for clients and base + 2i + 1 for routers; the k-th
     * interior with edges (from 0) gets base + 2n + k for its edges, n being the number of routers.
     */
    public static PortPlan fromBase(Topology topology, int base) {
        int needed = needed(topology);
        if (base < 1 || base + needed - 1 > 65535) {
            throw new IllegalArgumentException("ports from " + base + ": the " + topology.routers().size() + " routers of "
                    + topology.description() + " need " + needed + " ports from 1 to 65535");
        }
        int[] ports = new int[needed];
        for (int i = 0; i < needed; i++) {
            ports[i] = base + i;
        }
        return of(topology, ports);
    }

    /** Ports free on 127.0.0.1 a moment ago, for routers started on this machine. */
    public static PortPlan free(Topology topology) {
        return of(topology, LoopbackPorts.free(needed(topology)));
    }

    private static int needed(Topology topology) {
        return 2 * topology.routers().size() + edgeListeners(topology).size();
    }

    /** The interior routers edge routers connect to, in the topology's order. */
    private static List<String> edgeListeners(Topology topology) {
        return topology.routers().stream().filter(r -> !r.edge() && topology.linksOf(r.name()).stream()
                .anyMatch(l -> topology.node(l.other(r.name())) instanceof Node.Router o && o.edge())).map(Node::name).toList();
    }

    /** Hands out {@code free} in the order {@link #fromBase} describes. */
    private static PortPlan of(Topology topology, int[] free) {
        List<Node.Router> routers = topology.routers();
        List<String> withEdges = edgeListeners(topology);
        Map<String, Ports> ports = new LinkedHashMap<>();
        for (int i = 0; i < routers.size(); i++) {
            int k = withEdges.indexOf(routers.get(i).name());
            ports.put(routers.get(i).name(), new Ports(free[2 * i], free[2 * i + 1], k < 0 ? 0 : free[2 * routers.size() + k]));
        }
        return new PortPlan(ports);
    }

    public Ports of(String router) {
        Ports p = byRouter.get(router);
        if (p == null) {
            throw new IllegalArgumentException("no ports planned for router '" + router + "'");
        }
        return p;
    }
}
