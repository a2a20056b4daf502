package org.maestro.common.ratelog;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads a rate log written by {@link RateLogWriter}, one frame at a time, so memory stays bounded
 * (about two frames) whatever the size of the file.
 *
 * <p>Use it as a cursor ({@code while (reader.next()) use(reader.etaMicros(), reader.ataMicros())}) or
 * with {@link #forEachRemaining}. A file that ends inside a frame (the writer died mid-write) is not an
 * error: the complete frames are read and {@link #truncatedTail()} turns true when the end is reached.
 * Anything else that is wrong (bad magic, CRC32 mismatch, undecodable data) throws a
 * {@link RateLogFormatException} naming the file and the byte offset.
 *
 * <p>Not thread-safe.
 */
public final class RateLogReader implements AutoCloseable {

    private final InputStream in;
    private final String source;
    private final RateLogHeader header;
    private final byte[] frameHeader = new byte[RateLogFormat.FRAME_HEADER_BYTES];
    private final byte[] records = new byte[RateLogFormat.MAX_FRAME_BYTES];
    private final byte[] compressed = new byte[RateLogFormat.deflateBound(RateLogFormat.MAX_FRAME_BYTES)];
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();

    private long offset;
    private long frameOffset;
    private int frameLength;
    private int position;
    private int frameRemaining;
    private long previousEtaMicros;
    private long etaMicros;
    private long ataMicros;
    private long recordsRead;
    private long framesRead;
    private boolean ended;
    private boolean closedCleanly;
    private long truncatedTailOffset = -1;

    /**
     * Reads the file header from {@code in}. The reader owns {@code in} and closes it.
     *
     * @param in     the rate log
     * @param source the name used in error messages, usually the file path
     * @throws RateLogFormatException if the header is not a rate log header of a supported version
     * @throws IOException            if {@code in} cannot be read
     */
    public RateLogReader(InputStream in, String source) throws IOException {
        this.in = Objects.requireNonNull(in, "in");
        this.source = Objects.requireNonNull(source, "source");
        try {
            this.header = readFileHeader();
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens {@code file} and reads its header; see {@link #RateLogReader(InputStream, String)}. */
    public static RateLogReader open(Path file) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(file), 64 * 1024);
        return new RateLogReader(in, file.toString());
    }

    /** The file header: version, test start and label. */
    public RateLogHeader header() {
        return header;
    }

    /**
     * Moves to the next record.
     *
     * @return false at the end of the log (clean end, end marker or truncated tail)
     * @throws RateLogFormatException if the next frame is corrupt
     * @throws IOException            if the file cannot be read
     */
    public boolean next() throws IOException {
        while (frameRemaining == 0) {
            if (ended || !readFrame()) {
                ended = true;
                return false;
            }
        }
        long eta = previousEtaMicros + readZigZag();
        long ata = eta + readZigZag();
        etaMicros = eta;
        ataMicros = ata;
        previousEtaMicros = eta;
        recordsRead++;
        if (--frameRemaining == 0 && position != frameLength) {
            throw new RateLogFormatException(source, frameOffset, "frame " + framesRead + " holds "
                    + (frameLength - position) + " bytes after its last record");
        }
        return true;
    }

    /** The next zig-zag varint of the frame (a short method the JIT inlines: the common case is one or two bytes). */
    private long readZigZag() throws RateLogFormatException {
        byte[] b = records;
        int p = position;
        long v = 0;
        int shift = 0;
        byte x;
        do {
            if (p >= frameLength || shift > 63) {
                throw undecodable();
            }
            x = b[p++];
            v |= (long) (x & 0x7F) << shift;
            shift += 7;
        } while (x < 0);
        position = p;
        return (v >>> 1) ^ -(v & 1);
    }

    /** Intended time of the current record, microseconds from test start. */
    public long etaMicros() {
        return etaMicros;
    }

    /** Actual time of the current record, microseconds from test start. */
    public long ataMicros() {
        return ataMicros;
    }

    /**
     * Passes every remaining record to {@code consumer}.
     *
     * @return the number of records passed
     */
    public long forEachRemaining(RateLogRecordConsumer consumer) throws IOException {
        long count = 0;
        while (next()) {
            consumer.accept(etaMicros, ataMicros);
            count++;
        }
        return count;
    }

    /** Records returned by {@link #next()} so far. */
    public long recordsRead() {
        return recordsRead;
    }

    /** Complete frames read so far. */
    public long framesRead() {
        return framesRead;
    }

    /**
     * Whether the log ends inside a frame (its writer died while writing it). Known once
     * {@link #next()} has returned false; the records of the complete frames before it were returned.
     */
    public boolean truncatedTail() {
        return truncatedTailOffset >= 0;
    }

    /** The byte offset where the incomplete last frame starts, or -1 if there is none. */
    public long truncatedTailOffset() {
        return truncatedTailOffset;
    }

    /**
     * Whether the log ends with the end marker written by {@link RateLogWriter#close()}: false means
     * the writer did not close it (it died, or is still writing). Known once {@link #next()} has
     * returned false.
     */
    public boolean closedCleanly() {
        return closedCleanly;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }

    private RateLogHeader readFileHeader() throws IOException {
        byte[] fixed = new byte[RateLogFormat.FILE_HEADER_FIXED_BYTES];
        int n = in.readNBytes(fixed, 0, fixed.length);
        int magicRead = Math.min(n, 4);
        if (!Arrays.equals(fixed, 0, magicRead, RateLogFormat.MAGIC, 0, magicRead)) {
            throw new RateLogFormatException(source, 0, "not a rate log: bad magic bytes "
                    + hex(fixed, magicRead) + " (expected " + hex(RateLogFormat.MAGIC, 4) + " \"MRLG\")");
        }
        if (n == 0) {
            throw new RateLogFormatException(source, 0, "empty file: not even a rate log header");
        }
        if (n < fixed.length) {
            throw new RateLogFormatException(source, n, "file header truncated: the file ends after " + n + " bytes");
        }
        int version = fixed[4] & 0xFF;
        if (version != RateLogFormat.VERSION) {
            throw new RateLogFormatException(source, 4, "unsupported rate log format version " + version
                    + " (this reader reads version " + RateLogFormat.VERSION + ")");
        }
        long testStart = getLong(fixed, 5);
        int labelLength = (fixed[13] & 0xFF) << 8 | fixed[14] & 0xFF;
        byte[] label = in.readNBytes(labelLength);
        if (label.length < labelLength) {
            throw new RateLogFormatException(source, fixed.length + label.length,
                    "file header truncated: the label of " + labelLength + " bytes ends early");
        }
        offset = fixed.length + labelLength;
        return new RateLogHeader(version, testStart, new String(label, StandardCharsets.UTF_8));
    }

    /** Reads and checks the next frame into {@link #records}; false at the end of the log. */
    private boolean readFrame() throws IOException {
        frameOffset = offset;
        int n = in.readNBytes(frameHeader, 0, frameHeader.length);
        if (n == 0) {
            return false;
        }
        if (n < frameHeader.length) {
            truncatedTailOffset = frameOffset;
            return false;
        }
        int uncompressedLength = getInt(frameHeader, 0);
        int compressedLength = getInt(frameHeader, 4);
        int count = getInt(frameHeader, 8);
        int storedCrc = getInt(frameHeader, 12);
        if (uncompressedLength == 0 && compressedLength == 0 && count == 0 && storedCrc == RateLogFormat.END_MARKER_CRC) {
            offset += n;
            if (in.read() != -1) {
                throw new RateLogFormatException(source, offset, "data after the end marker");
            }
            closedCleanly = true;
            return false;
        }
        if (uncompressedLength < RateLogFormat.MIN_RECORD_BYTES || uncompressedLength > RateLogFormat.MAX_FRAME_BYTES
                || compressedLength <= 0 || compressedLength > compressed.length
                || count <= 0 || count > uncompressedLength / RateLogFormat.MIN_RECORD_BYTES) {
            throw new RateLogFormatException(source, frameOffset, "implausible header of frame " + (framesRead + 1)
                    + " (uncompressed " + Integer.toUnsignedString(uncompressedLength) + " bytes, compressed "
                    + Integer.toUnsignedString(compressedLength) + " bytes, " + Integer.toUnsignedString(count)
                    + " records): corrupt file");
        }
        int m = in.readNBytes(compressed, 0, compressedLength);
        if (m < compressedLength) {
            truncatedTailOffset = frameOffset;
            return false;
        }
        inflate(compressedLength, uncompressedLength);
        crc.reset();
        crc.update(records, 0, uncompressedLength);
        if ((int) crc.getValue() != storedCrc) {
            throw new RateLogFormatException(source, frameOffset, "corrupt frame " + (framesRead + 1) + ": CRC32 mismatch (stored "
                    + hex(storedCrc) + ", computed " + hex((int) crc.getValue()) + ")");
        }
        offset += n + m;
        frameLength = uncompressedLength;
        frameRemaining = count;
        position = 0;
        previousEtaMicros = 0;
        framesRead++;
        return true;
    }

    private void inflate(int compressedLength, int uncompressedLength) throws RateLogFormatException {
        inflater.reset();
        inflater.setInput(compressed, 0, compressedLength);
        int total = 0;
        try {
            while (total < uncompressedLength) {
                int k = inflater.inflate(records, total, uncompressedLength - total);
                if (k == 0 && (inflater.finished() || inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                total += k;
            }
        } catch (DataFormatException e) {
            throw new RateLogFormatException(source, frameOffset, "corrupt frame " + (framesRead + 1)
                    + ": compressed data cannot be inflated (" + e.getMessage() + ")", e);
        }
        if (total != uncompressedLength) {
            throw new RateLogFormatException(source, frameOffset, "corrupt frame " + (framesRead + 1)
                    + ": compressed data inflates to " + total + " bytes, the header says " + uncompressedLength);
        }
    }

    private RateLogFormatException undecodable() {
        return new RateLogFormatException(source, frameOffset, "frame " + framesRead
                + " passes its CRC32 but its records cannot be decoded (record " + recordsRead + ")");
    }

    private static int getInt(byte[] b, int p) {
        return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | b[p + 3] & 0xFF;
    }

    private static long getLong(byte[] b, int p) {
        return (long) getInt(b, p) << 32 | getInt(b, p + 4) & 0xFFFFFFFFL;
    }

    private static String hex(byte[] b, int length) {
        StringBuilder s = new StringBuilder("0x");
        for (int i = 0; i < length; i++) {
            s.append(String.format("%02X", b[i]));
        }
        return s.toString();
    }

    private static String hex(int v) {
        return String.format("0x%08X", v);
    }
}
