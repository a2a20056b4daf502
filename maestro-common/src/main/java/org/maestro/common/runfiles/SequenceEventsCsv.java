package org.maestro.common.runfiles;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A receiver's {@code sequence-events.csv}: every duplicated and out-of-order arrival, with its time, so a
 * fault's cost can be counted in its own window. They are rare, so one line each is cheap; a
 * healthy run writes only the header. The receiver writes it (flushed every second), the client reads it.
 * Columns: {@code epochMicros,stream,sequence,kind}; the stream in hexadecimal.
 */
public final class SequenceEventsCsv implements AutoCloseable {
    public static final String DUPLICATE = "duplicate";
    public static final String OUT_OF_ORDER = "out-of-order";
    private static final String HEADER = "epochMicros,stream,sequence,kind";

    /** One arrival; {@code kind} is {@link #DUPLICATE} or {@link #OUT_OF_ORDER}. */
    public record Event(long epochMicros, long stream, long sequence, String kind) {
        public boolean isDuplicate() {
            return DUPLICATE.equals(kind);
        }
    }

    private final BufferedWriter out;

    private SequenceEventsCsv(BufferedWriter out) {
        this.out = out;
    }

    /** Creates (or replaces) {@code <dir>/sequence-events.csv} and writes its header. */
    public static SequenceEventsCsv create(Path dir) throws IOException {
        return new SequenceEventsCsv(CsvReader.createWithHeader(dir.resolve(PeerFiles.SEQUENCE_EVENTS_CSV), HEADER));
    }

    public synchronized void write(long epochMicros, long stream, long sequence, String kind) {
        try {
            out.write(epochMicros + "," + Long.toUnsignedString(stream, 16) + "," + sequence + "," + kind + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + PeerFiles.SEQUENCE_EVENTS_CSV + ": " + e.getMessage(), e);
        }
    }

    public synchronized void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot flush " + PeerFiles.SEQUENCE_EVENTS_CSV + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + PeerFiles.SEQUENCE_EVENTS_CSV + ": " + e.getMessage(), e);
        }
    }

    /** Every event in {@code file}, streaming, in file order; lines without four columns are skipped. */
    public static void read(Path file, Consumer<Event> events) throws IOException {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            lines.skip(1).map(l -> l.split(",")).filter(f -> f.length == 4).forEach(f -> events.accept(
                    new Event(Long.parseLong(f[0]), Long.parseUnsignedLong(f[1], 16), Long.parseLong(f[2]), f[3])));
        }
    }
}
