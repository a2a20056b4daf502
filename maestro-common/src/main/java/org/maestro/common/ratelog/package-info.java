/**
 * The per-message rate log: for every message a sender sent or a receiver received, its intended
 * time (eta) and actual time (ata), in microseconds from the test start.
 *
 * <p>{@link org.maestro.common.ratelog.RateLogWriter} writes it, {@link org.maestro.common.ratelog.RateLogReader}
 * reads it back frame by frame in bounded memory, {@link org.maestro.common.ratelog.RateLogCsv} exports it
 * as CSV ({@code eta,ata}).
 *
 * <h2>Format, version 1</h2>
 * All fixed-width integers are big-endian.
 * <pre>
 * file        = file-header frame* [end-marker]
 * file-header = magic "MRLG" (4 bytes)
 *               format version (1 byte, = 1)
 *               test start, epoch microseconds (8 bytes, signed)
 *               label length in bytes (2 bytes, unsigned) + label (UTF-8, e.g. "sender-1 sender")
 * frame       = uncompressed length (4) + compressed length (4) + record count (4)
 *               + CRC32 of the uncompressed bytes (4)
 *               + the records, compressed with raw Deflate (java.util.zip.Deflater level 1, nowrap)
 * end-marker  = a frame header of 0, 0, 0, 0x454E4421 ("END!"), written by close()
 * record      = zigzag-varint(eta - previous eta) zigzag-varint(ata - eta)
 * </pre>
 * The "previous eta" of the first record of each frame is 0, so every frame decodes on its own.
 * A varint is the usual little-endian base-128 encoding (7 bits per byte, high bit = more follows);
 * zigzag maps signed to unsigned ({@code (n << 1) ^ (n >> 63)}) so small negative numbers stay short.
 * Deltas are computed in two's-complement arithmetic, so any pair of longs round-trips exactly.
 *
 * <p>A frame is cut when the owner calls {@code flush()} (at least every second) or when its
 * encoded records reach {@value org.maestro.common.ratelog.RateLogFormat#TARGET_FRAME_BYTES} bytes.
 * A writer that dies loses only the frame it was filling; a reader sees the complete frames before it
 * and reports the incomplete tail ({@code truncatedTail()}). A missing end marker means the writer
 * was not closed (the peer died or is still writing).
 */
package org.maestro.common.ratelog;
