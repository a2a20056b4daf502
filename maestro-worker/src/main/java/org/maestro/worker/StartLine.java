package org.maestro.worker;

import org.maestro.common.runfiles.TestJson;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Where a job's connection threads wait for the common start instant, and the record of when the peer began (its
 * last connection passed the instant) for test.json.
 */
final class StartLine {
    /** How often a connection waiting for the start instant looks whether it was told to stop. */
    private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /**
     * How long before the start instant a connection thread stops parking and yields until it: a thread parked to the
     * instant is woken by its timer then, and on a busy host waits for a core behind whatever runs there (100 peers
     * on 2 cores: 2-37 ms apart); one already runnable, yielding, takes its turn among them at once (0.4-4.8 ms).
     */
    static final long SPIN_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private final int connections;
    /** The common start instant on this peer's clock, epoch microseconds; -1 when START gave none. */
    private volatile long intendedStartEpochMicros = -1;
    /** When the last connection's thread passed the start instant (System.nanoTime), and how many have. */
    private final AtomicLong begunNanos = new AtomicLong(Long.MIN_VALUE);
    private final AtomicInteger connectionsBegun = new AtomicInteger();
    /** Whether test.json has the begin: written once, after the instant. */
    private final AtomicBoolean begunWritten = new AtomicBoolean();

    StartLine(int connections) {
        this.connections = connections;
    }

    /** The instant START gave, epoch microseconds on this peer's clock; -1 for none. */
    void intended(long epochMicros) {
        intendedStartEpochMicros = epochMicros;
    }

    /**
     * Parks the calling connection thread until just before {@code startNanos} ({@link #SPIN_NANOS}), yields until
     * it, and records when it began. Returns at once, without a begin, when {@code stopped} says so before the
     * instant.
     */
    void await(long startNanos, BooleanSupplier stopped) {
        for (long left = startNanos - System.nanoTime(); left > SPIN_NANOS; left = startNanos - System.nanoTime()) {
            if (stopped.getAsBoolean()) {
                return; // the loop ends at once, and the peer never began
            }
            LockSupport.parkNanos(Math.min(left - SPIN_NANOS, STOP_CHECK_NANOS));
        }
        while (System.nanoTime() < startNanos) {
            Thread.yield();
        }
        long begun = System.nanoTime();
        begunNanos.accumulateAndGet(begun, Math::max);
        connectionsBegun.incrementAndGet();
        // Every peer of the host woke at this instant; the first ones to run would otherwise take their first
        // send's CPU before the others have stamped their begin: on 2 cores, 100 peers' begins spread over 25 ms
        // (a thread that stamps, then yields, left 4 ms). test.json gets the begin later, off this instant (tick).
        Thread.yield();
    }

    /** When the start was to be and when the peer began, for test.json; null when START gave no instant. */
    TestJson.StartInstant instant(long startEpochMicros, long startNanos) {
        if (intendedStartEpochMicros < 0) {
            return null;
        }
        boolean begun = connectionsBegun.get() == connections;
        return new TestJson.StartInstant(intendedStartEpochMicros,
                begun ? startEpochMicros + (begunNanos.get() - startNanos) / 1_000 : null);
    }

    /** True once, when every connection has begun after an instant START gave: test.json is then to be written. */
    boolean begunToWrite() {
        return intendedStartEpochMicros >= 0 && connectionsBegun.get() == connections && begunWritten.compareAndSet(false, true);
    }
}
