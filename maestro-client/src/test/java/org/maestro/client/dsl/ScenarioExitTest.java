package org.maestro.client.dsl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scenario that calls {@code System.exit(0)} once ended {@code maestro run} with exit 0, no output and no run
 * directory: a pass to a CI job, although no test ran. Now exit 2, saying why.
 */
@Integration
class ScenarioExitTest {

    @Test
    void aCallWrittenInTheScenarioIsRefusedNamingItsLine() {
        for (String call : new String[]{"System.exit(0)", "Runtime.getRuntime().halt(0)", "java.lang.System.exit(0)"}) {
            ScriptException e = assertThrows(ScriptException.class, () -> ScriptRunner.load("s.groovy",
                    "test {\n  rate 100\n}\n" + call + "\n", Map.of()));
            assertEquals("s.groovy:4: a scenario cannot end the client (System.exit): it describes a test, which has not"
                    + " run yet", e.getMessage(), call);
        }
    }

    /** In a JVM of its own: the exit the compiler cannot see still ends the client with 2, not the scenario's 0. */
    @Test
    void anExitMadeAnotherWayEndsTheClientWithTwoSayingWhy(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("exits.groovy"), "def s = 'java.lang.System' as Class\ns.exit(0)\n"
                + "test {\n  rate 100\n}\n");
        Path runs = dir.resolve("runs");
        try (ChildJvm client = ChildJvm.start(MaestroMain.class, "run", script.toString(), "--local", "--runs", runs.toString())) {
            assertEquals("maestro: exits.groovy ended the client (System.exit) while it was read: a scenario describes a test,"
                    + " it cannot end the client; no test ran", client.awaitLine("maestro: ", 60));
            assertTrue(client.process().waitFor(30, TimeUnit.SECONDS), "the client ended");
            assertEquals(2, client.process().exitValue(), client.outputTail(20));
            assertFalse(Files.exists(runs) && Files.list(runs).findAny().isPresent(), "no run directory: no test ran");
        }
    }
}
