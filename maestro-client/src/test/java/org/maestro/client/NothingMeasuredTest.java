package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.common.note.Role;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.worker.WorkerHandler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21, reproduction 5 ("zeros where nothing was measured"), on real runs: a figure with no sample is "unknown"
 * on the console (the peers' table, the totals, the peers' end lines) and in junit.xml, never 0; a criterion on it is
 * "not evaluated", and the verdict says why; a sender whose sending ended inside its warm-up is not "off schedule". A
 * criterion with no meaning for the run (a share of no target rate, flat out) is "not applicable", and leaves the verdict
 * to the others.
 * Embedded MQTT and an embedded Artemis as the SUT, the peers in this JVM, the maestro command as a user runs it.
 */
@Integration
class NothingMeasuredTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);
    private static EmbeddedBroker sut;

    @TempDir
    Path runs;

    @TempDir
    Path data;

    @BeforeAll
    static void startSut() {
        sut = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP");
    }

    @AfterAll
    static void stopSut() {
        sut.close();
    }

    private MaestroCommand.Result run(String url, String... more) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("run", SCRIPT.toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString(), "-P", "url=" + url));
        args.addAll(List.of(more));
        try (TestCluster ignored = lab.cluster().dataDir(data).peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new).start()) {
            return MaestroCommand.run(args.toArray(String[]::new));
        }
    }

    /**
     * The output without its start-skew line: peers in one process can start within the same microsecond, so a skew of
     * 0.000 ms is a true measurement there, not a figure of nothing.
     */
    private static String measuredFigures(String out) {
        return out.lines().filter(l -> !l.startsWith("start skew ")).collect(java.util.stream.Collectors.joining("\n"));
    }

    /**
     * Ten messages at 1000 msg/s, all inside the 5 s warm-up (the issue's {@code -P duration=10}). Before: response
     * time p50 0.000 / p99 0.000, "rate >= 95 %: measured 0.0 %" and "[FAIL] sender ... send delay 0.000 ms", verdict
     * FAILED. Now the client sees that the warm-up covers the whole test and refuses it before any peer starts.
     */
    @Test
    void tenMessagesAllInTheWarmupAreRefusedBeforeAnyPeerStarts() throws Exception {
        MaestroCommand.Result r = run("amqp://127.0.0.1:" + sut.port() + "/nothing.measured", "-P", "duration=10msg");
        String out = r.output();
        assertEquals(2, r.exitCode(), out);
        assertTrue(out.contains("warmup 5s covers the whole duration 10msg"), out);
        assertFalse(measuredFigures(out).contains(" 0.000"), out);
        try (java.util.stream.Stream<Path> dirs = Files.isDirectory(runs) ? Files.list(runs) : java.util.stream.Stream.empty()) {
            assertEquals(List.of(), dirs.filter(Files::isDirectory).toList(), "a refused run leaves no run directory: " + out);
        }
    }

    /**
     * Ten messages flat out, all inside the warm-up (a count the client cannot check against a rate): nothing is
     * measured, so every rate and latency is unknown, never 0, and no criterion on them is judged.
     */
    @Test
    void tenMessagesFlatOutMeasureNothingAndJudgeNothing() throws Exception {
        MaestroCommand.Result r = run("amqp://127.0.0.1:" + sut.port() + "/nothing.measured.flat", "-P", "duration=10msg",
                "-P", "rate=max");
        String out = r.output();
        assertEquals(2, r.exitCode(), "neither passed nor failed: nothing was measured\n" + out);
        assertTrue(out.contains("total: sent 10, received 10, lost 0"), out);
        assertTrue(out.contains("response time p50 unknown / p99 unknown / p99.9 unknown / max unknown ms"), out);
        assertTrue(out.matches("(?s).*\nreceiver-1 +receiver +10 +unknown +unknown +unknown +unknown +0\n.*"), out);
        assertTrue(out.contains("[NOT EVALUATED] p99 latency < 100 ms"), out);
        assertFalse(out.contains("[FAIL]"), out);
        assertFalse(measuredFigures(out).contains(" 0.000"), "no latency of nothing: " + out);

        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve(org.maestro.common.runfiles.RunLayout.SUMMARY_JSON).toFile());
        assertEquals("error", s.path("verdict").asText());
        for (String field : List.of("receiveRate", "responseTime", "serviceTime")) {
            assertTrue(s.path("totals").path(field).isNull(), field + " is unknown: " + s.path("totals"));
        }
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("failures=\"0\"") && junit.contains("errors=\"1\""), junit);
        assertFalse(junit.contains("0.000 ms") || junit.contains("0.0 msg/s"), junit);
    }

    /**
     * A SUT port nothing listens on. Before: the receiver's row "0 0.0 0.000 0.000 0.000 0" and "response time p50 0.000 /
     * p99 0.000 / max 0.000" beside "[FAIL] p99 latency < 100 ms: measured none (no message was measured)".
     */
    @Test
    void aDeadSutPortShowsUnknownLatencyAndJudgesNone() throws Exception {
        int port = LoopbackPorts.free();
        MaestroCommand.Result r = run("amqp://127.0.0.1:" + port + "/nothing.listens", "-P", "duration=2s",
                "-P", "warmup=0s");
        String out = r.output();
        assertEquals(2, r.exitCode(), out);
        // The refused connection is named at PREPARE, before any START: the test never ran, so it has no figures at all.
        assertTrue(out.contains("could not do PREPARE: cannot connect to amqp://127.0.0.1:" + port + "/nothing.listens"), out);
        assertTrue(out.contains("no figures: the test did not run"), out);
        assertFalse(measuredFigures(out).contains(" 0.000") || out.contains("measured none"), out);
        assertFalse(out.contains("[FAIL]") || out.contains("[PASS] p99"), out);
        String junit = Files.readString(MaestroCommand.onlyRun(runs).resolve("junit.xml"));
        assertTrue(junit.contains("failures=\"0\"") && junit.contains("errors=\"1\""), junit);
        assertFalse(junit.contains("measured none") || junit.contains("0.000 ms"), junit);
    }

    /**
     * Issue 22: a clean flat-out run. Its 'rate >= 95 %' has no target to be a share of: the criterion is reported as
     * not applicable (neither FAIL nor a silent PASS), the others decide, and the run exits 0. Its sender's delivery
     * (settled: each message acknowledged) is shown beside its counts.
     */
    @Test
    void aCleanFlatOutRunJudgesNoRateShareAndPasses() throws Exception {
        String out = cleanFlatOut("flat.out.passes", 2000);
        assertTrue(out.contains("  [N/A] rate >= 95 %, bound >= 95.0 %: not applicable: the test ran flat out: there is no"
                + " target rate"), out);
        assertTrue(out.contains("[PASS] loss == 0"), out);
        assertTrue(out.contains("  delivery of sender-1: settled: 2000 acknowledged, 0 given back (released or modified) and sent"
                + " again, 0 refused"), out);
        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve(org.maestro.common.runfiles.RunLayout.SUMMARY_JSON).toFile());
        assertEquals("passed", s.path("verdict").asText());
        JsonNode rateCheck = s.path("checks").get(1);
        assertTrue(rateCheck.path("passed").isNull(), rateCheck.toString());
        assertTrue(rateCheck.path("measured").asText().startsWith("not applicable: "), rateCheck.toString());
        assertEquals("settled", s.at("/parameters/routes/0/delivery").asText(), s.path("parameters").toString());
        assertEquals(2000, s.at("/peers/1/delivery/acknowledged").asLong(), s.path("peers").toString());
    }

    /** Issue 22: presettled sends are fire-and-forget: no count of acknowledgements is shown, the receivers' loss is the truth. */
    @Test
    void presettledSendsShowNoAcknowledgements() throws Exception {
        String out = cleanFlatOut("presettled?delivery=presettled", 1000);
        assertTrue(out.contains("  delivery of sender-1: presettled: sent, not acknowledged (the receivers' loss is the truth)"), out);
        assertFalse(out.contains("acknowledged,"), "no count of acknowledgements: " + out);
        JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve(org.maestro.common.runfiles.RunLayout.SUMMARY_JSON).toFile());
        assertEquals("presettled", s.at("/parameters/routes/0/delivery").asText(), s.path("parameters").toString());
        assertEquals("presettled", s.at("/peers/1/delivery/mode").asText(), s.path("peers").toString());
        assertTrue(s.at("/peers/1/delivery/acknowledged").isNull(), s.path("peers").toString());
        assertEquals(0, s.at("/totals/lost").asLong(), s.path("totals").toString());
    }

    /** {@code messages} flat out to {@code destination} (with its URL options), latency unbounded: it passes; its output. */
    private String cleanFlatOut(String destination, long messages) throws Exception {
        MaestroCommand.Result r = run("amqp://127.0.0.1:" + sut.port() + "/" + destination, "-P", "rate=max",
                "-P", "duration=" + messages + "msg", "-P", "warmup=0s", "-P", "p99=30 s", "-P", "connections=1");
        assertEquals(0, r.exitCode(), r.output());
        return r.output();
    }
}
