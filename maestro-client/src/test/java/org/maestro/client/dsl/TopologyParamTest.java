package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.router.RouterKind;

import java.nio.file.Files;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code topology} in a script: what --local starts, refused on its line when wrong or without --local. */
class TopologyParamTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "router-line.groovy");

    @Test
    void routerLineStartsALineOfThreeWithLocalUnlessGivenUrls() throws Exception {
        assertEquals("line 3", ScriptRunner.load(SCRIPT, Map.of(), true).topology());
        assertEquals("ring 4", ScriptRunner.load(SCRIPT, Map.of("topology", "ring 4"), true).topology());
        TestPlan given = ScriptRunner.load(SCRIPT, Map.of("sendUrl", "amqp://r1:5672/q", "receiveUrl", "amqp://r3:5672/q"), false);
        assertNull(given.topology());
        assertEquals("amqp://r1:5672/q", given.sendUrl());
        assertEquals("amqp://r3:5672/q", given.receiveUrl());
    }

    /** skupper-router has no link routes: broker-in-the-middle takes its auto-linked graph then, which that kind can run. */
    @Test
    void brokerInTheMiddleOnSkupperTakesTheWaypointGraph() throws Exception {
        Path middle = Path.of("..", "test-scripts", "broker-in-the-middle.groovy");
        TestPlan plan = ScriptRunner.load(middle, Map.of("router", "skupper"), true);
        assertEquals("broker-in-the-middle-waypoint.yaml", Path.of(plan.topology()).getFileName().toString());
        org.maestro.client.topology.Topology t = org.maestro.client.topology.TopologyDescription.parse(plan.topology(), Path.of(""));
        assertEquals(RouterKind.SKUPPER, t.kindWith(plan.router(), "-P router="));
        assertEquals(RouterKind.QPID_DISPATCH, t.kindWith(null, "-P router="), "Qpid Dispatch runs it too");
    }

    /** A graph file that names one router kind and a run that chooses the other: one line, before anything starts. */
    @Test
    void aFileOfOneKindAndARunOfTheOtherAreRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path graph = Files.writeString(dir.resolve("sk.yaml"), "router: skupper\nnodes: [{name: a}]\n");
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", dir.resolve("runs").toString(),
                "-P", "router=qpid-dispatch", "-P", "topology=" + graph);
        assertEquals(2, r.exitCode(), r.output());
        assertEquals("maestro: topology 'sk.yaml' says router: skupper, -P router= (or the script's router line) says"
                + " qpid-dispatch: choose one (or drop router: from the file)", r.output().strip());
    }

    /** A graph file the script names is found beside it, wherever maestro runs (here: maestro-client, not test-scripts). */
    @Test
    void theThesisScriptsLoadTheirTopologiesBesideThem() throws Exception {
        Path middle = Path.of("..", "test-scripts", "broker-in-the-middle.groovy");
        String file = ScriptRunner.load(middle, Map.of(), true).topology();
        assertEquals(middle.toAbsolutePath().normalize().resolveSibling("broker-in-the-middle.yaml").toString(), file);
        assertEquals("broker-in-the-middle.yaml", org.maestro.client.topology.TopologyDescription.parse(file, Path.of("")).description());
        java.util.List<TestPlan> vs = ScriptRunner.loadAll(Path.of("..", "test-scripts", "router-vs-broker.groovy"),
                Map.of("rate", "max"), true);
        assertEquals(java.util.List.of("router-vs-broker-router", "router-vs-broker-broker"), vs.stream().map(TestPlan::name).toList());
        assertEquals("line 1", vs.get(0).topology());
        assertNull(vs.get(1).topology(), "the broker: --local's embedded one");
        assertEquals(vs.get(0).rate(), vs.get(1).rate(), "the same load on both");
    }

    @Test
    void aBadTopologyOrOneWithoutLocalIsRefusedOnItsLine() {
        ScriptException bad = assertThrows(ScriptException.class,
                () -> ScriptRunner.load("t.groovy", "test {\n  topology param('topology', null)\n}", Map.of("topology", "line 0"), true));
        assertEquals("t.groovy:2: -P topology=line 0: line 0: a line has 1 to 64 routers", bad.getMessage());
        ScriptException lab = assertThrows(ScriptException.class,
                () -> ScriptRunner.load("t.groovy", "test {\n  topology 'line 3'\n}", Map.of(), false));
        assertEquals("t.groovy:2: topology 'line 3': only --local starts routers; on a lab, deploy the configurations of"
                + " maestro topology and give sendUrl and receiveUrl", lab.getMessage());
    }

    /** A router the topology lacks, named by an inspector or an agent's action, is refused on its line: before anything starts. */
    @Test
    void aRouterTheTopologyLacksIsRefusedOnItsLine() {
        ScriptException inspector = assertThrows(ScriptException.class, () -> ScriptRunner.load("t.groovy",
                "test {\n  topology 'line 3'\n  inspector 'amqp-management', router: param('inspect', null)\n}",
                Map.of("inspect", "route-3"), true));
        assertEquals("t.groovy:3: -P inspect=route-3: inspector router: 'route-3': line 3 has no such router"
                + " (did you mean 'router-3'?) (or give 'all')", inspector.getMessage());
        ScriptException one = assertThrows(ScriptException.class, () -> ScriptRunner.load("t.groovy",
                "test {\n  topology 'line 3'\n  inspector 'amqp-management', router: 'all', peers: 'one'\n"
                        + "  inspector 'amqp-management', router: 'router-2'\n}", Map.of(), true));
        assertEquals("t.groovy:4: inspector router: 'router-2': router-2 is inspected twice", one.getMessage());
        ScriptException agent = assertThrows(ScriptException.class, () -> ScriptRunner.load("t.groovy",
                "test {\n  topology 'line 3'\n  agent {\n    source 'file:///h.git'\n    at '5s', agent: 'ruoter-2', run: 'x.sh'\n  }\n}",
                Map.of(), true));
        assertEquals("t.groovy:5: topology 'line 3': no agent 'ruoter-2' (did you mean 'router-2'?); an agent runs beside"
                + " each router, named after it: router-1, router-2, router-3", agent.getMessage());
        // Routers it has pass.
        assertEquals(1, assertDoesNotThrow(() -> ScriptRunner.load("t.groovy", "test {\n  topology 'line 3'\n"
                + "  inspector 'amqp-management', router: 'router-3'\n}", Map.of(), true)).inspectors().size());
    }
}
