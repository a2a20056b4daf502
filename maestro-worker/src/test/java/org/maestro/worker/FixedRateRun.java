package org.maestro.worker;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.DeliveryMode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The run that shows a driver exact on a broker: 500 msg/s for 3 s over 2 connections, the first second warm-up,
 * ~256-byte messages, no loss allowed; then every count in every file the sender-1 and receiver-1 peers wrote.
 */
final class FixedRateRun {
    private FixedRateRun() {
    }

    /** {@code base} (test id, URL...) with this run's rate, duration, connections, warm-up and size. */
    static Map<String, String> options(Map<String, String> base) {
        base.put(TestOptions.RATE, "500");
        base.put(TestOptions.DURATION, "3s");
        base.put(TestOptions.CONNECTIONS, "2");
        base.put(TestOptions.WARMUP, "1s");
        // Exactly the first second's 500 messages are warm-up: a warm-up of fixed length, at the target from the first.
        base.put(TestOptions.WARMUP_SEND_DELAY, "off");
        base.put(TestOptions.WARMUP_RAMP, "off");
        base.put(TestOptions.MESSAGE_SIZE, "~256");
        return base;
    }

    /** Both peers succeeded, and sent, settled, received and recorded exactly the 1500 messages due. */
    static void assertExact(Path testDir, Note[] end) throws IOException {
        for (Note n : end) {
            assertEquals(Command.NOTIFY_SUCCESS, n.command(), n.toString());
        }
        // 500 msg/s for 3 s on an intended-time schedule: exactly 1500 messages are due before the end.
        Path sender = testDir.resolve("sender-1");
        Path receiver = testDir.resolve("receiver-1");
        assertEquals(1500, RunOutput.rateLogRecords(sender, "sender-"));
        assertEquals(1500, RunOutput.rateLogRecords(receiver, "receiver-"));
        RunOutput.HdrCounts response = RunOutput.hdrCounts(receiver.resolve("latency-response.hlog"));
        assertEquals(1500, response.total());
        assertEquals(500, response.warmup(), "the first second is warm-up");
        assertEquals(1500, RunOutput.hdrCounts(receiver.resolve("latency-service.hlog")).total());
        assertEquals(1500, RunOutput.hdrCounts(sender.resolve("send-delay.hlog")).total());
        String sent = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sent.contains("sent 1500 message(s), settled: 1500 acknowledged, 0 given back (released or modified) and sent again, 0 refused"),
                "the SUT settled every message: " + sent);
        DeliveryJson delivery = DeliveryJson.read(sender).orElseThrow();
        assertEquals(new DeliveryJson(DeliveryMode.SETTLED, 1500L, 0L, 0L, 0), delivery, "the sender's delivery.json");
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.contains("received 1500 message(s)") && received.contains("lost 0, duplicated 0, out of order 0"),
                received);
    }
}
