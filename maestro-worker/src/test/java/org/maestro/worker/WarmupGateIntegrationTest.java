package org.maestro.worker;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Command;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.units.WarmupRamp;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warm-up that waits for the schedule, on a real Artemis broker: a sender that keeps its schedule ends its
 * warm-up soon after the configured time and writes the actual length; one that cannot keep up ends it at the cap,
 * naming the connection behind.
 */
@Integration
class WarmupGateIntegrationTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeEach
    void startPeers() throws Exception {
        cluster = new WorkerCluster(lab, dataDir);
    }

    private Map<String, String> options(String testId) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, lab.sut().amqpUrl("maestro.warmup." + testId));
        o.put(TestOptions.DRAIN_QUIET, "1s");
        o.put(TestOptions.CONNECTIONS, "2");
        o.put(TestOptions.WARMUP, "1s");
        return o;
    }

    @Test
    void senderOnScheduleEndsItsWarmupSoonAfterTheConfiguredTimeAndRecordsItsLength() throws Exception {
        Map<String, String> o = options("on-schedule");
        o.put(TestOptions.RATE, "200");
        o.put(TestOptions.DURATION, "4s");
        Note[] end = cluster.run(o);
        assertEquals(Command.NOTIFY_SUCCESS, end[0].command(), end[0].toString());
        Path sender = dataDir.resolve("on-schedule/sender-1");
        TestJson.Worker test = TestJson.worker(sender).orElseThrow();
        TestJson.WarmupGate gate = test.warmupGate();
        assertEquals(Boolean.TRUE, gate.onSchedule(), gate.toString());
        assertEquals(1_000_000, gate.configuredMicros());
        assertEquals(2_500_000, gate.maxMicros(), "3 s, but never past half-way to the 4 s end");
        assertEquals(100_000, gate.sendDelayBoundMicros());
        // Before its cap, unless this test's JVM was still compiling then (the gate waits for the JIT too).
        assertTrue(test.warmupMicros() >= 1_000_000 && (test.warmupMicros() < 2_500_000
                || gate.jitMillisPerSecond() >= ResourceUsageCsv.COMPILING_MILLIS_PER_SECOND), "actual length: " + test.warmupMicros()
                + ", " + gate);
        String detail = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(detail.contains("warm-up on schedule after "), detail);

        // The messages tagged warm-up (HDR) are exactly those due before the recorded end (rate logs), on both sides.
        long dueInWarmup = 0;
        for (Path f : PeerFiles.rateLogs(sender)) {
            try (RateLogReader r = RateLogReader.open(f)) {
                long[] n = {0};
                r.forEachRemaining((eta, ata) -> n[0] += eta < test.warmupMicros() ? 1 : 0);
                dueInWarmup += n[0];
            }
        }
        // At least the first second's: 200 msg/s reached on the default ramp over that 1 s warm-up.
        long firstSecond = (long) ((WarmupRamp.parseOrOff(LoadOptions.DEFAULT_WARMUP_RAMP).fromShare() * 200 + 200) / 2);
        assertTrue(dueInWarmup >= firstSecond, "at least the first second: " + dueInWarmup + " of " + firstSecond);
        assertEquals(dueInWarmup, RunOutput.hdrCounts(sender.resolve(PeerFiles.SEND_DELAY_HLOG)).warmup());
        assertEquals(dueInWarmup, RunOutput.hdrCounts(dataDir.resolve("on-schedule/receiver-1")
                .resolve(PeerFiles.LATENCY_RESPONSE_HLOG)).warmup(), "the receiver follows the sender's tags");
    }

    @Test
    void senderThatCannotKeepUpEndsItsWarmupAtTheCapNamingTheConnectionBehind() throws Exception {
        Map<String, String> o = options("off-schedule");
        // A SUT that takes 500 msg/s a connection (the URL's throttle) asked for 100000: behind from the first
        // message on any host, and the 3000 messages take 3 s whatever the host's speed, past the 2 s cap (a message
        // count keeps the run short: a timed run would have it catch up on every message due).
        o.put(TestOptions.SEND_URL, lab.sut().amqpUrl("maestro.warmup.off-schedule") + "?throttle=500");
        o.put(TestOptions.RATE, "100000");
        o.put(TestOptions.DURATION, "3000msg");
        o.put(TestOptions.WARMUP_MAX, "2s");
        Note[] end = cluster.run(o);
        assertEquals(Command.NOTIFY_SUCCESS, end[0].command(), "the worker reports; the client judges: " + end[0]);
        TestJson.Worker test = TestJson.worker(dataDir.resolve("off-schedule/sender-1")).orElseThrow();
        TestJson.WarmupGate gate = test.warmupGate();
        assertTrue(gate.offSchedule(), gate.toString());
        assertTrue(gate.connection() == 0 || gate.connection() == 1, gate.toString());
        assertTrue(gate.sendDelayMicros() >= 100_000, "behind by more than the bound: " + gate);
        assertTrue(test.warmupMicros() >= 1_000_000 && test.warmupMicros() <= 2_500_000, "at most the cap (or when sending ended)");
        String detail = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(detail.contains("warm-up connection " + gate.connection() + " send delay "), detail);
    }
}
