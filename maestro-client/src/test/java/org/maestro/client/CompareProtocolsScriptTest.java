package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.artemis.StandaloneArtemis;
import org.maestro.common.note.Role;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerHandler;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * test-scripts/compare-protocols.groovy on a real Artemis: one route per protocol (AMQP, core, OpenWire, MQTT), each with
 * an in-process sender and receiver of its group, at the same rate and size, run by the maestro command.
 */
@Integration
class CompareProtocolsScriptTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "compare-protocols.groovy");
    private static final List<String> PROTOCOLS = List.of("amqp", "core", "openwire", "mqtt");
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    @Test
    void eachProtocolCarriesItsShareExactly() throws Exception {
        var cluster = lab.cluster().dataDir(data);
        for (String p : PROTOCOLS) {
            cluster.peerWithData(p + "-receiver", Role.RECEIVER, p, WorkerHandler::new)
                    .peerWithData(p + "-sender", Role.SENDER, p, WorkerHandler::new);
        }
        cluster.start();
        String sut = StandaloneArtemis.USER + ":" + StandaloneArtemis.PASSWORD + "@127.0.0.1:" + lab.sut().amqpPort();
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString(), "-P", "sut=" + sut, "-P", "rate=800", "-P", "duration=4s", "-P", "warmup=1s",
                "-P", "warmupSendDelay=off"); // about routes, not the warm-up: cold senders may start behind
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        long due = 4 * DueMessages.of(200, 4, "1s");
        assertEquals(due, s.get("totals").get("sent").asLong(), "800 msg/s in total for 4 s, 200 msg/s on each route, ramped in the warm-up");
        assertEquals(due, s.get("totals").get("received").asLong());
        for (String p : PROTOCOLS) {
            JsonNode sender = JSON.readTree(run.resolve("peers/" + p + "-sender/test.json").toFile());
            assertTrue(sender.get("sendUrl").asText().startsWith(p + "://admin@127.0.0.1:"), sender.toString());
            assertEquals(200, sender.get("rate").asLong(), sender.toString());
            assertEquals("1KiB", sender.get("messageSize").asText(), sender.toString());
            JsonNode system = JSON.readTree(run.resolve("peers/" + p + "-receiver/system.json").toFile());
            assertTrue(system.get("driver").asText().startsWith(p.equals("amqp") ? "qpid-jms" : p.equals("core")
                    ? "artemis-jakarta-client" : p.equals("mqtt") ? "paho-mqtt" : "activemq-client"), system.toString());
        }
    }

    /**
     * What a new user runs: --local, nothing set up. The embedded Artemis carries all four protocols; summary.json
     * has each route's figures, the report shows them side by side (and the routes' latency chart), and maestro
     * compare judges each route against a copy of the run as its baseline.
     */
    @Test
    void withLocalEachRouteIsMeasuredReportedAndCompared() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "rate=400", "-P", "duration=3s", "-P", "warmup=1s",
                "-P", "warmupSendDelay=off"); // about routes, not the warm-up: cold senders may start behind
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        JsonNode routes = s.get("routes");
        assertEquals(PROTOCOLS.size(), routes.size(), routes.toString());
        for (int i = 0; i < PROTOCOLS.size(); i++) {
            String p = PROTOCOLS.get(i);
            JsonNode route = routes.get(i);
            JsonNode t = route.get("totals");
            assertEquals(p, route.get("name").asText());
            assertEquals(p, route.get("protocol").asText(), "the embedded SUT reached over " + p);
            assertTrue(route.get("target").asText().startsWith(p + "://127.0.0.1:"), route.toString());
            assertEquals(DueMessages.of(100, 3, "1s"), t.get("sent").asLong(), "100 msg/s on each route for 3 s, ramped in the warm-up: " + route);
            assertEquals(DueMessages.of(100, 3, "1s"), t.get("received").asLong(), route.toString());
            assertEquals(0, t.get("lost").asLong(), route.toString());
            assertEquals(List.of(p + "-receiver-1", p + "-sender-1"),
                    List.of(route.get("peers").get(0).asText(), route.get("peers").get(1).asText()));
            Histogram measured = measured(run.resolve("peers/" + p + "-receiver-1/latency-response.hlog"));
            assertEquals(measured.getTotalCount(), t.get("responseTime").get("count").asLong(), "the route's receiver's HDR log");
            assertEquals(measured.getValueAtPercentile(99) / 1000.0, t.get("responseTime").get("p99").asDouble(), 1e-9, route.toString());
            assertTrue(t.get("sendDelay").get("count").asLong() > 0, route.toString());
        }
        long sent = 0;
        for (JsonNode route : routes) {
            sent += route.get("totals").get("sent").asLong();
        }
        assertEquals(s.get("totals").get("sent").asLong(), sent, "the routes add up to the run");

        // The report: the summary's routes as its data, and one line per route on the routes' latency chart.
        JsonNode report = org.maestro.reports.ReportHtml.data(run.resolve("report.html"));
        assertEquals(routes, report.get("summary").get("routes"), "the report shows summary.json's routes");
        List<String> lines = new java.util.ArrayList<>();
        for (JsonNode chart : report.get("charts")) {
            if (chart.get("id").asText().equals("routes-latency")) {
                chart.get("series").forEach(line -> lines.add(line.get("label").asText()));
            }
        }
        assertEquals(PROTOCOLS, lines, "a percentile distribution per route");
        assertTrue(r.output().contains("route amqp") && r.output().contains("route openwire"), r.output());

        // maestro compare against a copy of the run: a verdict per route and metric.
        Path baseline = runs.resolve("baseline-copy");
        copy(run, baseline);
        r = MaestroCommand.run("compare", baseline.toString(), run.toString());
        assertEquals(0, r.exitCode(), r.output());
        JsonNode c = JSON.readTree(run.resolve("comparison.json").toFile());
        for (String p : PROTOCOLS) {
            JsonNode m = metric(c, "route " + p + ": response time p99");
            assertEquals("same", m.get("verdict").asText(), m.toString());
            assertEquals("same", metric(c, "route " + p + ": receive rate").get("verdict").asText());
        }
        // A route the baseline lacks is a note, not a verdict (nor a crash).
        ObjectNode base = (ObjectNode) JSON.readTree(baseline.resolve("summary.json").toFile());
        ((com.fasterxml.jackson.databind.node.ArrayNode) base.get("routes")).remove(2);
        JSON.writeValue(baseline.resolve("summary.json").toFile(), base);
        r = MaestroCommand.run("compare", baseline.toString(), run.toString());
        assertEquals(0, r.exitCode(), r.output());
        c = JSON.readTree(run.resolve("comparison.json").toFile());
        assertTrue(c.get("notes").toString().contains("route openwire is not in baseline baseline-copy: not compared"), c.toString());
        assertEquals(null, metric(c, "route openwire: response time p99"));
        assertEquals("same", metric(c, "route core: response time p99").get("verdict").asText());
    }

    private static JsonNode metric(JsonNode comparison, String name) {
        for (JsonNode m : comparison.get("metrics")) {
            if (m.get("metric").asText().equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** The values of an HDR log after warm-up, as HdrHistogram reads it. */
    private static Histogram measured(Path hlog) throws Exception {
        Histogram measured = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                if (!"warmup".equals(h.getTag())) {
                    measured.add((Histogram) h);
                }
            }
        }
        return measured;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }

    @Test
    void withoutABrokerTheScriptSaysWhatToGive() {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString());
        assertEquals(2, r.exitCode(), r.output());
        assertTrue(r.output().contains("-P sut=USER:PASSWORD@HOST:PORT") && r.output().contains("no URL for amqp, core, openwire"),
                r.output());
    }
}
