package org.maestro.worker;

import java.nio.ByteBuffer;

/**
 * The 40 bytes a sender puts at the start of every message body, so any receiver can measure
 * latency and count lost, duplicated and out-of-order messages exactly, whatever the protocol:
 * {@code magic (int) | flags (int) | stream (long) | sequence (long) | intended send (long, epoch
 * µs) | actual send (long, epoch µs)}. A stream is one sender connection; its sequence numbers
 * start at 0 and go up by one.
 */
public record MessageStamp(long stream, long sequence, long intendedEpochMicros, long sentEpochMicros, boolean warmup) {
    public static final int SIZE = 40;
    private static final int MAGIC = 0x4d535452; // "MSTR"
    private static final int WARMUP = 1;

    /** Writes the stamp at the start of {@code body}, which must be at least {@link #SIZE} bytes. */
    public void writeTo(byte[] body) {
        ByteBuffer.wrap(body, 0, SIZE).putInt(MAGIC).putInt(warmup ? WARMUP : 0).putLong(stream).putLong(sequence)
                .putLong(intendedEpochMicros).putLong(sentEpochMicros);
    }

    /**
     * Reads the stamp of a received body.
     *
     * @throws IllegalArgumentException when the body was not sent by a Maestro sender
     */
    public static MessageStamp readFrom(byte[] body) {
        if (body.length < SIZE) {
            throw new IllegalArgumentException("message of " + body.length + " bytes is too short for a Maestro stamp ("
                    + SIZE + " bytes): not sent by a Maestro sender?");
        }
        ByteBuffer b = ByteBuffer.wrap(body, 0, SIZE);
        if (b.getInt() != MAGIC) {
            throw new IllegalArgumentException("message does not start with a Maestro stamp: not sent by a Maestro sender?");
        }
        boolean warmup = (b.getInt() & WARMUP) != 0;
        return new MessageStamp(b.getLong(), b.getLong(), b.getLong(), b.getLong(), warmup);
    }
}
