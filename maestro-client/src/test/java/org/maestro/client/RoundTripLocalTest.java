package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.Integration;
import org.maestro.reports.ReportHtml;
import org.maestro.results.reduce.HdrIntervalLog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Latency on one clock, as a user runs it: test-scripts/compare-protocols.groovy {@code --local -P latency=round-trip
 * -P latencySample=2}, one route each over AMQP, core and OpenWire on the embedded Artemis. Each receiver sends every
 * second message back to its sender's reply queue; each sender times the round trip on its own clock. summary.json,
 * the console and the report say which clock each figure used, and give, per pair of hosts, the one-way p50 against
 * half the round-trip p50.
 */
@Integration
class RoundTripLocalTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "compare-protocols.groovy");
    private static final List<String> PROTOCOLS = List.of("amqp", "core", "openwire", "mqtt");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path runs;

    @Test
    void everyProtocolTimesOneMessageInTwoOnTheSendersClock() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "latency=round-trip", "-P", "latencySample=2", "-P", "rate=300", "-P", "duration=4s", "-P", "warmup=1s",
                "-P", "warmupSendDelay=off"); // about round trips, not the warm-up: cold senders may start behind
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        // The replies travel on queues of their own: the load's counts are exact as without them.
        // 300 msg/s shared by the routes, each ramped in its warm-up.
        long due = PROTOCOLS.size() * DueMessages.of(300 / PROTOCOLS.size(), 4, "1s");
        assertEquals(due, s.get("totals").get("sent").asLong(), s.get("totals").toString());
        assertEquals(due, s.get("totals").get("received").asLong(), s.get("totals").toString());

        JsonNode clocks = s.get("latencyClocks");
        assertEquals(LatencyMode.ONE_WAY_CLOCK, clocks.get("oneWayClock").asText(), clocks.toString());
        assertEquals(LatencyMode.ROUND_TRIP_CLOCK, clocks.get("roundTripClock").asText(), clocks.toString());
        assertEquals("round-trip, 1 in 2 messages", clocks.get("sampling").asText(), clocks.toString());
        long roundTrips = 0;
        for (String p : PROTOCOLS) {
            JsonNode sender = peer(s, p + "-sender-1");
            // Every second message after the warm-up (by sequence number) came back and was timed.
            long measuredSent = sender.get("sendDelay").get("count").asLong();
            long timed = sender.get("roundTrip").get("count").asLong();
            assertTrue(Math.abs(timed - measuredSent / 2.0) <= 1, p + ": " + timed + " round trips of " + measuredSent + " sent: " + sender);
            // An independent reader (HdrHistogram's own) of the sender's log agrees with the summary.
            Histogram log = HdrIntervalLog.measured(run.resolve("peers/" + p + "-sender-1/" + PeerFiles.LATENCY_ROUND_TRIP_HLOG));
            assertEquals(log.getTotalCount(), timed, p);
            assertEquals(log.getValueAtPercentile(50) / 1000.0, sender.get("roundTrip").get("p50").asDouble(), 1e-9, p);
            roundTrips += timed;
            assertTrue(peer(s, p + "-receiver-1").path("roundTrip").isMissingNode(), "a receiver times no round trip");
        }
        assertEquals(roundTrips, clocks.get("roundTrip").get("count").asLong(), clocks.toString());
        assertEquals(clocks.get("roundTrip").get("p50").asDouble() / 2, clocks.get("halfRoundTrip").get("p50").asDouble(), 1e-9);

        // One row per route (one host here): the one-way p50 against half the round-trip p50, and the PING's word.
        JsonNode offsets = clocks.get("loadOffsets");
        assertEquals(PROTOCOLS.size(), offsets.size(), offsets.toString());
        for (int i = 0; i < PROTOCOLS.size(); i++) {
            JsonNode o = offsets.get(i);
            String p = PROTOCOLS.get(i);
            assertEquals(p, o.get("route").asText(), o.toString());
            assertEquals(o.get("senderHost").asText(), o.get("receiverHost").asText(), o.toString());
            double oneWay = peer(s, p + "-receiver-1").get("serviceTime").get("p50").asDouble();
            double half = peer(s, p + "-sender-1").get("roundTrip").get("p50").asDouble() / 2;
            assertEquals(oneWay, o.get("oneWayP50Millis").asDouble(), 1e-9, o.toString());
            assertEquals(half, o.get("halfRoundTripP50Millis").asDouble(), 1e-9, o.toString());
            assertEquals(oneWay - half, o.get("loadOffsetMillis").asDouble(), 1e-9, o.toString());
            assertEquals(0.0, o.get("pingOffsetMillis").asDouble(), 0.0, "one process, one clock: " + o);
        }
        assertEquals("round-trip, 1 in 2 messages", s.get("parameters").get("latency").asText(), s.get("parameters").toString());

        // The console's end lines say it, from the same summary.
        assertTrue(r.output().contains("latency clock: one way (response and service time): " + LatencyMode.ONE_WAY_CLOCK), r.output());
        assertTrue(r.output().contains("latency clock: round trip (round-trip, 1 in 2 messages): " + LatencyMode.ROUND_TRIP_CLOCK
                + "; " + roundTrips + " round trips"), r.output());
        assertTrue(r.output().contains("(route core): one way p50 "), r.output());

        // The report: summary.json's clocks, a round-trip chart, and each figure with its clock.
        JsonNode report = ReportHtml.data(run.resolve("report.html"));
        assertEquals(clocks, report.get("summary").get("latencyClocks"));
        List<String> charts = new ArrayList<>();
        report.get("charts").forEach(c -> charts.add(c.get("id").asText()));
        assertTrue(charts.contains("hdr-time-round-trip") && charts.contains("hdr-dist-round-trip"), charts.toString());
        boolean roundTripRow = false;
        for (JsonNode f : report.get("latency")) {
            String file = f.get("file").asText();
            assertEquals(file.equals(PeerFiles.LATENCY_ROUND_TRIP_HLOG) ? LatencyMode.ROUND_TRIP_CLOCK
                    : file.equals(PeerFiles.SEND_DELAY_HLOG) ? "the sender's clock" : LatencyMode.ONE_WAY_CLOCK, f.get("clock").asText(), f.toString());
            roundTripRow |= file.equals(PeerFiles.LATENCY_ROUND_TRIP_HLOG) && f.get("count").asLong() > 0;
        }
        assertTrue(roundTripRow, report.get("latency").toString());
    }

    private static JsonNode peer(JsonNode summary, String name) {
        for (JsonNode p : summary.get("peers")) {
            if (name.equals(p.get("name").asText())) {
                return p;
            }
        }
        throw new AssertionError("no peer " + name + " in " + summary.get("peers"));
    }
}
