package org.maestro.client.topology;

import org.junit.jupiter.api.Test;
import org.maestro.common.router.RouterKind;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated configurations, read back: who listens where, who connects to whom at what cost, what goes to a broker. */
class RouterConfTest {
    /**
     * The inter-router links the configurations make, as "connecting-router>listening-router:cost", found by matching
     * each connector's host:port to the inter-router listener that has it.
     */
    private static Set<String> routerLinks(Map<String, ConfSections> confs) {
        Map<String, String> listeners = new HashMap<>();
        confs.forEach((router, c) -> {
            ConfSections.Section l = c.listener("inter-router");
            assertEquals(null, listeners.put(l.get("host") + ":" + l.get("port"), router), "two routers listen on one port");
        });
        Set<String> links = new HashSet<>();
        confs.forEach((router, c) -> c.of("connector").stream().filter(s -> "inter-router".equals(s.get("role"))).forEach(s -> {
            String target = listeners.get(s.get("host") + ":" + s.get("port"));
            assertNotNull(target, router + " connects to " + s.get("host") + ":" + s.get("port") + ", where no router listens");
            assertTrue(links.add(router + ">" + target + ":" + s.get("cost")), "the same link twice");
        }));
        return links;
    }

    private static Map<String, ConfSections> parsed(Topology t, PortPlan ports) {
        return parsed(t, ports, RouterKind.QPID_DISPATCH);
    }

    private static Map<String, ConfSections> parsed(Topology t, PortPlan ports, RouterKind kind) {
        Map<String, ConfSections> out = new LinkedHashMap<>();
        RouterConf.renderAll(t, ports, kind).forEach((router, text) -> out.put(router, ConfSections.parse(text)));
        return out;
    }

    @Test
    void aLineOfThreeIsThreeInteriorRoutersEachConnectingToThePreviousOne() {
        Topology line = Topology.line(3);
        Map<String, ConfSections> confs = parsed(line, PortPlan.fromBase(line, 20000));
        assertEquals(List.of("router-1", "router-2", "router-3"), List.copyOf(confs.keySet()));
        confs.forEach((router, c) -> {
            assertEquals("interior", c.only("router").get("mode"));
            assertEquals(router, c.only("router").get("id"));
            ConfSections.Section clients = c.listener("normal");
            assertEquals("127.0.0.1", clients.get("host"));
            assertEquals("no", clients.get("authenticatePeer"), "senders, receivers and inspectors need no account");
        });
        assertEquals("20000", confs.get("router-1").listener("normal").get("port"));
        assertEquals("20004", confs.get("router-3").listener("normal").get("port"));
        assertEquals(Set.of("router-2>router-1:1", "router-3>router-2:1"), routerLinks(confs));
        Map<String, String> distributions = new HashMap<>();
        confs.get("router-2").of("address").forEach(a -> distributions.put(a.get("prefix"), a.get("distribution")));
        assertEquals(Map.of("closest", "closest", "multicast", "multicast"), distributions);
    }

    @Test
    void aRingClosesTheLineAndACompleteGraphLinksEveryPair() {
        Topology ring = Topology.ring(4);
        assertEquals(Set.of("router-2>router-1:1", "router-3>router-2:1", "router-4>router-3:1", "router-4>router-1:1"),
                routerLinks(parsed(ring, PortPlan.fromBase(ring, 20000))));
        Topology complete = Topology.complete(4);
        Set<String> links = routerLinks(parsed(complete, PortPlan.free(complete)));
        assertEquals(6, links.size(), links.toString());
        Set<Set<String>> pairs = new HashSet<>();
        links.forEach(l -> pairs.add(Set.of(l.substring(0, l.indexOf('>')), l.substring(l.indexOf('>') + 1, l.indexOf(':')))));
        assertEquals(6, pairs.size(), "each pair once: " + links);
    }

    @Test
    void aGraphFileGivesCostsOverridesAndABrokerByLinkRoutes() {
        Topology t = TopologyFile.parse("graph.yaml", yaml("""
                nodes:
                  - {name: a, router: {workerThreads: 2}}
                  - {name: q, kind: broker, port: 61616, addresses: [perf, orders]}
                  - {name: b}
                  - {name: c}
                links:
                  - {from: a, to: q}
                  - {from: b, to: q}
                  - {from: c, to: a, cost: 10}
                  - {from: c, to: b}
                """));
        Map<String, ConfSections> confs = parsed(t, PortPlan.fromBase(t, 30000));
        assertEquals(Set.of("a", "b", "c"), confs.keySet(), "a broker gets no configuration");
        assertEquals("2", confs.get("a").only("router").get("workerThreads"));
        assertEquals(Set.of("c>a:10", "c>b:1"), routerLinks(confs));
        for (String r : List.of("a", "b")) {
            ConfSections c = confs.get(r);
            ConfSections.Section broker = c.of("connector").stream().filter(s -> "route-container".equals(s.get("role")))
                    .findFirst().orElseThrow();
            assertEquals("127.0.0.1:61616", broker.get("host") + ":" + broker.get("port"));
            Set<String> routes = new HashSet<>();
            c.of("linkRoute").forEach(l -> {
                assertEquals(broker.get("name"), l.get("connection"), "a link route names the broker's connector");
                routes.add(l.get("prefix") + " " + l.get("direction"));
            });
            assertEquals(Set.of("perf in", "perf out", "orders in", "orders out"), routes);
        }
        assertTrue(confs.get("c").of("linkRoute").isEmpty(), "c has no broker beside it");
    }

    @Test
    void aWaypointBrokerGetsAutoLinksBothWaysAndAWaypointAddress() {
        Topology t = TopologyFile.parse("w.yaml", yaml("""
                nodes: [{name: r}, {name: q, kind: broker, attach: waypoint}]
                links: [{from: q, to: r}]
                """));
        ConfSections c = parsed(t, PortPlan.fromBase(t, 30000)).get("r");
        String connection = c.of("connector").get(0).get("name");
        Set<String> autoLinks = new HashSet<>();
        c.of("autoLink").forEach(a -> {
            assertEquals(connection, a.get("connection"));
            autoLinks.add(a.get("address") + " " + a.get("direction"));
        });
        assertEquals(Set.of("queue in", "queue out"), autoLinks, "the default address is " + TopologyFile.DEFAULT_BROKER_ADDRESS);
        assertTrue(c.of("address").stream().anyMatch(a -> "queue".equals(a.get("prefix")) && "yes".equals(a.get("waypoint"))));
    }

    @Test
    void aLogFileGoesIntoALogSection() {
        Topology t = Topology.line(1);
        ConfSections c = ConfSections.parse(RouterConf.render(t, PortPlan.fromBase(t, 5672), RouterKind.QPID_DISPATCH, "router-1",
                java.nio.file.Path.of("/tmp/r1/qdrouterd.log")));
        assertEquals("/tmp/r1/qdrouterd.log", c.only("log").get("outputFile"));
        assertTrue(c.of("connector").isEmpty(), "a single router connects to nothing");
    }

    @Test
    void portsBeyondTheLastArePlannedNot() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PortPlan.fromBase(Topology.line(3), 65532));
        assertEquals("ports from 65532: the 3 routers of line 3 need 6 ports from 1 to 65535", e.getMessage());
    }

    static com.fasterxml.jackson.databind.JsonNode yaml(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()).readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
