package org.maestro.common.ratelog;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes a rate log: one (eta, ata) record per message, delta-encoded into a buffer that is cut into
 * an independent Deflate-compressed frame at every {@link #flush()} and whenever it reaches
 * {@value RateLogFormat#TARGET_FRAME_BYTES} bytes. The format is described in the package documentation.
 *
 * <p>{@link #record} is the hot path: it allocates nothing and is not synchronized. Use one writer per
 * thread, and call {@link #flush()} from that same thread at least every second so that a peer that
 * dies loses at most one second of records. Flushing hands the frame to the operating system (it
 * survives the death of the process, not of the machine: no fsync).
 */
public final class RateLogWriter implements AutoCloseable {

    private final OutputStream out;
    private final byte[] records = new byte[RateLogFormat.MAX_FRAME_BYTES];
    private final CRC32 crc = new CRC32();
    private final Deflater deflater;
    private byte[] frame;

    private int position;
    private int frameRecords;
    private long previousEtaMicros;
    private long recordCount;
    private long bytesWritten;
    private boolean writable = true;
    private boolean closed;
    private IOException failure;

    /**
     * Writes the file header to {@code out} and flushes it. The writer owns {@code out} and closes it.
     *
     * @param out                  where the log goes
     * @param testStartEpochMicros the test start, microseconds since the Unix epoch
     * @param label                free text naming the writer, e.g. "sender-1 sender"; at most
     *                             {@value RateLogFormat#MAX_LABEL_BYTES} bytes in UTF-8
     * @throws IOException if the header cannot be written
     */
    public RateLogWriter(OutputStream out, long testStartEpochMicros, String label) throws IOException {
        this.out = Objects.requireNonNull(out, "out");
        byte[] labelBytes = Objects.requireNonNull(label, "label").getBytes(StandardCharsets.UTF_8);
        if (labelBytes.length > RateLogFormat.MAX_LABEL_BYTES) {
            throw new IllegalArgumentException("rate log label is " + labelBytes.length + " bytes in UTF-8, the limit is "
                    + RateLogFormat.MAX_LABEL_BYTES);
        }
        // Level 1: five times faster than the default level for about 15% more bytes; frames are cut on
        // the sending thread, so their cost shows up as send delay (bench/ratelog-size.sh measures both).
        this.deflater = new Deflater(Deflater.BEST_SPEED, true);
        this.frame = new byte[RateLogFormat.FRAME_HEADER_BYTES + RateLogFormat.deflateBound(records.length)];

        byte[] header = new byte[RateLogFormat.FILE_HEADER_FIXED_BYTES + labelBytes.length];
        System.arraycopy(RateLogFormat.MAGIC, 0, header, 0, 4);
        header[4] = (byte) RateLogFormat.VERSION;
        putLong(header, 5, testStartEpochMicros);
        header[13] = (byte) (labelBytes.length >>> 8);
        header[14] = (byte) labelBytes.length;
        System.arraycopy(labelBytes, 0, header, RateLogFormat.FILE_HEADER_FIXED_BYTES, labelBytes.length);
        try {
            write(header, header.length);
            out.flush();
        } catch (IOException | RuntimeException e) {
            deflater.end();
            throw e;
        }
    }

    /**
     * Creates (or truncates) {@code file} and writes the file header to it.
     *
     * @see #RateLogWriter(OutputStream, long, String)
     */
    public static RateLogWriter create(Path file, long testStartEpochMicros, String label) throws IOException {
        // Unbuffered on purpose: every frame is one write, handed to the operating system at once.
        OutputStream out = Files.newOutputStream(file);
        try {
            return new RateLogWriter(out, testStartEpochMicros, label);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Records one message. Allocates nothing; writes a frame when the buffer is full.
     *
     * @param etaMicros intended time, microseconds from test start
     * @param ataMicros actual time, microseconds from test start (may be before eta)
     * @throws IOException if a full frame cannot be written
     */
    public void record(long etaMicros, long ataMicros) throws IOException {
        if (!writable) {
            throwNotWritable();
        }
        byte[] buffer = records;
        int p = putVarLong(buffer, position, zigZag(etaMicros - previousEtaMicros));
        position = putVarLong(buffer, p, zigZag(ataMicros - etaMicros));
        previousEtaMicros = etaMicros;
        frameRecords++;
        recordCount++;
        if (position >= RateLogFormat.TARGET_FRAME_BYTES) {
            writeFrame();
        }
    }

    /**
     * Cuts the records buffered so far into a frame (if there are any) and hands everything to the
     * operating system. Call at least every second, from the writing thread.
     *
     * @throws IOException if the frame cannot be written
     */
    public void flush() throws IOException {
        if (!writable) {
            if (failure != null) {
                throwNotWritable();
            }
            return;
        }
        writeFrame();
        try {
            out.flush();
        } catch (IOException e) {
            failure = e;
            writable = false;
            throw e;
        }
    }

    /** Records recorded so far, including those not yet flushed. */
    public long recordCount() {
        return recordCount;
    }

    /** Bytes handed to the output so far (file header and complete frames; not the buffered records). */
    public long bytesWritten() {
        return bytesWritten;
    }

    /** Flushes the buffered records, writes the end marker and closes the output. Idempotent. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try (OutputStream toClose = out) {
            if (failure == null) {
                writeFrame();
                putFrameHeader(frame, 0, 0, 0, RateLogFormat.END_MARKER_CRC);
                write(frame, RateLogFormat.FRAME_HEADER_BYTES);
                toClose.flush();
            }
        } finally {
            closed = true;
            writable = false;
            deflater.end();
        }
    }

    private void writeFrame() throws IOException {
        if (frameRecords == 0) {
            return;
        }
        int length = position;
        crc.reset();
        crc.update(records, 0, length);
        deflater.reset();
        deflater.setInput(records, 0, length);
        deflater.finish();
        int compressed = 0;
        int start = RateLogFormat.FRAME_HEADER_BYTES;
        while (!deflater.finished()) {
            if (start + compressed == frame.length) {
                frame = Arrays.copyOf(frame, frame.length * 2); // never with deflateBound; kept for safety
            }
            compressed += deflater.deflate(frame, start + compressed, frame.length - start - compressed);
        }
        putFrameHeader(frame, length, compressed, frameRecords, (int) crc.getValue());
        position = 0;
        frameRecords = 0;
        previousEtaMicros = 0;
        try {
            write(frame, start + compressed);
        } catch (IOException e) {
            // The file may now end with part of a frame: later frames would not be readable after it.
            failure = e;
            writable = false;
            throw e;
        }
    }

    private void throwNotWritable() throws IOException {
        if (failure != null) {
            throw new IOException("rate log writer failed earlier and records no more: " + failure.getMessage(), failure);
        }
        throw new IllegalStateException("rate log writer is closed");
    }

    private void write(byte[] bytes, int length) throws IOException {
        out.write(bytes, 0, length);
        bytesWritten += length;
    }

    private static void putFrameHeader(byte[] b, int uncompressed, int compressed, int count, int crc32) {
        putInt(b, 0, uncompressed);
        putInt(b, 4, compressed);
        putInt(b, 8, count);
        putInt(b, 12, crc32);
    }

    private static long zigZag(long n) {
        return (n << 1) ^ (n >> 63);
    }

    private static int putVarLong(byte[] b, int p, long v) {
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }

    private static void putInt(byte[] b, int p, int v) {
        b[p] = (byte) (v >>> 24);
        b[p + 1] = (byte) (v >>> 16);
        b[p + 2] = (byte) (v >>> 8);
        b[p + 3] = (byte) v;
    }

    private static void putLong(byte[] b, int p, long v) {
        putInt(b, p, (int) (v >>> 32));
        putInt(b, p + 4, (int) v);
    }
}
