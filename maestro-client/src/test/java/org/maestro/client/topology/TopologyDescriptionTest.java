package org.maestro.client.topology;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What a user may write as a topology, and the one line they read when it is wrong. */
class TopologyDescriptionTest {
    @TempDir
    Path dir;

    private String refusal(String description) {
        return assertThrows(IllegalArgumentException.class, () -> TopologyDescription.parse(description, dir)).getMessage();
    }

    @Test
    void theShapesAndTheirSizes() {
        assertEquals(3, TopologyDescription.parse("line 3", dir).routers().size());
        assertEquals(2, TopologyDescription.parse("  LINE   3 ", dir).links().size());
        assertEquals(5, TopologyDescription.parse("ring 5", dir).links().size());
        assertEquals(10, TopologyDescription.parse("complete 5", dir).links().size());
        assertEquals(Set.of("router-1", "router-2", "router-3"), Topology.ring(3).reachableRouters("router-2"));
    }

    @Test
    void aTestsEndsAreTheFirstRouterAndTheFarthestFromIt() throws Exception {
        assertEquals(List.of("router-1", "router-3"), Topology.line(3).ends());
        assertEquals(List.of("router-1", "router-3"), Topology.ring(4).ends(), "the opposite side, not the neighbour");
        assertEquals(List.of("router-1", "router-1"), Topology.line(1).ends());
        assertEquals(List.of("router-1", "router-4"), Topology.complete(4).ends());
        Files.writeString(dir.resolve("rbr.yaml"), """
                nodes: [{name: a}, {name: q, kind: broker}, {name: b}]
                links: [{from: a, to: q}, {from: b, to: q}]
                """);
        assertEquals(List.of("a", "b"), TopologyDescription.parse("rbr.yaml", dir).ends(), "across the broker");
    }

    @Test
    void badShapesAreRefusedInOneLine() {
        assertEquals("line 0: a line has 1 to 64 routers", refusal("line 0"));
        assertEquals("ring 2: a ring has 3 to 64 routers", refusal("ring 2"));
        assertEquals("topology 'line three': 'three' is not a number of routers", refusal("line three"));
        assertEquals("topology 'line': line takes one number of routers, e.g. 'line 3'", refusal("line"));
        assertEquals("topology 'star 3': 'star' is not a shape nor a file: " + TopologyDescription.FORM, refusal("star 3"));
        assertEquals("no topology given: " + TopologyDescription.FORM, refusal(" "));
    }

    @Test
    void aGraphFileIsReadAndItsErrorsNameTheFileAndTheNode() throws Exception {
        Files.writeString(dir.resolve("lab.yaml"), """
                nodes: [{name: a}, {name: b, host: 10.0.0.2}]
                links: [{from: b, to: a, cost: 3}]
                """);
        Topology t = TopologyDescription.parse("lab.yaml", dir);
        assertEquals("lab.yaml", t.description());
        assertEquals(List.of(new Link("b", "a", 3)), t.links());
        assertEquals("10.0.0.2", t.node("b").host());

        Files.writeString(dir.resolve("typo.yaml"), """
                nodes: [{name: edge-a}, {name: edge-b}, {name: core}]
                links: [{from: edge-a, to: core}, {from: edge-b, to: cor}]
                """);
        assertEquals("typo.yaml: link 2 (edge-b - cor): no node named 'cor' (did you mean 'core'?)", refusal("typo.yaml"));
        Files.writeString(dir.resolve("ghost.yaml"), """
                nodes: [{name: a}, {name: b}]
                links: [{from: a, to: zzzzzz}]
                """);
        assertEquals("ghost.yaml: link 1 (a - zzzzzz): no node named 'zzzzzz' (the nodes are a, b)", refusal("ghost.yaml"));
    }

    @Test
    void everyOtherMistakeInAGraphFileIsNamed() throws Exception {
        String[][] cases = {
                {"nodes: [{name: a, kind: switch}]", "node 1 (a): kind 'switch' is neither router nor broker"},
                {"nodes: [{name: a, hots: x}]", "node 1 (a): unknown key 'hots' (did you mean 'host'?)"},
                {"nodes: [{name: a}, {name: a}]", "two nodes are named 'a'"},
                {"nodes: [{name: 'a b'}]",
                    "node name 'a b' is not a router id: letters, digits, '.', '_' and '-', starting with a letter or digit, at most 63"},
                {"nodes: [{name: q, kind: broker}]", "no router among the nodes: a topology needs at least one"},
                {"nodes: [{name: a}, {name: b}]\nlinks: [{from: a, to: b}, {from: b, to: a}]", "link 2 (b - a): the two nodes are linked twice"},
                {"nodes: [{name: a}]\nlinks: [{from: a, to: a}]", "link 1 (a - a): a node cannot link to itself"},
                {"nodes: [{name: a}, {name: b}]\nlinks: [{from: a, to: b, cost: 0}]", "link 1 cost '0' is not a whole number from 1 up"},
                {"nodes: [{name: r}, {name: p, kind: broker}, {name: q, kind: broker}]\nlinks: [{from: p, to: q}]",
                        "link 1 (p - q): links two brokers; only routers connect to others"},
                {"nodes: [{name: a, router: {id: x}}]", "node 1 (a): router: id is the generator's to set"},
                {"nodes: [{name: q, kind: broker, attach: bridge}, {name: a}]",
                        "node 1 (q): 'bridge' is not a way to attach a broker (linkRoute or waypoint)"},
                {"links: []", "nodes: must be a list of at least one node"},
                {"nodes: [{name: a}]\nedges: []", "at the top: unknown key 'edges' (known are links, nodes, router)"},
                {"nodes: [a, b]", "node 1: expected a map with name: (and kind:, host:, ...)"},
                {"nodes: [{name: a}\n", null},
        };
        for (String[] c : cases) {
            Files.writeString(dir.resolve("g.yaml"), c[0]);
            String message = refusal("g.yaml");
            if (c[1] == null) {
                assertEquals(true, message.startsWith("g.yaml: not YAML: "), message);
            } else {
                assertEquals("g.yaml: " + c[1], message, c[0]);
            }
        }
        assertEquals("topology file " + dir.resolve("none.yaml") + " does not exist", refusal("none.yaml"));
    }
}
