package org.maestro.worker;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The 40 bytes a sender puts at the start of every message body, so any receiver can measure
 * latency and count lost, duplicated and out-of-order messages exactly, whatever the protocol:
 * {@code magic (int) | flags (int) | stream (long) | sequence (long) | intended send (long, epoch
 * µs) | actual send (long, epoch µs)}, big-endian. A stream is one sender connection; its sequence numbers
 * start at 0 and go up by one.
 *
 * <p>The hot path writes and reads the fields in place ({@link #write}, {@link #check} and the readers), allocating
 * nothing; the record is the stamp as a value, for tests and for code off the hot path.
 */
public record MessageStamp(long stream, long sequence, long intendedEpochMicros, long sentEpochMicros, boolean warmup) {
    public static final int SIZE = 40;
    private static final int MAGIC = 0x4d535452; // "MSTR"
    private static final int WARMUP = 1;
    private static final int FLAGS_AT = 4;
    private static final int STREAM_AT = 8;
    private static final int SEQUENCE_AT = 16;
    private static final int INTENDED_AT = 24;
    private static final int SENT_AT = 32;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Writes the stamp at the start of {@code body}, which must be at least {@link #SIZE} bytes. */
    public void writeTo(byte[] body) {
        write(body, stream, sequence, intendedEpochMicros, sentEpochMicros, warmup);
    }

    /** Writes a stamp with these fields at the start of {@code body} (at least {@link #SIZE} bytes), allocating nothing. */
    public static void write(byte[] body, long stream, long sequence, long intendedEpochMicros, long sentEpochMicros,
                             boolean warmup) {
        if (body.length < SIZE) {
            throw new IllegalArgumentException("a body of " + body.length + " bytes cannot hold a Maestro stamp (" + SIZE + " bytes)");
        }
        INT.set(body, 0, MAGIC);
        INT.set(body, FLAGS_AT, warmup ? WARMUP : 0);
        LONG.set(body, STREAM_AT, stream);
        LONG.set(body, SEQUENCE_AT, sequence);
        LONG.set(body, INTENDED_AT, intendedEpochMicros);
        LONG.set(body, SENT_AT, sentEpochMicros);
    }

    /**
     * Reads the stamp of a received body.
     *
     * @throws IllegalArgumentException when the body was not sent by a Maestro sender
     */
    public static MessageStamp readFrom(byte[] body) {
        check(body);
        return new MessageStamp(stream(body), sequence(body), intendedEpochMicros(body), sentEpochMicros(body), warmup(body));
    }

    /**
     * Checks that a received body starts with a stamp, so that the readers below may read it.
     *
     * @throws IllegalArgumentException when the body was not sent by a Maestro sender
     */
    public static void check(byte[] body) {
        if (body.length < SIZE) {
            throw new IllegalArgumentException("message of " + body.length + " bytes is too short for a Maestro stamp ("
                    + SIZE + " bytes): not sent by a Maestro sender?");
        }
        if ((int) INT.get(body, 0) != MAGIC) {
            throw new IllegalArgumentException("message does not start with a Maestro stamp: not sent by a Maestro sender?");
        }
    }

    /** The stream of a {@link #check checked} body. */
    public static long stream(byte[] body) {
        return (long) LONG.get(body, STREAM_AT);
    }

    /** The sequence number of a {@link #check checked} body. */
    public static long sequence(byte[] body) {
        return (long) LONG.get(body, SEQUENCE_AT);
    }

    /** The intended send time (epoch µs) of a {@link #check checked} body. */
    public static long intendedEpochMicros(byte[] body) {
        return (long) LONG.get(body, INTENDED_AT);
    }

    /** The actual send time (epoch µs) of a {@link #check checked} body. */
    public static long sentEpochMicros(byte[] body) {
        return (long) LONG.get(body, SENT_AT);
    }

    /** Whether a {@link #check checked} body was sent during the warm-up. */
    public static boolean warmup(byte[] body) {
        return ((int) INT.get(body, FLAGS_AT) & WARMUP) != 0;
    }
}
