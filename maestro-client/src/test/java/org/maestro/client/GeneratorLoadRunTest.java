package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.Integration;
import org.maestro.results.reduce.GeneratorLimits;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reproduction 8 of issue 21: a generator that shares its host with the SUT (here {@code --local}: the embedded
 * Artemis in the same JVM as the sender and receiver), flat out, must not pass its figures off as the SUT's. Each
 * worker writes resource-usage.csv; summary.json, the console and the report say the generator shares the SUT's host.
 */
@Integration
class GeneratorLoadRunTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final String SHARED = "throughput/latency may be the generator's, not the SUT's: ";

    @TempDir
    Path runs;

    @Test
    void aFlatOutLocalRunSaysTheGeneratorSharesTheSutsHost() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "rate=0", "-P", "duration=4s", "-P", "warmup=1s", "-P", "connections=1");
        assertNotEquals(2, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = new ObjectMapper().readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile());
        JsonNode generators = s.get("loadGenerators");
        assertEquals(2, generators.get("peers").size(), generators.toString());
        for (JsonNode g : generators.get("peers")) {
            String peer = g.get("peer").asText();
            List<ResourceUsageCsv.Sample> samples = ResourceUsageCsv.read(RunLayout.peerDir(run, peer).resolve(PeerFiles.RESOURCE_USAGE_CSV));
            assertTrue(samples.size() >= 4, peer + " sampled every second of a 5 s test: " + samples);
            assertTrue(g.get("seconds").asInt() >= 2 && g.get("seconds").asInt() < samples.size(),
                    "the measured span leaves the warm-up out: " + g);
            assertTrue(g.get("processCoresMean").asDouble() > 0, "a flat-out JVM used CPU: " + g);
            assertTrue(g.get("processCoresMax").asDouble() <= g.get("cores").asInt() + 0.1, g.toString());
            if (Files.isReadable(Path.of("/proc/stat"))) {
                double busy = g.get("hostBusyPercentMax").asDouble();
                assertTrue(busy > 0 && busy <= 100 && g.get("hostBusyPercentMean").asDouble() <= busy, g.toString());
            }
            assertTrue(g.get("sutOnThisHost").asBoolean(), "the embedded SUT is on 127.0.0.1: " + g);
            assertTrue(g.get("jitCompileMillis").asLong(-1) >= g.get("jitCompileMillisFirst").asLong(-1)
                    && g.get("jitCompileMillisFirst").asLong(-1) >= 0, "HotSpot times its JIT: known figures " + g);
            assertEquals(g.get("jitCompileMillisFirst").asLong() >= GeneratorLimits.COMPILING_MILLIS, g.get("compiling").asBoolean(), g.toString());
            assertTrue(samples.stream().allMatch(x -> x.jitCompileMillis() >= 0), "each second's JIT time: " + samples);
        }
        assertEquals(generators.get("peers").findValues("compiling").stream().anyMatch(JsonNode::asBoolean),
                generators.get("warnings").toString().contains("may be the generator's cold start"),
                "a generator still compiling is warned of: " + generators);
        List<String> warnings = new ObjectMapper().convertValue(generators.get("warnings"),
                new com.fasterxml.jackson.core.type.TypeReference<List<String>>() { });
        String shared = warnings.stream().filter(w -> w.contains("share their host with the SUT")).findFirst().orElseThrow(
                () -> new AssertionError("no warning that the generator shares the SUT's host: " + warnings));
        assertTrue(shared.startsWith(SHARED), shared);
        assertTrue(r.output().contains("warning: " + shared), "the console ends with it:\n" + r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.startsWith("load generator ")), "a line per generator:\n" + r.output());
        // The report embeds summary.json as it is and draws its "Load generators" table from it (ChromiumReportTest).
        assertTrue(Files.readString(run.resolve("report.html")).contains(shared), "the report carries the warning");
    }
}
