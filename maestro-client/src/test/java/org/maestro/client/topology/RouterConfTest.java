package org.maestro.client.topology;

import org.junit.jupiter.api.Test;
import org.maestro.common.router.RouterKind;

import java.nio.file.Path;
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
     * each inter-router connector's host:port to the inter-router listener that has it (edge routers have neither).
     */
    private static Set<String> routerLinks(Map<String, ConfSections> confs) {
        Map<String, String> listeners = new HashMap<>();
        confs.forEach((router, c) -> {
            if ("edge".equals(c.only("router").get("mode"))) {
                return; // an edge router has no inter-router listener
            }
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
    void skupperRouterGetsTheSameGraphAndAutoLinksWithoutAWaypointAddress() {
        Topology line = Topology.line(3);
        Map<String, ConfSections> qd = parsed(line, PortPlan.fromBase(line, 20000), RouterKind.QPID_DISPATCH);
        Map<String, ConfSections> sk = parsed(line, PortPlan.fromBase(line, 20000), RouterKind.SKUPPER);
        assertEquals(routerLinks(qd), routerLinks(sk));
        assertEquals("interior", sk.get("router-2").only("router").get("mode"));
        Topology t = TopologyFile.parse("w.yaml", yaml("""
                router: skupper
                nodes: [{name: a}, {name: q, kind: broker, addresses: [maestro.local], attach: waypoint}, {name: b}]
                links: [{from: a, to: q, direction: out}, {from: b, to: q, direction: in}]
                """));
        assertEquals(RouterKind.SKUPPER, t.router());
        Map<String, ConfSections> confs = parsed(t, PortPlan.fromBase(t, 30000), RouterKind.SKUPPER);
        assertEquals("maestro.local out", autoLinks(confs.get("a")), "the senders' router takes the queue out to the broker");
        assertEquals("maestro.local in", autoLinks(confs.get("b")), "the receivers' router brings it in");
        assertTrue(confs.values().stream().allMatch(c -> c.of("address").stream().noneMatch(a -> a.get("waypoint") != null)),
                "skupper-router has no waypoint attribute");
        assertTrue(parsed(t, PortPlan.fromBase(t, 30000), RouterKind.QPID_DISPATCH).get("a").of("address").stream()
                .anyMatch(a -> "maestro.local".equals(a.get("prefix")) && "yes".equals(a.get("waypoint"))));
    }

    private static String autoLinks(ConfSections c) {
        return String.join(", ", c.of("autoLink").stream().map(a -> a.get("address") + " " + a.get("direction")).toList());
    }

    @Test
    void whatSkupperRouterCannotDoIsRefusedInOneLineNamingTheWayItCan() {
        Topology linkRouted = TopologyFile.parse("lr.yaml", yaml("""
                nodes: [{name: a}, {name: q, kind: broker, addresses: [maestro]}]
                links: [{from: a, to: q}]
                """));
        PortPlan ports = PortPlan.fromBase(linkRouted, 30000);
        assertEquals("topology 'lr.yaml': broker q is attached by linkRoute, which skupper-router does not have: give it"
                        + " attach: waypoint (auto-links) and its queue as address",
                assertThrows(IllegalArgumentException.class, () -> RouterConf.renderAll(linkRouted, ports, RouterKind.SKUPPER))
                        .getMessage());
        Topology bothWays = TopologyFile.parse("w.yaml", yaml("""
                nodes: [{name: a}, {name: q, kind: broker, attach: waypoint}]
                links: [{from: a, to: q}]
                """));
        assertEquals("topology 'w.yaml': link a - q: skupper-router has no waypoints, so auto-links both ways on one router"
                        + " send the broker's messages back to it: give the link direction: out (the senders' router) or in"
                        + " (the receivers')",
                assertThrows(IllegalArgumentException.class, () -> bothWays.kindWith(RouterKind.SKUPPER, "--router")).getMessage());
        assertEquals(RouterKind.QPID_DISPATCH, bothWays.kindWith(null, "--router"), "Qpid Dispatch's waypoints take both ways");
    }

    @Test
    void theKindIsChosenOnceAFileAndASettingThatDisagreeAreRefused() {
        Topology sk = TopologyFile.parse("sk.yaml", yaml("router: skupper\nnodes: [{name: a}]\n"));
        assertEquals(RouterKind.SKUPPER, sk.kindWith(null, "--router"));
        assertEquals(RouterKind.SKUPPER, sk.kindWith(RouterKind.SKUPPER, "--router"));
        assertEquals("topology 'sk.yaml' says router: skupper, --router says qpid-dispatch: choose one (or drop router: from the"
                + " file)", assertThrows(IllegalArgumentException.class,
                () -> sk.kindWith(RouterKind.QPID_DISPATCH, "--router")).getMessage());
        assertEquals(RouterKind.DEFAULT, Topology.line(2).kindWith(null, "--router"));
        assertEquals("router 'nats' is no router kind: choose one of qpid-dispatch, skupper (qpid-dispatch by default)",
                assertThrows(IllegalArgumentException.class, () -> TopologyFile.parse("n.yaml",
                        yaml("router: nats\nnodes: [{name: a}]\n"))).getMessage());
    }

    @Test
    void edgesTwoByThreeAreTwoLinkedInteriorsEachWithThreeEdgesConnectingToItsEdgeListener() {
        Topology t = TopologyDescription.parse("edges 2x3", Path.of(""));
        assertEquals(8, t.routers().size());
        assertEquals(List.of("edge-1-1", "edge-2-3"), t.ends(), "senders on an edge of router-1, receivers on one of router-2");
        for (RouterKind kind : RouterKind.values()) {
            PortPlan ports = PortPlan.fromBase(t, 40000);
            Map<String, ConfSections> confs = parsed(t, ports, kind);
            assertEquals(Set.of("router-2>router-1:1"), routerLinks(confs), "only the interiors are linked as routers");
            Map<String, String> edgeListeners = new HashMap<>();
            for (String interior : List.of("router-1", "router-2")) {
                ConfSections c = confs.get(interior);
                assertEquals("interior", c.only("router").get("mode"));
                ConfSections.Section l = c.listener("edge");
                edgeListeners.put(l.get("host") + ":" + l.get("port"), interior);
            }
            assertEquals(Set.of("127.0.0.1:40016", "127.0.0.1:40017"), edgeListeners.keySet(), "after the 8 routers' 16 ports");
            for (int i = 1; i <= 2; i++) {
                for (int j = 1; j <= 3; j++) {
                    ConfSections c = confs.get("edge-" + i + "-" + j);
                    assertEquals("edge", c.only("router").get("mode"));
                    assertTrue(c.of("listener").stream().noneMatch(s -> !"normal".equals(s.get("role"))),
                            "an edge listens for clients only");
                    ConfSections.Section up = c.only("connector");
                    assertEquals("edge", up.get("role"));
                    assertEquals(null, up.get("cost"), "an edge connection has no cost");
                    assertEquals("router-" + i, edgeListeners.get(up.get("host") + ":" + up.get("port")));
                }
            }
        }
        assertEquals(Set.of("router-1", "router-2"), t.reachableRouters("router-1"), "edges are in no routing table");
        assertEquals(Set.of("edge-2-1"), t.reachableRouters("edge-2-1"));
    }

    @Test
    void aGraphFileEdgeConnectsToOneOrTwoInteriorsWhicheverEndItIs() {
        Topology t = TopologyFile.parse("e.yaml", yaml("""
                nodes: [{name: a}, {name: b}, {name: e, mode: edge}]
                links: [{from: b, to: a}, {from: a, to: e}, {from: e, to: b}]
                """));
        Map<String, ConfSections> confs = parsed(t, PortPlan.free(t), RouterKind.SKUPPER);
        assertEquals(2, confs.get("e").of("connector").size(), "its uplink and its standby");
        assertTrue(confs.get("a").of("connector").isEmpty(), "the edge connects, though the link names a first");
        assertEquals("edge router e links to 3 interior routers: an edge connects to one or 2 (its uplink and a standby)",
                refusal("""
                        nodes: [{name: a}, {name: b}, {name: c}, {name: e, mode: edge}]
                        links: [{from: e, to: a}, {from: e, to: b}, {from: e, to: c}]
                        """));
        assertEquals("link 1 (e - f): links two edge routers; an edge connects to interior routers only", refusal("""
                nodes: [{name: a}, {name: e, mode: edge}, {name: f, mode: edge}]
                links: [{from: e, to: f}, {from: e, to: a}, {from: f, to: a}]
                """));
        assertEquals("edge router e links to 0 interior routers: an edge connects to one or 2 (its uplink and a standby)",
                refusal("nodes: [{name: a}, {name: e, mode: edge}]\n"));
        assertEquals("link 1 (e - a): cost 5 on an edge's link to its interior: an edge connection has no cost (only links"
                + " between interior routers have)", refusal("""
                nodes: [{name: a}, {name: e, mode: edge}]
                links: [{from: e, to: a, cost: 5}]
                """));
        assertEquals("node 2 (e): mode 'leaf' is not a router mode (interior or edge)",
                refusal("nodes: [{name: a}, {name: e, mode: leaf}]\n"));
        assertEquals("node 1 (a): router: mode is the node's: write mode: edge beside name:",
                refusal("nodes: [{name: a, router: {mode: edge}}]\n"));
        assertEquals("link 1 (a - b): direction out is for a link to a broker",
                refusal("nodes: [{name: a}, {name: b}]\nlinks: [{from: a, to: b, direction: out}]\n"));
    }

    private static String refusal(String yaml) {
        return assertThrows(IllegalArgumentException.class, () -> TopologyFile.parse("g.yaml", yaml(yaml))).getMessage();
    }

    @Test
    void theEdgesShapeIsRefusedInOneLineWhenMisspelt() {
        for (String bad : List.of("edges 2", "edges 2x", "edges x3", "edges 2x3x1", "edges two")) {
            assertEquals("topology '" + bad + "': edges takes interiors x edges of each, e.g. 'edges 2x3' (2 interior routers,"
                    + " each with 3 edge routers)", assertThrows(IllegalArgumentException.class,
                    () -> TopologyDescription.parse(bad, Path.of(""))).getMessage());
        }
        assertEquals("edges 2x40: 1 or more interiors, each with 1 or more edges, at most 64 routers in all (2 x (1 + 40) = 82)",
                assertThrows(IllegalArgumentException.class, () -> TopologyDescription.parse("edges 2x40", Path.of("")))
                        .getMessage());
        assertEquals(2, TopologyDescription.parse("EDGES 1X1", Path.of("")).routers().size());
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
