package org.maestro.reports.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;
import org.maestro.results.Sustainability;
import org.maestro.results.Summary;
import java.util.ArrayList;
import java.util.List;
import static org.junit.jupiter.api.Assertions.assertFalse;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reports.index.IndexRow;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.SyntheticRun;

/** An incremental run: a report per step and a top page that links them and charts rate and p99 per step. */
public class IncrementalReportTest {
    @TempDir
    Path tmp;

    /** Writes an incremental run of two steps (the second one failed) and an escaping step path. */
    public static Path incrementalRun(Path base) throws Exception {
        Path dir = Files.createDirectories(base.resolve("20261122-130000-incremental"));
        new SyntheticRun(Files.createDirectories(dir.resolve("steps/20261122-130000-incremental")), 1_795_000_000_000_000L, 2, 100, 1).write();
        new SyntheticRun(Files.createDirectories(dir.resolve("steps/20261122-130010-incremental")), 1_795_000_010_000_000L, 2, 200, 1).write();
        Files.writeString(dir.resolve("incremental.json"), """
                {"name": "incremental", "sustainableRate": 100, "verdict": "passed", "steps": [
                  {"rate": 100, "verdict": "passed", "run": "steps/20261122-130000-incremental", "receiveRate": 100.0, "p99Millis": 1.5, "reasons": []},
                  {"rate": 200, "verdict": "failed", "run": "steps/20261122-130010-incremental", "receiveRate": 180.5,
                   "p99Millis": 300.25, "reasons": ["p99 too high"]},
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
        assertEquals("100 msg/s (the step at 200 msg/s failed)", data.path("incremental").path("sustainable").asText());
        // The throughput-latency curve: p99 against the achieved rate, in order of achieved rate, the chosen rate marked.
        List<JsonNode> curve = ReportData.series(data, "curve");
        JsonNode curveP99 = curve.get(1);
        assertEquals("p99 (ms)", curveP99.path("label").asText());
        assertEquals(2, curveP99.path("x").size(), "the step that did not run is no point of the curve");
        assertEquals(List.of(100.0, 180.5), List.of(curveP99.path("x").get(0).asDouble(), curveP99.path("x").get(1).asDouble()));
        JsonNode chosen = curve.get(3);
        assertEquals("sustainable rate", chosen.path("label").asText());
        assertEquals("marker", chosen.path("style").asText());
        assertEquals(100.0, chosen.path("x").get(0).asDouble());
        assertEquals(1.5, chosen.path("y").get(0).asDouble());
    }

    /**
     * Issue 21, reproduction 6: every step passed up to the maximum, so the sustainable rate is only a lower bound:
     * incremental.json, the report and the index say "at least" (the console prints the same text, from the same
     * record). Before, the report said "Sustainable rate: 1,000 msg/s".
     */
    @Test
    void whenNoStepFailedTheSustainableRateIsALowerBound() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("runs/20261122-140000-incremental"));
        List<Incremental.Step> steps = new java.util.ArrayList<>();
        for (long rate : new long[] {500, 1000}) {
            String run = "steps/20261122-14000" + rate / 500 + "-incremental";
            SyntheticRun step = new SyntheticRun(Files.createDirectories(dir.resolve(run)), 1_795_000_000_000_000L + rate * 10_000_000L,
                    2, (int) rate, 1).write();
            steps.add(Incremental.Step.of(rate, Incremental.Step.CLIMB, run, Summary.read(step.dir.resolve("summary.json")),
                    org.maestro.results.Sustainability.DEFAULT));
        }
        Incremental written = Incremental.of("incremental", 1000, steps);
        written.write(dir.resolve("incremental.json"));
        Incremental read = Incremental.read(dir.resolve("incremental.json"));
        assertEquals(written, read, "incremental.json reads back as it was written");
        assertTrue(read.lowerBound());
        assertEquals(1000L, read.sustainableRate());
        assertTrue(Files.readString(dir.resolve("incremental.json")).contains("\"lowerBound\" : true"));
        String text = "at least 1000 msg/s (no step failed)";
        assertEquals(text, read.sustainableText());
        JsonNode data = ReportHtml.data(ReportBuilder.build(dir));
        assertEquals(text, data.path("incremental").path("sustainable").asText());
        assertEquals(text, IndexRow.read(dir).orElseThrow().path("sustainable").asText());
        // One that failed at its second step: the last passing step, no "at least".
        Incremental failed = Incremental.of("incremental", 1000, List.of(steps.get(0),
                new Incremental.Step(1000, Summary.FAILED, "steps/x", 900.0, 12.0, List.of("rate"))));
        assertFalse(failed.lowerBound());
        assertEquals("500 msg/s (the step at 1000 msg/s failed)", failed.sustainableText());
        assertEquals(Summary.PASSED, failed.verdict());
        Incremental none = Incremental.of("incremental", 1000, List.of(new Incremental.Step(500, Summary.FAILED, "steps/x", 400.0, null, List.of())));
        assertEquals("unknown (no step was sustainable; the step at 500 msg/s failed)", none.sustainableText());
        assertEquals(Summary.FAILED, none.verdict());
    }

    /**
     * A search ended by a confirmation that did not hold and one that did (incremental.json's "confirmed"): the report
     * says it, links both runs' reports and marks the confirmed point on the curve.
     */
    @Test
    void theConfirmedRateIsReportedAndMarkedOnTheCurve() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("runs/20261122-150000-find-limit"));
        List<Incremental.Step> steps = new ArrayList<>();
        List<Confirmation> confirmations = new ArrayList<>();
        for (long rate : new long[] {500, 1000, 400}) {
            boolean confirmation = rate != 500;
            String run = (confirmation ? "confirm/" : "steps/") + "20261122-15000" + rate / 100 + "-find-limit";
            SyntheticRun r = new SyntheticRun(Files.createDirectories(dir.resolve(run)), 1_795_000_000_000_000L + rate * 10_000_000L,
                    2, (int) rate, 1).write();
            Incremental.Step step = Incremental.Step.of(rate, confirmation ? Incremental.Step.CONFIRM : Incremental.Step.CLIMB, run,
                    Summary.read(r.dir.resolve("summary.json")), Sustainability.DEFAULT);
            if (confirmation) {
                // The one at 1000 msg/s did not hold (a cold start fell behind), the one at 400 did.
                confirmations.add(new Confirmation(rate, 30, "a cold start", rate == 1000
                        ? step.toBuilder().sustainable(false).reasons(List.of("received 700 msg/s")).build() : step));
            } else {
                steps.add(step);
            }
        }
        Incremental written = Incremental.of("find-limit", 1000, steps).withConfirmations(confirmations);
        written.write(dir.resolve("incremental.json"));
        Incremental read = Incremental.read(dir.resolve("incremental.json"));
        assertEquals(written, read, "incremental.json reads back as it was written");
        assertTrue(Files.readString(dir.resolve("incremental.json")).contains("\"confirmed\" : {"), "under the key 'confirmed'");
        assertEquals(400L, read.limitRate());
        JsonNode inc = ReportHtml.data(ReportBuilder.build(dir)).path("incremental");
        assertEquals("confirmed at 400 msg/s for 30 s from a cold start; not at 1000 msg/s (received 700 msg/s)",
                inc.path("confirmedText").asText());
        assertEquals(400, inc.path("confirmed").path("rate").asLong());
        assertEquals(400, inc.path("limitRate").asLong());
        JsonNode runs = inc.path("confirmations");
        assertEquals(2, runs.size());
        assertFalse(runs.get(0).path("held").asBoolean());
        assertTrue(Files.isRegularFile(dir.resolve(runs.get(1).path("report").asText())), "the confirmation's report: " + runs);
        JsonNode marker = ReportData.series(ReportHtml.data(dir.resolve("report.html")), "curve").stream()
                .filter(n -> n.path("label").asText().equals("confirmed rate")).findFirst().orElseThrow();
        assertEquals("marker", marker.path("style").asText());
        assertEquals(read.confirmed().figures().receiveRate(), marker.path("x").get(0).asDouble());
        assertEquals(read.confirmed().figures().p99Millis(), marker.path("y").get(0).asDouble());
    }
}
