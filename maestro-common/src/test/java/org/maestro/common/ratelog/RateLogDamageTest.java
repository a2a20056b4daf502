package org.maestro.common.ratelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Truncated and corrupt rate logs: complete frames stay readable, corruption is named with file and offset. */
class RateLogDamageTest {

    private static final int FRAMES = 6;
    private static final int RECORDS_PER_FRAME = 150;
    private static final String LABEL = "sender-3 sender";

    @TempDir
    Path dir;

    private byte[] log;
    /** boundaries.get(k): the byte offset where frame k starts (k = 0) or frame k-1 ends; the last is the end marker. */
    private final List<Long> boundaries = new ArrayList<>();
    private int headerLength;

    @BeforeEach
    void writeLogOfSixFrames() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TimingModel model = new TimingModel(10_000, 5);
        try (RateLogWriter writer = new RateLogWriter(bytes, 123, LABEL)) {
            headerLength = (int) writer.bytesWritten();
            boundaries.add(writer.bytesWritten());
            for (int f = 0; f < FRAMES; f++) {
                for (int i = 0; i < RECORDS_PER_FRAME; i++) {
                    model.next();
                    writer.record(model.etaMicros, model.ataMicros);
                }
                writer.flush();
                boundaries.add(writer.bytesWritten());
            }
        }
        log = bytes.toByteArray();
        assertEquals(boundaries.get(FRAMES) + RateLogFormat.FRAME_HEADER_BYTES, log.length, "frames then the end marker");
    }

    @Test
    void everyCutKeepsTheCompleteFramesBeforeIt() throws IOException {
        for (int cut = 0; cut <= log.length; cut++) {
            byte[] prefix = Arrays.copyOf(log, cut);
            String source = "log cut at " + cut;
            if (cut < headerLength) {
                RateLogFormatException e = assertThrows(RateLogFormatException.class, () -> read(prefix, source), source);
                assertTrue(e.getMessage().startsWith(source + ": "), e.getMessage());
                continue;
            }
            int completeFrames = 0;
            while (completeFrames < FRAMES && boundaries.get(completeFrames + 1) <= cut) {
                completeFrames++;
            }
            boolean atBoundary = boundaries.contains((long) cut);
            try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(prefix), source)) {
                TimingModel expected = new TimingModel(10_000, 5);
                while (reader.next()) {
                    expected.next();
                    assertEquals(expected.etaMicros, reader.etaMicros(), source);
                    assertEquals(expected.ataMicros, reader.ataMicros(), source);
                }
                assertEquals((long) completeFrames * RECORDS_PER_FRAME, reader.recordsRead(), source);
                assertEquals(completeFrames, reader.framesRead(), source);
                boolean whole = cut == log.length;
                assertEquals(!atBoundary && !whole, reader.truncatedTail(), source);
                assertEquals(reader.truncatedTail() ? boundaries.get(completeFrames) : -1L, reader.truncatedTailOffset(), source);
                assertEquals(whole, reader.closedCleanly(), source);
            }
        }
    }

    @Test
    void truncatedFileOnDiskExportsItsCompleteFrames() throws IOException {
        Path file = dir.resolve("crashed.rlog");
        long cut = boundaries.get(4) + 10;
        Files.write(file, Arrays.copyOf(log, (int) cut));
        RateLogCsv.Result result = RateLogCsv.export(file, dir.resolve("crashed.csv"));
        assertEquals(4L * RECORDS_PER_FRAME, result.records());
        assertTrue(result.truncatedTail());
        assertEquals(boundaries.get(4), result.truncatedTailOffset());
        assertFalse(result.closedCleanly());
        assertEquals(1 + 4 * RECORDS_PER_FRAME, Files.readAllLines(dir.resolve("crashed.csv")).size());
    }

    @Test
    void crcMismatchNamesTheFileAndTheFrameOffset() throws IOException {
        long frame3 = boundaries.get(2);
        byte[] damaged = log.clone();
        damaged[(int) frame3 + 12] ^= 0x01; // the CRC32 field of the third frame
        Path file = dir.resolve("bad-crc.rlog");
        Files.write(file, damaged);
        try (RateLogReader reader = RateLogReader.open(file)) {
            RateLogFormatException e = assertThrows(RateLogFormatException.class, () -> {
                while (reader.next()) {
                    // the first two frames are fine
                }
            });
            assertEquals(2L * RECORDS_PER_FRAME, reader.recordsRead());
            assertEquals(file.toString(), e.source());
            assertEquals(frame3, e.offset());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("CRC32 mismatch"), e.getMessage());
            assertTrue(e.getMessage().contains("byte offset " + frame3), e.getMessage());
        }
    }

    @Test
    void damagedCompressedBytesAreReportedNeverReturned() throws IOException {
        List<Long> original = readAll(log, "original log");
        long frame2 = boundaries.get(1);
        long frame3 = boundaries.get(2);
        int harmless = 0;
        for (long at = frame2 + RateLogFormat.FRAME_HEADER_BYTES; at < frame3; at++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] damaged = log.clone();
                damaged[(int) at] ^= (byte) (1 << bit);
                String what = "flipped bit " + bit + " of byte " + at;
                try {
                    // Bits the inflater never needs (the end-of-block code and padding after the last record,
                    // Huffman codes of unused symbols) change nothing; then the records must be intact.
                    assertEquals(original, readAll(damaged, what), what);
                    harmless++;
                } catch (RateLogFormatException e) {
                    assertEquals(frame2, e.offset(), e.getMessage());
                }
            }
        }
        long flips = 8 * (frame3 - frame2 - RateLogFormat.FRAME_HEADER_BYTES);
        assertTrue(harmless < flips / 10, harmless + " of " + flips + " flips went unnoticed");
    }

    @Test
    void implausibleFrameHeaderIsCorruptionNotTruncation() {
        byte[] damaged = log.clone();
        damaged[(int) (long) boundaries.get(1)] = (byte) 0x7F; // uncompressed length of frame 2 becomes ~2 GB
        RateLogFormatException e = assertThrows(RateLogFormatException.class, () -> read(damaged, "huge frame"));
        assertEquals(boundaries.get(1), e.offset());
        assertTrue(e.getMessage().contains("implausible header"), e.getMessage());
    }

    @Test
    void badMagicNamesTheFileAndOffsetZero() throws IOException {
        Path file = dir.resolve("not-a-rate-log.csv");
        Files.writeString(file, "eta,ata\n1,2\n");
        RateLogFormatException e = assertThrows(RateLogFormatException.class, () -> RateLogReader.open(file));
        assertEquals(0, e.offset());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("bad magic"), e.getMessage());
    }

    @Test
    void emptyFileAndUnsupportedVersionAreClearErrors() {
        RateLogFormatException empty = assertThrows(RateLogFormatException.class, () -> read(new byte[0], "empty file"));
        assertTrue(empty.getMessage().contains("empty file"), empty.getMessage());

        byte[] future = log.clone();
        future[4] = 9;
        RateLogFormatException version = assertThrows(RateLogFormatException.class, () -> read(future, "future log"));
        assertEquals(4, version.offset());
        assertTrue(version.getMessage().contains("unsupported rate log format version 9"), version.getMessage());

        byte[] wrongStart = "MRLX".getBytes(StandardCharsets.US_ASCII);
        assertThrows(RateLogFormatException.class, () -> read(wrongStart, "wrong magic"));
    }

    @Test
    void bytesAfterTheEndMarkerAreCorruption() {
        byte[] extended = Arrays.copyOf(log, log.length + 1);
        RateLogFormatException e = assertThrows(RateLogFormatException.class, () -> read(extended, "extended log"));
        assertEquals(log.length, e.offset());
    }

    private static List<Long> readAll(byte[] bytes, String source) throws IOException {
        List<Long> values = new ArrayList<>();
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes), source)) {
            reader.forEachRemaining((eta, ata) -> {
                values.add(eta);
                values.add(ata);
            });
        }
        return values;
    }

    private static long read(byte[] bytes, String source) throws IOException {
        try (RateLogReader reader = new RateLogReader(new ByteArrayInputStream(bytes), source)) {
            return reader.forEachRemaining((eta, ata) -> { });
        }
    }
}
