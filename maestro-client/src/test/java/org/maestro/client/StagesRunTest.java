package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.Integration;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A three-stage rate profile with {@code --local} (test-scripts/stages.groovy: a step, a ramp, a step): each stage's
 * messages are due on the one schedule (exact counts), and its achieved rate is its own, in summary.json, on the
 * console and in the report's data.
 */
@Integration
class StagesRunTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "stages.groovy");

    @TempDir
    Path runs;

    @Test
    void eachStageAchievesItsOwnRate() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "low=100", "-P", "high=300", "-P", "lowFor=3s", "-P", "rampFor=4s", "-P", "highFor=3s", "-P", "p99=10 s");
        assertNotEquals(2, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode stages = new ObjectMapper().readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile()).get("stages");
        assertEquals(3, stages.size(), stages.toString());
        long[] due = {300, 800, 900};
        double[] target = {100, 200, 300};
        for (int i = 0; i < 3; i++) {
            JsonNode s = stages.get(i);
            assertEquals(target[i], s.get("targetRate").asDouble(), 1e-9, s.toString());
            // Due by intended time: the schedule itself, exact to a message at each boundary.
            assertTrue(Math.abs(s.get("sent").asLong() - due[i]) <= 2, "stage " + (i + 1) + " due " + due[i] + ": " + s);
            // Received while it ran: its own rate, give or take what crossed a boundary on a busy host.
            double achieved = s.get("achievedRate").asDouble();
            assertTrue(Math.abs(achieved - target[i]) <= 0.15 * target[i], "stage " + (i + 1) + " achieved " + achieved + ": " + s);
            assertTrue(r.output().contains(String.format(java.util.Locale.ROOT, "stage %d (%s", i + 1, s.get("stage").asText())),
                    r.output());
        }
        assertEquals("100/s 3s", stages.get(0).get("stage").asText());
        assertEquals("100/s..300/s 4s", stages.get(1).get("stage").asText());
        assertTrue(Files.readString(run.resolve("report.html")).contains("\"stages\""), "the report carries summary.json's stages");
    }
}
