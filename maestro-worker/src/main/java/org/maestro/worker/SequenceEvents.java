package org.maestro.worker;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code sequence-events.csv}: every duplicated and out-of-order arrival, with its time, so a
 * fault's cost can be counted in its own window. They are rare, so one line each is cheap; a
 * healthy run writes only the header. Flushed every second.
 */
final class SequenceEvents implements AutoCloseable {
    private final BufferedWriter out;

    SequenceEvents(Path file) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write("epochMicros,stream,sequence,kind\n");
        out.flush();
    }

    synchronized void write(long epochMicros, long stream, long sequence, String kind) {
        try {
            out.write(epochMicros + "," + Long.toUnsignedString(stream, 16) + "," + sequence + "," + kind + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write sequence-events.csv: " + e.getMessage(), e);
        }
    }

    synchronized void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot flush sequence-events.csv: " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close sequence-events.csv: " + e.getMessage(), e);
        }
    }
}
