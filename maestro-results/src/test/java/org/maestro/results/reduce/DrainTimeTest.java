package org.maestro.results.reduce;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.maestro.results.Summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The drain of receivers started after their senders, from real rate-log files. */
class DrainTimeTest {
    private static final long T0 = 1_700_000_000_000_000L;

    @TempDir
    Path dir;

    /**
     * A sender at 1000 msg/s for 4 s (a message every millisecond); the receiver starts 2 s in, so 2000 messages
     * wait for it, and takes them at 5 a millisecond (4 more arrive while it drains 5): it has received everything
     * sent up to 100 ms before once 5 t >= 2000 + t - 100, at t = 475 ms.
     */
    @Test
    void aLateReceiverDrainsItsBacklog() throws IOException {
        Path sender = Files.createDirectories(dir.resolve("sender"));
        try (RateLogWriter w = RateLogWriter.create(sender.resolve(PeerFiles.senderRateLog(0)), T0, "sender")) {
            for (long i = 0; i < 4000; i++) {
                w.record(i * 1000, i * 1000);
            }
        }
        Path receiver = Files.createDirectories(dir.resolve("receiver"));
        long start = T0 + 2_000_000;
        try (RateLogWriter w = RateLogWriter.create(receiver.resolve(PeerFiles.receiverRateLog(0)), start, "receiver")) {
            long received = 0;
            for (long ms = 0; received < 4000; ms++) {
                long sentByNow = Math.min(4000, 2000 + ms + 1);
                for (int k = 0; k < 5 && received < sentByNow; k++, received++) {
                    // eta relative to the receiver's start: the backlog's are negative
                    w.record(received * 1000 - 2_000_000, ms * 1000 + 500);
                }
            }
        }
        Summary.Drain d = DrainTime.of(List.of(sender), List.of(receiver));
        assertNotNull(d);
        assertEquals(2000.0, d.startAfterMillis());
        assertEquals(2000, d.backlogMessages(), "sent before the receiver started");
        assertNotNull(d.drainMillis());
        assertEquals(475, d.drainMillis(), 2, "5 t >= 2000 + t - 100 from t = 475 ms");
        assertEquals(DrainTime.CAUGHT_UP_LAG_MICROS / 1000.0, d.caughtUpLagMillis());
    }

    @Test
    void aReceiverThatLosesMessagesNeverCatchesUp() throws IOException {
        Path sender = Files.createDirectories(dir.resolve("sender"));
        try (RateLogWriter w = RateLogWriter.create(sender.resolve(PeerFiles.senderRateLog(0)), T0, "sender")) {
            for (long i = 0; i < 1000; i++) {
                w.record(i * 1000, i * 1000);
            }
        }
        Path receiver = Files.createDirectories(dir.resolve("receiver"));
        try (RateLogWriter w = RateLogWriter.create(receiver.resolve(PeerFiles.receiverRateLog(0)), T0 + 500_000, "receiver")) {
            for (long i = 0; i < 400; i++) {   // half of what was sent, never the rest
                w.record(i * 1000 - 500_000, i * 100);
            }
        }
        Summary.Drain d = DrainTime.of(List.of(sender), List.of(receiver));
        assertNotNull(d);
        assertEquals(500, d.backlogMessages());
        assertNull(d.drainMillis(), "unknown, not a time: it never caught up");
    }

    @Test
    void receiversThatStartedFirstHaveNoDrain() throws IOException {
        Path sender = Files.createDirectories(dir.resolve("sender"));
        try (RateLogWriter w = RateLogWriter.create(sender.resolve(PeerFiles.senderRateLog(0)), T0 + 1_000, "sender")) {
            w.record(0, 0);
        }
        Path receiver = Files.createDirectories(dir.resolve("receiver"));
        try (RateLogWriter w = RateLogWriter.create(receiver.resolve(PeerFiles.receiverRateLog(0)), T0, "receiver")) {
            w.record(1_000, 1_500);
        }
        assertNull(DrainTime.of(List.of(sender), List.of(receiver)));
    }

    /** A run longer than its steps at 1 ms: counted in wider steps (4 ms for 40 minutes), in bounded memory. */
    @Test
    void aLongRunIsCountedInWiderSteps() throws IOException {
        Path sender = Files.createDirectories(dir.resolve("sender"));
        try (RateLogWriter w = RateLogWriter.create(sender.resolve(PeerFiles.senderRateLog(0)), T0, "sender")) {
            for (long s = 0; s < 2400; s++) {
                w.record(s * 1_000_000, s * 1_000_000);
            }
        }
        Path receiver = Files.createDirectories(dir.resolve("receiver"));
        long late = 1200L * 1_000_000 - 500_000;  // 1199.5 s in: 1200 messages wait
        try (RateLogWriter w = RateLogWriter.create(receiver.resolve(PeerFiles.receiverRateLog(0)), T0 + late, "receiver")) {
            for (long i = 0; i < 2400; i++) {
                long ata = i < 1200 ? i * 50 : i * 1_000_000 - late + 1_000;  // the backlog in 60 ms, then as sent
                w.record(i * 1_000_000 - late, ata);
            }
        }
        Summary.Drain d = DrainTime.of(List.of(sender), List.of(receiver));
        assertNotNull(d);
        assertEquals(1200, d.backlogMessages());
        assertNotNull(d.drainMillis());
        assertEquals(60, d.drainMillis(), 8, "the backlog taken in 60 ms, to within the 4 ms steps");
    }
}
