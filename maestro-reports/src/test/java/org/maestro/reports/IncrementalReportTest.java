package org.maestro.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An incremental run: a report per step and a top page that links them and charts rate and p99 per step. */
class IncrementalReportTest {
    @TempDir
    Path tmp;

    /** Writes an incremental run of two steps (the second one failed) and an escaping step path. */
    static Path incrementalRun(Path base) throws Exception {
        Path dir = Files.createDirectories(base.resolve("20261122-130000-incremental"));
        new SyntheticRun(Files.createDirectories(dir.resolve("steps/20261122-130000-incremental")), 1_795_000_000_000_000L, 2, 100, 1).write();
        new SyntheticRun(Files.createDirectories(dir.resolve("steps/20261122-130010-incremental")), 1_795_000_010_000_000L, 2, 200, 1).write();
        Files.writeString(dir.resolve("incremental.json"), """
                {"name": "incremental", "sustainableRate": 100, "verdict": "passed", "steps": [
                  {"rate": 100, "verdict": "passed", "run": "steps/20261122-130000-incremental", "receiveRate": 100.0, "p99Millis": 1.5, "reasons": []},
                  {"rate": 200, "verdict": "failed", "run": "steps/20261122-130010-incremental", "receiveRate": 180.5, "p99Millis": 300.25, "reasons": ["p99 too high"]},
                  {"rate": 300, "verdict": "error", "run": "../../etc", "receiveRate": 0, "p99Millis": 0, "reasons": ["not run"]}
                ]}
                """);
        return dir;
    }

    @Test
    void reportsEveryStepAndLinksThem() throws Exception {
        Path dir = incrementalRun(tmp);
        Path report = ReportBuilder.build(dir);
        assertEquals(dir.resolve("report.html"), report);
        JsonNode data = ReportHtml.data(report);
        JsonNode steps = data.path("incremental").path("steps");
        assertEquals(3, steps.size());
        assertEquals("steps/20261122-130000-incremental/report.html", steps.get(0).path("report").asText());
        assertTrue(Files.isRegularFile(dir.resolve(steps.get(1).path("report").asText())), "the step's report is written");
        assertEquals("", steps.get(2).path("report").asText(), "a step path outside the run is not followed");
        JsonNode p99 = ReportData.series(data, "steps-p99").get(0);
        assertEquals(300.25, p99.path("y").get(1).asDouble());
        assertEquals(200, p99.path("x").get(1).asInt());
    }
}
