package org.maestro.reports.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reports.RunsFixture;
import org.maestro.results.history.History;
import org.maestro.results.history.HistoryScan;

/** The index's history charts: the history {@code maestro history} finds, drawn per test with its change points. */
class HistoryChartsTest {
    @TempDir
    Path tmp;

    @Test
    void aStepIsMarkedAtTheFirstSlowBuild() throws Exception {
        Path runs = HistoryFixture.write(tmp.resolve("runs"));
        JsonNode charts = RunIndex.data(runs).path("charts");
        List<JsonNode> history = new ArrayList<>();
        charts.forEach(c -> {
            if (c.path("kind").asText().equals(HistoryCharts.KIND)) {
                history.add(c);
            }
        });
        JsonNode rate = history.stream().filter(c -> c.path("title").asText().equals("nightly: receive rate over its runs"))
                .findFirst().orElseThrow(() -> new AssertionError("no receive rate history in " + charts));
        assertEquals(HistoryFixture.NIGHTS, rate.path("runs").size());
        assertEquals("build 401", rate.path("runs").get(0).asText(), "each run named by its build");
        assertEquals(HistoryFixture.NIGHTS, rate.path("series").get(0).path("y").size());
        JsonNode points = rate.path("changePoints");
        assertEquals(1, points.size(), points.toString());
        assertEquals(HistoryFixture.STEADY, points.get(0).path("index").asInt());
        assertEquals("build " + HistoryFixture.FIRST_SLOW_BUILD, points.get(0).path("label").asText());
        assertTrue(points.get(0).path("text").asText().matches("receive rate -(49\\.\\d|50(\\.\\d)?) % at build 408, confidence (> )?[0-9.]+ %"),
                points.toString());
        // Drawn, not recomputed: the same change points as maestro history's.
        History.Series found = HistoryScan.of(runs, null).test(HistoryFixture.TEST).series().stream()
                .filter(s -> s.metric().equals("receive rate")).findFirst().orElseThrow();
        assertEquals(found.changePoints().get(0).text(), points.get(0).path("text").asText().substring("receive rate ".length()));
        assertTrue(history.stream().anyMatch(c -> c.path("title").asText().equals("nightly: response time p99 over its runs")),
                "the p99 is always drawn");
    }

    @Test
    void aTestWithTooFewRunsForAChangePointHasNoHistoryChart() throws Exception {
        RunsFixture runs = RunsFixture.write(tmp.resolve("few"));
        RunIndex.data(runs.dir).path("charts").forEach(c -> assertTrue(!c.path("kind").asText().equals(HistoryCharts.KIND),
                c.path("title").asText()));
    }
}
