package org.maestro.common.ratelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writing a rate log and reading it back gives every record exactly, whatever the values and flushes. */
class RateLogRoundTripTest {

    private static final Logger LOG = LoggerFactory.getLogger(RateLogRoundTripTest.class);
    private static final long TEST_START_EPOCH_MICROS = 1_763_800_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void millionsOfRealisticRecordsFlushedEverySecondRoundTrip() throws IOException {
        int count = 2_000_000;
        Path file = dir.resolve("sender.rlog");
        TimingModel model = new TimingModel(10_000, 42);
        long nextFlushMicros = 1_000_000;
        try (RateLogWriter writer = RateLogWriter.create(file, TEST_START_EPOCH_MICROS, "sender-1 sender")) {
            for (int i = 0; i < count; i++) {
                model.next();
                writer.record(model.etaMicros, model.ataMicros);
                if (model.etaMicros >= nextFlushMicros) { // the owner flushes once a second
                    writer.flush();
                    nextFlushMicros = model.etaMicros + 1_000_000;
                }
            }
            assertEquals(count, writer.recordCount());
        }
        long size = Files.size(file);
        LOG.info("{} realistic records at 10,000 msg/s: {} bytes, {} bytes/message", count, size,
                String.format("%.3f", (double) size / count));

        TimingModel expected = new TimingModel(10_000, 42);
        try (RateLogReader reader = RateLogReader.open(file)) {
            assertEquals(new RateLogHeader(1, TEST_START_EPOCH_MICROS, "sender-1 sender"), reader.header());
            long i = 0;
            while (reader.next()) {
                expected.next();
                if (reader.etaMicros() != expected.etaMicros || reader.ataMicros() != expected.ataMicros) {
                    fail("record " + i + ": read (" + reader.etaMicros() + ", " + reader.ataMicros() + "), wrote ("
                            + expected.etaMicros + ", " + expected.ataMicros + ")");
                }
                i++;
            }
            assertEquals(count, i);
            assertEquals(count, reader.recordsRead());
            assertTrue(reader.framesRead() >= 200, "one frame per second at least, got " + reader.framesRead());
            assertFalse(reader.truncatedTail());
            assertTrue(reader.closedCleanly());
        }
    }

    @Test
    void flatOutRecordsWithoutFlushAreCutIntoFramesOf64KiB() throws IOException {
        int count = 1_000_000;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TimingModel model = new TimingModel(0, 7);
        try (RateLogWriter writer = new RateLogWriter(bytes, 0, "flat out")) {
            for (int i = 0; i < count; i++) {
                model.next();
                writer.record(model.etaMicros, model.ataMicros);
            }
        }
        TimingModel expected = new TimingModel(0, 7);
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes.toByteArray()), "flat-out log")) {
            long read = reader.forEachRemaining((eta, ata) -> {
                expected.next();
                if (eta != expected.etaMicros || ata != expected.ataMicros) {
                    fail("read (" + eta + ", " + ata + "), wrote (" + expected.etaMicros + ", " + expected.ataMicros + ")");
                }
            });
            assertEquals(count, read);
            // About 2 bytes per record before compression: 1,000,000 records need at least 30 frames of 64 KiB.
            assertTrue(reader.framesRead() >= 30, "frames: " + reader.framesRead());
        }
        LOG.info("{} flat-out records: {} bytes/message", count, String.format("%.3f", (double) bytes.size() / count));
    }

    @Test
    void flushesAnywhereIncludingEmptyAndRepeatedOnesKeepEveryRecord() throws IOException {
        SplittableRandom random = new SplittableRandom(3);
        long[] eta = new long[50_000];
        long[] ata = new long[eta.length];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int flushes = 0;
        try (RateLogWriter writer = new RateLogWriter(bytes, TEST_START_EPOCH_MICROS, "receiver-2 receiver")) {
            writer.flush(); // nothing recorded yet: writes nothing
            long t = 0;
            for (int i = 0; i < eta.length; i++) {
                t += random.nextInt(300);
                eta[i] = t;
                ata[i] = t + random.nextInt(-50, 5_000);
                writer.record(eta[i], ata[i]);
                int dice = random.nextInt(1_000);
                if (dice < 10) {
                    writer.flush();
                    flushes++;
                }
                if (dice == 0) {
                    writer.flush();
                }
            }
        }
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes.toByteArray()), "flushed log")) {
            for (int i = 0; i < eta.length; i++) {
                assertTrue(reader.next(), "record " + i + " missing");
                assertEquals(eta[i], reader.etaMicros(), "eta of record " + i);
                assertEquals(ata[i], reader.ataMicros(), "ata of record " + i);
            }
            assertFalse(reader.next());
            assertTrue(reader.framesRead() >= flushes, "frames " + reader.framesRead() + ", flushes " + flushes);
            assertTrue(reader.closedCleanly());
        }
    }

    @Test
    void negativeAtaMinusEtaBackwardEtaAndExtremeValuesRoundTrip() throws IOException {
        long[][] records = {
                {0, 0}, {100, 50}, {90, 90}, {-5, -10}, {1_000_000, 999_999},
                {Long.MAX_VALUE, Long.MIN_VALUE}, {Long.MIN_VALUE, Long.MAX_VALUE}, {Long.MIN_VALUE, Long.MIN_VALUE},
                {Long.MAX_VALUE, Long.MAX_VALUE}, {0, -1}, {-1, 0}, {42, 42},
        };
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (RateLogWriter writer = new RateLogWriter(bytes, -1, "")) {
            for (long[] r : records) {
                writer.record(r[0], r[1]);
            }
            writer.flush();
            for (long[] r : records) {
                writer.record(r[0], r[1]);
            }
        }
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes.toByteArray()), "extreme log")) {
            assertEquals(new RateLogHeader(1, -1, ""), reader.header());
            for (int pass = 0; pass < 2; pass++) {
                for (long[] r : records) {
                    assertTrue(reader.next());
                    assertEquals(r[0], reader.etaMicros());
                    assertEquals(r[1], reader.ataMicros());
                }
            }
            assertFalse(reader.next());
            assertEquals(2, reader.framesRead());
        }
    }

    @Test
    void emptyLogHasAHeaderAndNoRecords() throws IOException {
        Path file = dir.resolve("empty.rlog");
        try (RateLogWriter writer = RateLogWriter.create(file, TEST_START_EPOCH_MICROS, "inspector-1 inspector \u00e9")) {
            writer.flush();
        }
        try (RateLogReader reader = RateLogReader.open(file)) {
            assertEquals("inspector-1 inspector \u00e9", reader.header().label());
            assertEquals(TEST_START_EPOCH_MICROS, reader.header().testStartEpochMicros());
            assertFalse(reader.next());
            assertFalse(reader.next());
            assertEquals(0, reader.recordsRead());
            assertTrue(reader.closedCleanly());
            assertFalse(reader.truncatedTail());
        }
    }

    @Test
    void logOfAWriterThatDiedBeforeItsFirstFrameIsEmptyAndNotClosedCleanly() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        RateLogWriter writer = new RateLogWriter(bytes, 5, "died");
        writer.record(1, 2); // buffered, never flushed: lost with the writer
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes.toByteArray()), "died log")) {
            assertFalse(reader.next());
            assertFalse(reader.closedCleanly());
            assertFalse(reader.truncatedTail());
        }
        writer.close();
    }

    @Test
    void fixedRateOf10000PerSecondCostsAboutTwoBytesPerMessage() throws IOException {
        int seconds = 60;
        int rate = 10_000;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TimingModel model = new TimingModel(rate, 11);
        try (RateLogWriter writer = new RateLogWriter(bytes, TEST_START_EPOCH_MICROS, "sender-1 sender")) {
            for (int s = 0; s < seconds; s++) {
                for (int i = 0; i < rate; i++) {
                    model.next();
                    writer.record(model.etaMicros, model.ataMicros);
                }
                writer.flush();
            }
        }
        double bytesPerMessage = (double) bytes.size() / (seconds * rate);
        LOG.info("fixed rate {} msg/s for {} s, flushed every second: {} bytes, {} bytes/message (plain binary: 16)",
                rate, seconds, bytes.size(), String.format("%.3f", bytesPerMessage));
        assertTrue(bytesPerMessage < 4, "bytes per message: " + bytesPerMessage);
    }

    @Test
    void writerRejectsHugeLabelsAndRecordsAfterClose() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertThrows(IllegalArgumentException.class, () -> new RateLogWriter(bytes, 0, "x".repeat(5000)));
        RateLogWriter writer = new RateLogWriter(bytes, 0, "closed");
        writer.close();
        writer.close();
        writer.flush();
        assertThrows(IllegalStateException.class, () -> writer.record(1, 1));
    }

    @Test
    void writerThatCannotWriteSaysSoAndRecordsNoMore() throws IOException {
        OutputStream full = new OutputStream() { // a disk that fills up after the file header
            private int written;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (written + len > 100) {
                    throw new IOException("No space left on device");
                }
                written += len;
            }
        };
        RateLogWriter writer = new RateLogWriter(full, 0, "full disk");
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1_000; i++) {
            writer.record(i * 100L, i * 100L + random.nextInt(100_000)); // about 2 KB once compressed
        }
        IOException first = assertThrows(IOException.class, writer::flush);
        assertEquals("No space left on device", first.getMessage());
        IOException later = assertThrows(IOException.class, () -> writer.record(1, 2));
        assertTrue(later.getMessage().contains("failed earlier"), later.getMessage());
        writer.close(); // does not try to write again
    }
}
