package org.maestro.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.results.Summary;
import org.maestro.reports.compare.Comparison;
import org.maestro.reports.compare.ComparisonCharts;
import org.maestro.reports.index.IndexRow;
import org.maestro.reports.compare.Metric;
import org.maestro.reports.compare.MetricVerdict;
import org.maestro.reports.page.ReportData;
import org.maestro.reports.compare.RunFigures;
import org.maestro.reports.index.TrendCharts;

/**
 * Issue 21's reproductions on the reports' side, on run directories of real peer files (written by the real
 * writers, {@link SyntheticRun}): (1) a route's comparison slices span its own peers; (3) comparison.html's p99 line
 * agrees with its table and its warm-up band; a latency with no value is unknown on the report and the index.
 */
class ResultsReproductionsTest {
    private static final long T0 = 1_795_000_000_000_000L;
    private static final long DAY = 86_400_000_000L;

    /**
     * Two routes from the same start: "long" runs 12 s, "short" 7 s (after its 1 s warm-up, enough whole seconds to
     * slice: RunFigures.MIN_SLICES). Both at a steady 200 msg/s, so the short route's receive rate barely moves between
     * slices of its own measured period; ending its slices at the long route's last message (as RunFigures did) gave it
     * five empty seconds and a spread of about half its rate.
     */
    @Test
    void aRoutesSlicesSpanItsOwnPeers(@TempDir Path tmp) throws Exception {
        Path run = twoRoutes(tmp, "run", T0);
        Summary summary = RunDirectory.open(run).summary;
        List<Metric> metrics = Metric.of(summary, summary);
        RunFigures f = RunFigures.read(RunDirectory.open(run), metrics);
        for (String route : List.of("short", "long")) {
            Metric rate = metrics.stream().filter(m -> m.name().equals("route " + route + ": receive rate")).findFirst().orElseThrow();
            double noise = f.noise(rate);
            assertTrue(noise < 10, "route " + route + ": receive rate spread " + noise + " msg/s at a steady 200 msg/s");
        }
        assertEquals(7, f.routeSeconds("short")[1], 1, "the short route's period ends with its own peers");
        assertEquals(12, f.routeSeconds("long")[1], 1);
        // Compared with a copy of itself a day earlier: the short route's threshold is that of a steady route.
        Path baseline = twoRoutes(tmp, "baseline", T0 - DAY);
        Comparison c = Comparison.of(List.of(baseline), run, null);
        MetricVerdict shortRate = c.verdicts().stream().filter(v -> v.metric().name().equals("route short: receive rate"))
                .findFirst().orElseThrow();
        assertTrue(shortRate.threshold() < 30, "threshold \u00b1" + shortRate.threshold() + " msg/s for a 200 msg/s route");
    }

    /**
     * The receiver's intervals stay tagged warm-up 2 s past the sender's 1 s warm-up, at 7.3 s each (messages sent in
     * the warm-up arriving late). The table's response time max (summary.json's, after warm-up) is a few ms: the p99
     * line must not show 7,300 ms, and the shaded band must reach the end of the warm-up-tagged data.
     */
    @Test
    void theComparisonsP99LineAgreesWithItsTableAndItsWarmupBand(@TempDir Path tmp) throws Exception {
        SyntheticRun base = new SyntheticRun(tmp.resolve("base"), T0 - DAY, 10, 200, 1).write();
        SyntheticRun cand = new SyntheticRun(tmp.resolve("cand"), T0, 10, 200, 1).receiverWarmupTail(2, 7_300_000).seed(3).write();
        RunDirectory run = RunDirectory.open(cand.dir);
        List<Metric> metrics = Metric.of(run.summary, run.summary);
        RunFigures candidate = RunFigures.read(run, metrics);
        ObjectNode data = ComparisonCharts.build(candidate, List.of(RunFigures.read(RunDirectory.open(base.dir), metrics)));
        double tableMax = run.summary.totals().responseTime().max();
        assertEquals(cand.measuredResponse.getMaxValue() / 1000.0, tableMax, 1e-9);
        JsonNode line = null;
        for (JsonNode c : data.path("charts")) {
            if (c.path("id").asText().equals("cmp-p99")) {
                line = c.path("series").get(0);
            }
        }
        assertTrue(line != null && line.path("label").asText().startsWith("this run"), String.valueOf(line));
        double lineMax = 0;
        double firstX = Double.MAX_VALUE;
        for (int i = 0; i < line.path("y").size(); i++) {
            lineMax = Math.max(lineMax, line.path("y").get(i).asDouble());
            firstX = Math.min(firstX, line.path("x").get(i).asDouble());
        }
        assertTrue(lineMax <= tableMax, "the p99 line's highest point " + lineMax + " ms is above the table's max " + tableMax + " ms");
        // The receiver starts 250 ms before the sender; the time axis counts from the sender's start (the load's clock
        // origin, as in the report), and the receiver's warm-up-tagged data ends 3 s into the sender's test.
        double band = data.path("warmup").path("to").asDouble();
        assertEquals(3.0, band, 0.01, "the band ends where the warm-up-tagged data ends");
        assertTrue(firstX >= Math.floor(band), "the line starts after the band: " + firstX);
    }

    /** A receiver that measured nothing: its latency is unknown on the report and in the index, never 0. */
    @Test
    void aLatencyWithNoValueIsUnknownNeverZero(@TempDir Path runs) throws Exception {
        SyntheticRun r = new SyntheticRun(runs.resolve("20261122-010000-nothing"), T0, 3, 100, 1).write();
        ObjectNode s = (ObjectNode) Json.MAPPER.readTree(r.dir.resolve("summary.json").toFile());
        ((ObjectNode) s.get("totals")).putNull("responseTime");
        for (JsonNode p : s.get("peers")) {
            if (p.path("role").asText().equals("receiver")) {
                ((ObjectNode) p).putNull("responseTime");
            }
        }
        Json.MAPPER.writeValue(r.dir.resolve("summary.json").toFile(), s);
        ObjectNode data = ReportData.build(RunDirectory.open(r.dir));
        for (JsonNode f : data.path("latency")) {
            if (f.path("file").asText().equals("latency-response.hlog")) {
                assertTrue(f.path("p99").isNull() && f.path("max").isNull(), "unknown, not 0: " + f);
            }
        }
        ObjectNode row = IndexRow.read(r.dir).orElseThrow();
        assertFalse(row.has("p99"), "the index has no p99 to plot: " + row);
        assertFalse(row.has("max"), row.toString());
        // A summary.json of an older Maestro that wrote zeros for nothing measured reads as unknown too.
        ((ObjectNode) s.get("totals")).putObject("responseTime").put("count", 0).put("p50", 0.0).put("p99", 0.0).put("max", 0.0);
        Json.MAPPER.writeValue(r.dir.resolve("summary.json").toFile(), s);
        assertFalse(IndexRow.read(r.dir).orElseThrow().has("p99"));
        assertNull(Summary.Latency.known(Summary.read(r.dir.resolve("summary.json")).totals().responseTime()));
        ArrayNode charts = TrendCharts.of(List.of(IndexRow.read(r.dir).orElseThrow()));
        for (JsonNode c : charts) {
            if (c.path("id").asText().equals("trend-p99")) {
                assertEquals(0, c.path("series").size(), "no p99 point at 0: " + c);
            }
        }
    }

    /**
     * A run of two routes from real peer files: route "long" (its sender and receiver) 12 s, route "short" 7 s, both
     * from {@code start}, 200 msg/s, a 1 s warm-up; summary.json's routes name each route's peers.
     */
    private static Path twoRoutes(Path tmp, String name, long start) throws IOException {
        Path run = Files.createDirectories(tmp.resolve(name));
        SyntheticRun longer = new SyntheticRun(tmp.resolve(name + "-long"), start, 12, 200, 1).write();
        SyntheticRun shorter = new SyntheticRun(tmp.resolve(name + "-short"), start, 7, 200, 1).seed(9).write();
        Files.createDirectories(run.resolve("peers"));
        ObjectNode s = (ObjectNode) Json.MAPPER.readTree(longer.dir.resolve("summary.json").toFile());
        ArrayNode peers = s.putArray("peers");
        ArrayNode routes = s.putArray("routes");
        for (SyntheticRun part : List.of(longer, shorter)) {
            String route = part == longer ? "long" : "short";
            ObjectNode summaryOfPart = (ObjectNode) Json.MAPPER.readTree(part.dir.resolve("summary.json").toFile());
            ObjectNode r = routes.addObject();
            r.put("name", route);
            r.put("protocol", "amqp");
            r.put("target", "amqp://127.0.0.1:5672/" + route);
            ArrayNode names = r.putArray("peers");
            for (String peer : List.of(SyntheticRun.SENDER, SyntheticRun.RECEIVER)) {
                String renamed = route + "-" + peer;
                Files.move(part.dir.resolve("peers").resolve(peer), run.resolve("peers").resolve(renamed));
                names.add(renamed);
                for (JsonNode p : summaryOfPart.get("peers")) {
                    if (p.path("name").asText().equals(peer)) {
                        peers.add(((ObjectNode) p.deepCopy()).put("name", renamed));
                    }
                }
            }
            r.set("totals", summaryOfPart.get("totals"));
        }
        s.putArray("actions");
        Json.MAPPER.writeValue(run.resolve("summary.json").toFile(), s);
        return run;
    }
}
