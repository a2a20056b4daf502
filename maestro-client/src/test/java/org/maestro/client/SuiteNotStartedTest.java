package org.maestro.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A matrix whose {@code --local} cluster cannot start (an agent needs the standalone AMQP broker, the routes speak core)
 * still writes its suite JUnit file, each test that did not run an error test case saying why, and exits 2: a Jenkins
 * JUnit step finds the file and a red build, not a missing file.
 */
class SuiteNotStartedTest {
    private static final String SCRIPT = """
            ['core', 'openwire'].each { p ->
                test {
                    name "agent-${p}"
                    duration '2s'
                    route 'a', protocol: p
                    agent {
                        source 'https://git.example.invalid/handlers.git'
                        at '1s', run: 'restart-broker.sh'
                    }
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aMatrixWhoseClusterDoesNotStartStillWritesItsSuiteFile() throws Exception {
        MaestroCommand.Result r = MaestroCommand.runLocalScript(dir, "matrix.groovy", SCRIPT);
        assertEquals(2, r.exitCode(), r.output());
        Path runs = dir.resolve("runs");
        assertTrue(Files.isDirectory(runs), r.output());
        List<Path> suites;
        try (Stream<Path> files = Files.list(runs)) {
            suites = files.filter(f -> f.getFileName().toString().endsWith(RunLayout.SUITE_JUNIT_SUFFIX)).toList();
        }
        assertEquals(1, suites.size(), r.output());
        String xml = Files.readString(suites.get(0));
        assertTrue(xml.contains("errors=\"2\"") && xml.contains("tests=\"2\""), xml);
        assertTrue(xml.contains("name=\"maestro.agent-core\"") && xml.contains("name=\"maestro.agent-openwire\""), xml);
        assertTrue(xml.contains("the test did not run: --local with an agent gives an AMQP SUT only, not core"), xml);
        assertTrue(r.output().contains("0 of 2 tests ran"), r.output());
    }
}
