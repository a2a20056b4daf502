package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.client.topology.TopologyOutput;
import org.maestro.common.router.RouterKind;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code maestro topology}: the files it writes, and its one-line refusals (exit 2, no stack trace). */
class TopologyCommandTest {
    @TempDir
    Path out;

    @Test
    void aLineOfThreeWritesThreeConfigurationsAndThePicture() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("topology", "line", "3", "--output", out.toString(), "--ports", "7000");
        assertEquals(0, r.exitCode(), r.output());
        for (String f : new String[]{"router-1/qdrouterd.conf", "router-2/qdrouterd.conf", "router-3/qdrouterd.conf",
                TopologyOutput.DOT, TopologyOutput.SVG}) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertTrue(r.output().contains("router-3     clients amqp://127.0.0.1:7004, routers 7005; linked to router-2"), r.output());
        assertTrue(MaestroCommand.run("topology", "ring 3", "-o", out.resolve("ring").toString(), "--ports", "free").exitCode() == 0);
    }

    @Test
    void routerSkupperWritesSkrouterdConfsAndEdgesListTheirInteriors() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("topology", "edges", "2x2", "--router", "skupper", "-o", out.toString(),
                "--ports", "7000");
        assertEquals(0, r.exitCode(), r.output());
        for (String router : new String[]{"router-1", "router-2", "edge-1-1", "edge-1-2", "edge-2-1", "edge-2-2"}) {
            Path conf = TopologyOutput.confOf(out, router, RouterKind.SKUPPER);
            assertEquals("skrouterd.conf", conf.getFileName().toString());
            assertTrue(Files.isRegularFile(conf), router);
            assertFalse(Files.exists(TopologyOutput.confOf(out, router, RouterKind.QPID_DISPATCH)), router);
        }
        assertTrue(Files.readString(TopologyOutput.confOf(out, "edge-2-1", RouterKind.SKUPPER)).contains("mode: edge\n"));
        assertTrue(r.output().contains("router-1     clients amqp://127.0.0.1:7000, routers 7001, edges 7012; linked to router-2,"
                + " edge-1-1, edge-1-2"), r.output());
        assertTrue(r.output().contains("edge-2-2     clients amqp://127.0.0.1:7010, edge router; linked to router-2"), r.output());
        assertTrue(r.output().contains("6 skrouterd.conf of 'edges 2x2' (skupper-router)"), r.output());
        Path graph = Files.writeString(out.resolve("sk.yaml"), "router: skupper\nnodes: [{name: a}]\n");
        MaestroCommand.Result fromFile = MaestroCommand.run("topology", graph.toString(), "-o", out.resolve("f").toString());
        assertEquals(0, fromFile.exitCode(), fromFile.output());
        assertTrue(Files.isRegularFile(out.resolve("f/a/skrouterd.conf")), "the file's router: chooses when --router does not");
    }

    @Test
    void hostsPutEachRouterAtItsOwnAddressAndItsNeighboursConnectThere() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("topology", "line", "3", "-o", out.toString(),
                "--host", "router-1=10.9.0.1", "--host", "router-2=10.9.0.2", "--host", "router-3=10.9.0.3");
        assertEquals(0, r.exitCode(), r.output());
        String second = Files.readString(TopologyOutput.confOf(out, "router-2", RouterKind.QPID_DISPATCH));
        assertTrue(second.contains("name: clients\n    host: 10.9.0.2\n    port: 5674\n"), second);
        // router-2 connects to router-1 (line links go from the later router to the earlier)
        assertTrue(second.contains("name: router-link-router-1\n    host: 10.9.0.1\n    port: 5673\n"), second);
        assertTrue(Files.readString(TopologyOutput.confOf(out, "router-3", RouterKind.QPID_DISPATCH)).contains("host: 10.9.0.2\n    port: 5675"));
        assertTrue(r.output().contains("router-1     clients amqp://10.9.0.1:5672"), r.output());
    }

    @Test
    void badInputIsOneLineAndExitCodeTwo() throws Exception {
        assertRefused("maestro: line 0: a line has 1 to 64 routers", "topology", "line", "0", "-o", out.toString());
        assertRefused("maestro: topology 'mesh 3': 'mesh' is not a shape nor a file: " + org.maestro.client.topology.TopologyDescription.FORM,
                "topology", "mesh", "3", "-o", out.toString());
        assertRefused("maestro: --ports 'many': give the first port (e.g. 5672) or 'free'", "topology", "line 2", "-o",
                out.toString(), "--ports", "many");
        assertRefused("maestro: no node named 'router-4' in line 3 (did you mean 'router-1'?)", "topology", "line 3",
                "-o", out.toString(), "--host", "router-4=10.9.0.4");
        assertRefused("maestro: the host of node 'router-1': '' is not a host name or address", "topology", "line 3",
                "-o", out.toString(), "--host", "router-1=");
        assertRefused("maestro topology: Invalid value for option '--router': router 'nats' is no router kind: choose one of"
                + " qpid-dispatch, skupper (qpid-dispatch by default); see 'maestro topology --help'", "topology", "line 2",
                "--router", "nats", "-o", out.toString());
        Path skupper = Files.writeString(out.resolve("sk.yaml"), "router: skupper\nnodes: [{name: a}]\n");
        assertRefused("maestro: topology 'sk.yaml' says router: skupper, --router says qpid-dispatch: choose one (or drop"
                + " router: from the file)", "topology", skupper.toString(), "--router", "qpid-dispatch", "-o", out.toString());
        Path linkRouted = Files.writeString(out.resolve("lr.yaml"),
                "nodes: [{name: a}, {name: q, kind: broker}]\nlinks: [{from: a, to: q}]\n");
        assertRefused("maestro: topology 'lr.yaml': broker q is attached by linkRoute, which skupper-router does not have: give"
                + " it attach: waypoint (auto-links) and its queue as address", "topology", linkRouted.toString(), "--router",
                "skupper", "-o", out.toString());
        Path graph = Files.writeString(out.resolve("lab.yaml"), "nodes: [{name: edge-a}, {name: edge-b}]\nlinks: [{from: edge-a, to: core}]\n");
        assertRefused("maestro: lab.yaml: link 1 (edge-a - core): no node named 'core' (the nodes are edge-a, edge-b)", "topology",
                graph.toString(), "-o", out.resolve("x").toString());
    }

    private static void assertRefused(String line, String... args) {
        MaestroCommand.Result r = MaestroCommand.run(args);
        assertEquals(2, r.exitCode(), r.output());
        assertEquals(line, r.output().strip(), "one line, no stack trace");
    }
}
