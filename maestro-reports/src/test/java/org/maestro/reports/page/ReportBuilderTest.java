package org.maestro.reports.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.SequenceEventsCsv;
import picocli.CommandLine;
import org.maestro.reports.Json;
import org.maestro.reports.ReportException;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.SyntheticRun;

/** Builds report.html from a run written with the real writers and checks its figures against the raw files. */
class ReportBuilderTest {
    @TempDir
    static Path tmp;
    static SyntheticRun run;
    static Path report;
    static JsonNode data;

    @BeforeAll
    static void buildReport() throws Exception {
        run = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-120000-synthetic")),
                1_795_000_000_123_456L, 4, 200, 1).write();
        report = ReportBuilder.build(run.dir);
        data = ReportHtml.data(report);
    }

    @Test
    void writesOneSelfContainedPage() throws IOException {
        assertEquals(run.dir.resolve("report.html"), report);
        String html = Files.readString(report);
        assertFalse(html.contains("src=\"http"), "no script loaded from the network");
        assertFalse(html.contains("<script src"), "every script inline");
        assertTrue(html.contains("chart.js 4."), "Chart.js inlined");
        assertTrue(html.contains("chartjs-plugin-zoom"), "zoom plugin inlined");
        assertFalse(html.contains("</script><b>"), "text from summary.json cannot end the data's script element");
        assertEquals("synthetic", data.path("summary").path("name").asText());
    }

    @Test
    void showsEachPeersSystemAndTheConsole() throws Exception {
        assertEquals(2, data.path("systems").size(), "sender and receiver wrote system.json");
        assertEquals("qpid-jms 2.6.1", data.path("systems").get(0).path("driver").asText());
        assertEquals("synthetic run\n", data.path("console").asText());

        // A long console keeps its end, from a whole line, and says so.
        SyntheticRun other = new SyntheticRun(Files.createDirectories(tmp.resolve("long-console")), 1_795_000_000_000_000L, 2, 10, 0).write();
        StringBuilder log = new StringBuilder();
        for (int i = 0; log.length() < 3 * SystemsAndConsole.CONSOLE_TAIL; i++) {
            log.append("progress line ").append(i).append('\n');
        }
        log.append("verdict: PASSED\n");
        Files.writeString(other.dir.resolve("console.log"), log);
        String console = ReportHtml.data(ReportBuilder.build(other.dir)).path("console").asText();
        assertTrue(console.startsWith("[... first ") && console.contains("bytes left out: see console.log]\nprogress line "), console.substring(0, 100));
        assertTrue(console.endsWith("verdict: PASSED\n"));
        assertTrue(console.length() <= SystemsAndConsole.CONSOLE_TAIL + 100);
    }

    @Test
    void perSecondCountsSumToTheRateLogs() throws IOException {
        // The time axis is the load's clock: 0 at the sender's start.
        long origin = run.startEpochMicros;
        assertEquals(origin / 1000, data.path("originEpochMillis").asLong());
        for (String[] c : new String[][] {{"throughput-sent", SyntheticRun.SENDER, "sender-0.rlog"},
                {"throughput-received", SyntheticRun.RECEIVER, "receiver-0.rlog"}}) {
            List<JsonNode> series = ReportData.series(data, c[0]);
            assertEquals(1, series.size(), c[0]);
            JsonNode s = series.get(0);
            assertEquals(c[1], s.path("label").asText());
            Map<Integer, Long> expected = new HashMap<>();
            long total;
            try (RateLogReader r = RateLogReader.open(run.dir.resolve("peers").resolve(c[1]).resolve(c[2]))) {
                long start = r.header().testStartEpochMicros();
                total = r.forEachRemaining((eta, ata) ->
                        expected.merge((int) Math.floorDiv(start + ata - origin, 1_000_000L), 1L, Long::sum));
            }
            assertEquals(run.messages, total);
            long sum = 0;
            for (int i = 0; i < s.path("x").size(); i++) {
                long n = s.path("y").get(i).asLong();
                assertEquals(expected.getOrDefault(s.path("x").get(i).asInt(), 0L), n, c[0] + " at second " + s.path("x").get(i));
                sum += n;
            }
            assertEquals(total, sum, c[0] + ": the per-second counts sum to the rate log's records");
        }
        assertEquals(run.messages, data.path("rateLogs").get(0).path("messages").asLong());
    }

    @Test
    void latencyFiguresAreTheHdrLogs() throws IOException {
        Histogram fromFile = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(run.dir.resolve("peers/receiver-1/latency-response.hlog").toFile());
        EncodableHistogram e;
        int intervals = 0;
        while ((e = reader.nextIntervalHistogram()) != null) {
            intervals++;
            if (!"warmup".equals(e.getTag())) {
                fromFile.add((Histogram) e);
            }
        }
        reader.close();
        assertEquals(run.measuredResponse.getTotalCount(), fromFile.getTotalCount());
        JsonNode response = null;
        for (JsonNode f : data.path("latency")) {
            if (f.path("file").asText().equals("latency-response.hlog")) {
                response = f;
            }
        }
        assertTrue(response != null, "response-time figures present");
        assertEquals(fromFile.getTotalCount(), response.path("count").asLong());
        assertEquals(fromFile.getValueAtPercentile(99) / 1000.0, response.path("p99").asDouble(), 1e-9, "p99 in ms");
        assertEquals(run.measuredResponse.getValueAtPercentile(99) / 1000.0, response.path("p99").asDouble(), 1e-9);
        assertEquals(fromFile.getMaxValue() / 1000.0, response.path("max").asDouble(), 1e-9);
        // Over time: one point per second of the log (warm-up included), p99 line per second.
        List<JsonNode> lines = ReportData.series(data, "hdr-time-0");
        assertEquals(List.of("receiver-1 p50", "receiver-1 p99", "receiver-1 max"),
                lines.stream().map(l -> l.path("label").asText()).toList());
        assertEquals(run.seconds, lines.get(1).path("x").size());
        assertEquals(run.seconds, intervals, "one interval per second, warm-up ones tagged");
        assertFalse(ReportData.series(data, "hdr-dist-0").isEmpty(), "distribution drawn");
        assertFalse(ReportData.series(data, "hdr-time-2").isEmpty(), "send delay drawn");
    }

    @Test
    void warmUpInspectorAndActionsAreOnTheTimeAxis() {
        JsonNode w = data.path("warmup");
        // The time axis is the load's clock, 0 at the sender's start (summary.json's start is 0.5 s before, the
        // receiver's 0.25 s before): the receiver's warm-up begins at -0.25 s.
        assertEquals(-0.25, w.path("from").asDouble(), 1e-6);
        assertEquals(1.0, w.path("to").asDouble(), 1e-6);
        List<JsonNode> rates = ReportData.series(data, chartId("queues.csv: rates"));
        assertEquals(List.of("maestro maestro messagesAdded"), rates.stream().map(l -> l.path("label").asText()).toList(),
                "the counter as a rate; the DLQ's, which never grew, left out");
        assertEquals(run.seconds, rates.get(0).path("x").size(), "a rate per pair of samples");
        rates.get(0).path("y").forEach(y -> assertEquals(run.ratePerSecond, y.asDouble(), 1e-6));
        List<JsonNode> levels = ReportData.series(data, chartId("queues.csv: levels"));
        assertEquals(List.of("maestro maestro messageCount"), levels.stream().map(l -> l.path("label").asText()).toList());
        assertEquals(run.seconds + 1, levels.get(0).path("x").size());
        JsonNode marker = data.path("markers").get(0);
        assertEquals("action", marker.path("kind").asText());
        // Reproduction 7 of issue 21: the action planned at 2 s, started 2 s into the load, read "+2.5 s" (from the run's
        // start, before discovery); on the load's clock it is at 2.0 s, where the script put it.
        assertEquals(2000, data.path("summary").path("actions").get(0).path("atMillis").asLong());
        assertEquals(2.0, marker.path("x").asDouble(), 1e-6);
        // Which agent ran it and when it started, as summary.json has them (issue 22): not recomputed here.
        assertEquals("agent-1: restart-artemis.groovy [--graceful] -> succeeded (planned at 2.0 s, started at 2.013 s)",
                marker.path("label").asText());
        assertEquals(1, data.path("markers").size(), "summary actions, not repeated from handlers.csv");
        assertEquals("restart-artemis.groovy", data.path("handlerRuns").get(0).path("handler").asText());
        assertEquals("[\"--graceful\"]", data.path("handlerRuns").get(0).path("args").asText());
    }

    private static String chartId(String titlePart) {
        for (JsonNode c : data.path("charts")) {
            if (c.path("title").asText().contains(titlePart)) {
                return c.path("id").asText();
            }
        }
        throw new AssertionError("no chart titled ..." + titlePart + "... among " + data.path("charts").size());
    }

    @Test
    void aFailedPeerIsMarkedWhereItsMessagesStop() throws Exception {
        SyntheticRun failed = new SyntheticRun(Files.createDirectories(tmp.resolve("failed")), 1_795_000_000_000_000L, 3, 100, 0).write();
        Path summary = failed.dir.resolve("summary.json");
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(summary.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode sender = (com.fasterxml.jackson.databind.node.ObjectNode) s.path("peers").get(0);
        sender.put("ok", false);
        sender.put("end", "ABNORMAL_DISCONNECT");
        s.putArray("actions");
        Json.MAPPER.writeValue(summary.toFile(), s);
        JsonNode d = ReportHtml.data(ReportBuilder.build(failed.dir));
        JsonNode markers = d.path("markers");
        assertEquals(2, markers.size(), "the handlers.csv run (no summary actions) and the failure: " + markers);
        assertEquals("action", markers.get(0).path("kind").asText());
        JsonNode f = markers.get(1);
        assertEquals("failure", f.path("kind").asText());
        assertTrue(f.path("label").asText().contains("sender-1") && f.path("label").asText().contains("ABNORMAL_DISCONNECT"));
        // the last message is sent at 2.99 s + up to 100 us after the sender's start, the origin
        assertEquals(2.99, f.path("x").asDouble(), 0.001);
    }

    @Test
    void onlyAnInspectorsCsvsAreChartedNotAReceiversSequenceEvents() throws Exception {
        SyntheticRun withEvents = new SyntheticRun(Files.createDirectories(tmp.resolve("events")), 1_795_000_000_000_000L, 3, 100, 0)
                .write();
        try (SequenceEventsCsv events = SequenceEventsCsv.create(withEvents.dir.resolve("peers").resolve(SyntheticRun.RECEIVER))) {
            events.write(1_795_000_001_000_000L, 1, 7, SequenceEventsCsv.DUPLICATE);
            events.write(1_795_000_002_000_000L, 1, 9, SequenceEventsCsv.OUT_OF_ORDER);
        }
        JsonNode d = ReportHtml.data(ReportBuilder.build(withEvents.dir));
        List<String> titles = new java.util.ArrayList<>();
        d.path("charts").forEach(c -> titles.add(c.path("title").asText()));
        assertTrue(titles.stream().noneMatch(t -> t.contains(PeerFiles.SEQUENCE_EVENTS_CSV)), titles.toString());
        assertFalse(d.path("notes").toString().contains(PeerFiles.SEQUENCE_EVENTS_CSV), d.path("notes").toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith(SyntheticRun.INSPECTOR + ": queues.csv")), titles.toString());
    }

    @Test
    void aDirectoryWithoutSummaryIsNamed() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("not-a-run"));
        ReportException e = assertThrows(ReportException.class, () -> ReportBuilder.build(empty));
        assertTrue(e.getMessage().contains(empty.toString()) && e.getMessage().contains("summary.json"), e.getMessage());
        ReportException missing = assertThrows(ReportException.class, () -> ReportBuilder.build(tmp.resolve("nowhere")));
        assertTrue(missing.getMessage().contains("nowhere"), missing.getMessage());
    }

    @Test
    void reportCommandPrintsThePath() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cl = new CommandLine(new ReportMain());
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(0, cl.execute(run.dir.toString()));
        assertEquals(report.toAbsolutePath().toString(), out.toString(StandardCharsets.UTF_8).trim());
        assertEquals(2, cl.execute(tmp.resolve("nowhere").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("nowhere"));
    }
}
