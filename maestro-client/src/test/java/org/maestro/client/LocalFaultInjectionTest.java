package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.testing.Integration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fault injection runs locally with nothing set up: {@code maestro run test-scripts/fixed-rate-with-agent.groovy --local}
 * as a user types it, in a process of its own. The standalone Artemis comes from the cache (filled from ~/.m2, where
 * the build put the distribution; this test's own cache under target/), the agent's handlers from test-scripts/handlers,
 * and the restart's loss, outage and recovery are in the summary. Nothing is left behind: no broker process, no
 * instance, no handler repository (the client's temporary directory is this test's).
 */
@Integration
class LocalFaultInjectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(LocalFaultInjectionTest.class);
    /**
     * A hang's bound, not the expected time: the run takes about 50 s on an idle 2-core host (20 s of load, the
     * broker's creation and start, the restart inside the load, drain and collection), and up to 120 s was seen on
     * one running several builds at once.
     */
    private static final long BOUND_SECONDS = 180;

    @TempDir
    Path tmp;

    @Test
    void theFaultScenarioRunsLocallyAndEndsWithTheRestartsCost() throws Exception {
        Path runs = tmp.resolve("runs");
        Path clientTmp = Files.createDirectories(tmp.resolve("client-tmp"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-Djava.io.tmpdir=" + clientTmp, "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
        command.addAll(org.maestro.common.testing.ChildJvm.testOptions());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), MaestroMain.class.getName(),
                "run", Path.of("..", "test-scripts", "fixed-rate-with-agent.groovy").toString(), "--local",
                "-P", "duration=20s", "-P", "at=5s", "--runs", runs.toString()));
        Path output = tmp.resolve("maestro.out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("XDG_CACHE_HOME", Path.of("target", "maestro-cache").toAbsolutePath().toString());
        Process maestro = builder.start();
        try {
            boolean ended = maestro.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
            String out = Files.readString(output, StandardCharsets.UTF_8);
            // The figures of this run, for the build log (docs/reliability.md quotes them).
            out.lines().filter(l -> l.startsWith("local SUT: standalone") || l.startsWith("  action ") || l.startsWith("total:")
                    || l.startsWith("verdict:")).forEach(l -> LOG.info("maestro run --local: {}", l));
            assertTrue(ended, "maestro run --local did not end within " + BOUND_SECONDS + " s:\n" + out);
            assertEquals(0, maestro.exitValue(), out);
            assertTrue(out.contains("local SUT: standalone ActiveMQ Artemis "), out);
            assertTrue(out.contains("verdict: PASSED"), out);

            Path run;
            try (Stream<Path> dirs = Files.list(runs)) {
                run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            }
            JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
            assertEquals("passed", s.get("verdict").asText(), s.toString());
            JsonNode action = s.get("actions").get(0);
            assertEquals("restart-broker.sh", action.get("handler").asText());
            assertEquals("succeeded", action.get("outcome").asText(), action.toString());
            assertTrue(action.get("outageMillis").asLong() > 0, "the restart stopped the flow: " + action);
            assertTrue(action.get("recoveryMillis").asLong() >= action.get("outageMillis").asLong(), "recovery measured: " + action);
            assertTrue(action.get("lost").isIntegralNumber() && s.get("totals").get("lost").isIntegralNumber(),
                    "the loss is measured, for the action and in total: " + action + " " + s.get("totals"));
            assertTrue(s.get("description").asText().startsWith("standalone ActiveMQ Artemis "), s.toString());
        } finally {
            maestro.descendants().forEach(ProcessHandle::destroyForcibly);
            maestro.destroyForcibly();
            maestro.waitFor(10, TimeUnit.SECONDS);
            List<ProcessHandle> brokers = brokersUnder(clientTmp);
            brokers.forEach(ProcessHandle::destroyForcibly); // a broker a restart handler started is no child of the client
            assertEquals(List.of(), brokers.stream().map(ProcessHandle::pid).toList(), "no broker outlives the run");
        }
        try (Stream<Path> left = Files.list(clientTmp)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("maestro-")).toList(),
                    "the Artemis instance, the handler repository and the peers' files are deleted");
        }
    }

    /** Broker JVMs whose instance ({@code -Dartemis.instance=}) is under {@code dir}. */
    private static List<ProcessHandle> brokersUnder(Path dir) throws IOException {
        String prefix = "-Dartemis.instance=" + dir.toRealPath();
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                .map(args -> Stream.of(args).anyMatch(a -> a.startsWith(prefix))).orElse(false)).toList();
    }
}
