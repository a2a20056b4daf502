package org.maestro.client.topology;

import org.maestro.common.util.LoopbackPorts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The two ports of each router of a topology: its client listener and its inter-router listener. */
public record PortPlan(Map<String, Ports> byRouter) {
    /** The default base of {@code maestro topology --ports}: AMQP's own port for the first router's clients. */
    public static final int DEFAULT_BASE = 5672;

    /** @param client senders, receivers, inspectors (AMQP management) connect here; @param interRouter other routers connect here */
    public record Ports(int client, int interRouter) {
    }

    public PortPlan {
        byRouter = Map.copyOf(byRouter);
    }

    /** Router i (from 0, in the topology's order) gets base + 2i for clients and base + 2i + 1 for routers. */
    public static PortPlan fromBase(Topology topology, int base) {
        List<Node.Router> routers = topology.routers();
        if (base < 1 || base + 2 * routers.size() - 1 > 65535) {
            throw new IllegalArgumentException("ports from " + base + ": the " + routers.size() + " routers of "
                    + topology.description() + " need " + 2 * routers.size() + " ports from 1 to 65535");
        }
        Map<String, Ports> ports = new LinkedHashMap<>();
        for (int i = 0; i < routers.size(); i++) {
            ports.put(routers.get(i).name(), new Ports(base + 2 * i, base + 2 * i + 1));
        }
        return new PortPlan(ports);
    }

    /** Ports free on 127.0.0.1 a moment ago, for routers started on this machine. */
    public static PortPlan free(Topology topology) {
        List<Node.Router> routers = topology.routers();
        int[] free = LoopbackPorts.free(2 * routers.size());
        Map<String, Ports> ports = new LinkedHashMap<>();
        for (int i = 0; i < routers.size(); i++) {
            ports.put(routers.get(i).name(), new Ports(free[2 * i], free[2 * i + 1]));
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
