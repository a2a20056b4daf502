package org.maestro.common.ratelog;

import java.nio.charset.StandardCharsets;

/**
 * Constants of the rate log format shared by {@link RateLogWriter} and {@link RateLogReader}; see
 * the package documentation for the layout.
 */
final class RateLogFormat {

    /** The first four bytes of every rate log: "MRLG" (Maestro Rate LoG). */
    static final byte[] MAGIC = "MRLG".getBytes(StandardCharsets.US_ASCII);

    /** The format version this code writes and reads. */
    static final int VERSION = 1;

    /** Magic, version, test start and label length: the file header before the label bytes. */
    static final int FILE_HEADER_FIXED_BYTES = 4 + 1 + 8 + 2;

    /** The longest label accepted, in UTF-8 bytes. */
    static final int MAX_LABEL_BYTES = 4096;

    /** Uncompressed length, compressed length, record count and CRC32: four big-endian ints. */
    static final int FRAME_HEADER_BYTES = 16;

    /** A frame is cut as soon as its encoded records reach this many bytes. */
    static final int TARGET_FRAME_BYTES = 64 * 1024;

    /** Two varints of at most 10 bytes each. */
    static final int MAX_RECORD_BYTES = 20;

    /** The largest uncompressed frame a valid writer produces. */
    static final int MAX_FRAME_BYTES = TARGET_FRAME_BYTES + MAX_RECORD_BYTES;

    /** The smallest encoded record: two one-byte varints. */
    static final int MIN_RECORD_BYTES = 2;

    /** The CRC field of the end marker (uncompressed, compressed length and count all 0): "END!". */
    static final int END_MARKER_CRC = 0x454E4421;

    private RateLogFormat() {
    }

    /** An upper bound on the size of {@code length} bytes once deflated (zlib's deflateBound, rounded up). */
    static int deflateBound(int length) {
        return length + (length >>> 12) + (length >>> 14) + (length >>> 25) + 64;
    }
}
