package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.Integration;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a QE engineer writes, run as a user runs it ({@code maestro run SCRIPT --local}), the features of one script
 * together to keep it short: two routes at rates of their own (300 and 900 msg/s) with sizes of their own, the slow
 * route's receiver started 2 s late (its backlog and drain time), and a second test in the same script (a run of its
 * own, and one suite JUnit file for both).
 */
@Integration
class ScenariosLocalTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = """
            test {
                name 'two-rates'
                duration '4s'
                warmup '1s'
                warmupSendDelay 'off'   // about routes, not the warm-up: cold senders may start behind
                route 'slow', rate: 300, size: '2 KiB', receiverStartAfter: '2s'
                route 'fast', rate: 900, size: '512B: 80, ~4 KiB ±10 %: 20', connections: 2
                expect 'loss == 0'
            }
            test {
                name 'second'
                rate 100
                duration '1s'
                expect 'loss == 0'
            }
            """;

    @TempDir
    Path dir;

    @Test
    void routesAtTheirOwnRatesALateReceiverDrainsAndTwoTestsMakeOneSuite() throws Exception {
        MaestroCommand.Result r = MaestroCommand.runLocalScript(dir, "scenarios.groovy", SCRIPT);
        Path runs = dir.resolve("runs");
        assertEquals(0, r.exitCode(), r.output());

        List<Path> runDirs;
        Path suite;
        try (Stream<Path> all = Files.list(runs)) {
            List<Path> listed = all.sorted().toList();
            runDirs = listed.stream().filter(Files::isDirectory).toList();
            suite = listed.stream().filter(p -> p.getFileName().toString().endsWith(RunLayout.SUITE_JUNIT_SUFFIX))
                    .findFirst().orElseThrow(() -> new AssertionError("no suite JUnit in " + listed));
        }
        assertEquals(2, runDirs.size(), runDirs.toString());
        Path rates = runDirs.stream().filter(p -> p.getFileName().toString().endsWith("-two-rates")).findFirst().orElseThrow();

        // One suite JUnit file: a testsuite per run.
        String xml = Files.readString(suite);
        assertTrue(xml.contains("<testsuite errors=\"0\" failures=\"0\" name=\"maestro.two-rates\""), xml);
        assertTrue(xml.contains("name=\"maestro.second\""), xml);
        assertEquals(2, xml.split("<testsuite ", -1).length - 1, xml);
        assertTrue(r.output().contains("2 of 2 tests ran; suite JUnit: " + suite), r.output());

        // Each route at its own rate: every message of its schedule, at its own sizes and connections.
        JsonNode s = JSON.readTree(rates.resolve(RunLayout.SUMMARY_JSON).toFile());
        JsonNode slow = s.get("routes").get(0);
        JsonNode fast = s.get("routes").get(1);
        assertEquals(DueMessages.of(300, 4, "1s"), slow.get("totals").get("sent").asLong(), "300 msg/s for 4 s, ramped in its warm-up");
        assertEquals(DueMessages.of(300, 4, "1s"), slow.get("totals").get("received").asLong());
        assertEquals(DueMessages.of(900, 4, "1s"), fast.get("totals").get("sent").asLong(), "900 msg/s for 4 s, ramped in its warm-up");
        assertEquals(DueMessages.of(900, 4, "1s"), fast.get("totals").get("received").asLong());
        JsonNode fastSender = JSON.readTree(rates.resolve("peers/fast-sender-1/test.json").toFile());
        assertEquals("512: 80, ~4KiB±10%: 20", fastSender.get("messageSize").asText(), fastSender.toString());
        assertEquals(2, fastSender.get("connections").asInt(), fastSender.toString());

        // The late receiver: the backlog it found, recounted here from the senders' rate logs by their own reader.
        JsonNode drain = slow.get("drain");
        assertNotNull(drain, slow.toString());
        double startAfterMillis = drain.get("startAfterMillis").asDouble();
        assertTrue(startAfterMillis >= 2000, drain.toString());
        long receiverStart = headerStart(rates.resolve("peers/slow-receiver-1"));
        long sentBefore = countBefore(rates.resolve("peers/slow-sender-1"), receiverStart);
        assertEquals(sentBefore, drain.get("backlogMessages").asLong(), 1.0, "sent before the receiver started: " + drain);
        assertTrue(drain.get("drainMillis").isNumber() && drain.get("drainMillis").asDouble() > 0, drain.toString());
        assertTrue(r.output().contains(String.format(Locale.ROOT, "backlog %d messages, drained in %.0f ms",
                drain.get("backlogMessages").asLong(), drain.get("drainMillis").asDouble())), r.output());
        JsonNode report = org.maestro.reports.ReportHtml.data(rates.resolve("report.html"));
        assertEquals(s.get("routes"), report.get("summary").get("routes"), "the report shows summary.json's routes and drain");

        // Each route at its own rate within 2 % (the scenario's criteria ask that much of the host too), and the backlog
        // that of the late start at the slow route's rate. How late past 2 s the receiver starts, and how fast it drains,
        // are the host's (a JVM's start, a busy core): the backlog above is recounted from the rate logs instead.
        assertEquals(300, slow.get("totals").get("sendRate").asDouble(), 300 * 0.02, slow.toString());
        assertEquals(900, fast.get("totals").get("sendRate").asDouble(), 900 * 0.02, fast.toString());
        assertEquals(900, fast.get("totals").get("receiveRate").asDouble(), 900 * 0.02, fast.toString());
        assertEquals(DueMessages.before(300, Duration.ofNanos(Math.round(startAfterMillis * 1e6)), "1s"),
                drain.get("backlogMessages").asLong(), 300 * 0.1, "the schedule's, its warm-up ramped: " + drain);
    }

    private static long headerStart(Path peerDir) throws Exception {
        try (RateLogReader reader = RateLogReader.open(PeerFiles.rateLogs(peerDir).get(0))) {
            return reader.header().testStartEpochMicros();
        }
    }

    /** The messages a peer sent before {@code epochMicros}, by actual time. */
    private static long countBefore(Path peerDir, long epochMicros) throws Exception {
        long n = 0;
        for (Path f : PeerFiles.rateLogs(peerDir)) {
            try (RateLogReader reader = RateLogReader.open(f)) {
                long start = reader.header().testStartEpochMicros();
                long[] count = {0};
                reader.forEachRemaining((eta, ata) -> count[0] += start + ata < epochMicros ? 1 : 0);
                n += count[0];
            }
        }
        return n;
    }
}
