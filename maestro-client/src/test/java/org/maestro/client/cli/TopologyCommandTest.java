package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.client.topology.TopologyOutput;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void hostsPutEachRouterAtItsOwnAddressAndItsNeighboursConnectThere() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("topology", "line", "3", "-o", out.toString(),
                "--host", "router-1=10.9.0.1", "--host", "router-2=10.9.0.2", "--host", "router-3=10.9.0.3");
        assertEquals(0, r.exitCode(), r.output());
        String second = Files.readString(TopologyOutput.confOf(out, "router-2"));
        assertTrue(second.contains("name: clients\n    host: 10.9.0.2\n    port: 5674\n"), second);
        // router-2 connects to router-1 (line links go from the later router to the earlier)
        assertTrue(second.contains("name: router-link-router-1\n    host: 10.9.0.1\n    port: 5673\n"), second);
        assertTrue(Files.readString(TopologyOutput.confOf(out, "router-3")).contains("host: 10.9.0.2\n    port: 5675"));
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
