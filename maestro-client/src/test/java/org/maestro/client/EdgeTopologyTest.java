package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maestro.client.local.LocalRouters;
import org.maestro.client.local.RouterBinary;
import org.maestro.client.local.TestRouters;
import org.maestro.client.topology.Topology;
import org.maestro.client.topology.TopologyDescription;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.testing.Integration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Edge routers on real routers ({@link TestRouters}): the way skupper is deployed, two interiors with edges of their
 * own, carrying a {@code --local} run from an edge of one interior to an edge of the other; and a graph whose edge has
 * an uplink and a standby and whose broker is attached by auto-links, started by {@link LocalRouters} on each kind
 * (its readiness check waits for each edge's edge connection, as an edge is in no routing table).
 */
@Integration
class EdgeTopologyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE = 200;
    private static final int SECONDS = 4;

    @TempDir
    Path dir;

    @Test
    void edgesOfTwoInteriorsOnSkupperCarryARunFromAnEdgeToAnEdgeOfTheOtherInteriorWithNothingLost() throws Exception {
        RouterBinary binary = TestRouters.binary(RouterKind.SKUPPER);
        Path runs = dir.resolve("runs");
        MaestroCommand.Result r = MaestroCommand.run("run", Path.of("..", "test-scripts", "router-line.groovy").toString(),
                "--local", "--runs", runs.toString(), "-P", "router=skupper", "-P", "topology=edges 2x2",
                "-P", "rate=" + RATE, "-P", "duration=" + SECONDS + "s", "-P", "warmup=1s", "-P", "warmupSendDelay=500ms",
                "-P", "warmupMax=2s", "-P", "connections=2", "-P", "p99=5 s", "-P", "minRate=50 %");
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode totals = JSON.readTree(run.resolve("summary.json").toFile()).get("totals");
        assertEquals(DueMessages.of(RATE, SECONDS, "1s"), totals.get("sent").asLong(), totals.toString());
        assertEquals(totals.get("sent").asLong(), totals.get("received").asLong(), totals.toString());
        assertEquals(0, totals.get("lost").asLong(), totals.toString());
        JsonNode topology = JSON.readTree(run.resolve(RunTopology.FILE).toFile());
        assertEquals("edge-1-1", topology.get("sendsOn").asText(), "the senders on an edge of router-1");
        assertEquals("edge-2-2", topology.get("receivesOn").asText(), "the receivers on an edge of router-2");
        assertEquals(binary.describe(), topology.get("router").asText());
        Map<String, String> kinds = new LinkedHashMap<>();
        topology.get("nodes").forEach(n -> kinds.put(n.get("name").asText(), n.get("kind").asText()));
        assertEquals(Map.of("router-1", RunTopology.ROUTER, "router-2", RunTopology.ROUTER, "edge-1-1", RunTopology.EDGE_ROUTER,
                "edge-1-2", RunTopology.EDGE_ROUTER, "edge-2-1", RunTopology.EDGE_ROUTER, "edge-2-2", RunTopology.EDGE_ROUTER), kinds);
        assertTrue(Files.readString(run.resolve("routers/edge-1-1.log")).contains("Router started in Edge mode"),
                "skrouterd's own log of the edge, kept in the run directory");
    }

    @ParameterizedTest
    @EnumSource(RouterKind.class)
    void anEdgeWithAStandbyUplinkAndAnAutoLinkedBrokerStartsOnEachKind(RouterKind kind) throws Exception {
        RouterBinary binary = TestRouters.binary(kind);
        Path graph = Files.writeString(dir.resolve("standby.yaml"), """
                nodes:
                  - {name: a}
                  - {name: b}
                  - {name: e, mode: edge}
                  - {name: q, kind: broker, port: 1, addresses: [maestro.local], attach: waypoint}
                links:
                  - {from: b, to: a}
                  - {from: e, to: a}
                  - {from: e, to: b}
                  - {from: a, to: q, direction: out}
                """);
        Topology t = TopologyDescription.parse(graph.toString(), dir);
        try (LocalRouters routers = LocalRouters.start(t, binary, dir.resolve("routers"), TestRouters.READY_WITHIN)) {
            assertEquals(kind.confFile(), routers.confOf("e").getFileName().toString());
            assertEquals(kind.command() + ".log", routers.logOf("e").getFileName().toString());
            assertTrue(Files.readString(routers.confOf("e")).contains("role: edge"), "the edge's connectors");
            assertTrue(Files.readString(routers.confOf("a")).contains("autoLink {"), "the broker's auto-link");
        }
    }
}
