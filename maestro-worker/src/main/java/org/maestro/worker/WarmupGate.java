package org.maestro.worker;

import org.maestro.common.runfiles.TestJson;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When a sender's warm-up ends. A cold sender (JIT, connection set-up, the SUT's own warm-up) can fall seconds
 * behind its schedule and catch up after a fixed warm-up, inside the measured period, whose latency then measures the
 * catching up. So, with a send-delay bound, the warm-up lasts at least the configured time and ends once every
 * connection's send delay has stayed below the bound for a whole second; at its cap it ends anyway, off schedule,
 * and says which connection was behind and by how much. Without a bound it is the configured time.
 *
 * <p>A connection's send delay is the lateness of its last message when sent, and, while a message is due and not
 * yet sent, how late that message already is: a connection stuck behind the SUT's back-pressure sends nothing, yet
 * is behind. Times are nanoseconds from the test's start. Connection threads report, any thread may check; the
 * decision is taken once, and a message is warm-up when it was due before it.
 */
final class WarmupGate {
    /** How long every connection must stay below the bound. */
    static final long ON_SCHEDULE_FOR_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Connection threads check at most this often (the ticker checks every second besides). */
    private static final long CHECK_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long NOTHING_DUE = Long.MAX_VALUE;

    private final long minNanos;
    private final long maxNanos;
    /** -1 for a fixed warm-up. */
    private final long boundNanos;
    private final AtomicLongArray dueNanos;
    /** The last time each connection was seen at or over the bound (the start counts as late: it has not sent yet). */
    private final AtomicLongArray lateAtNanos;
    private final AtomicLongArray lastDelayNanos;
    private volatile long endNanos;
    private volatile long nextCheckNanos;
    private Boolean onSchedule;
    private int behind = -1;
    private long behindDelayNanos;

    private WarmupGate(long minNanos, long maxNanos, long boundNanos, int connections) {
        this.minNanos = minNanos;
        this.maxNanos = Math.max(minNanos, maxNanos);
        this.boundNanos = boundNanos;
        this.dueNanos = new AtomicLongArray(connections);
        this.lateAtNanos = new AtomicLongArray(connections);
        this.lastDelayNanos = new AtomicLongArray(connections);
        for (int c = 0; c < connections; c++) {
            dueNanos.set(c, NOTHING_DUE);
        }
        this.endNanos = boundNanos < 0 ? minNanos : Long.MAX_VALUE;
    }

    /**
     * The warm-up {@code options} ask for: it waits for the schedule unless there is no warm-up, no schedule (flat
     * out) or no bound ({@code warmup.send.delay=off}).
     */
    static WarmupGate of(WorkerOptions options) {
        if (options.warmup().isZero() || options.rate().isFlatOut() || options.warmupSendDelay() == null) {
            return fixed(options.warmup());
        }
        return onSchedule(options.warmup(), options.warmupSendDelay(), options.warmupMax(), options.connections());
    }

    /** A warm-up of fixed length ({@code Duration.ZERO}: none). */
    static WarmupGate fixed(Duration warmup) {
        return new WarmupGate(warmup.toNanos(), warmup.toNanos(), -1, 0);
    }

    /** At least {@code min}, then until every connection's send delay stayed under {@code bound} for a second; at most {@code max}. */
    static WarmupGate onSchedule(Duration min, Duration bound, Duration max, int connections) {
        return new WarmupGate(min.toNanos(), max.toNanos(), bound.toNanos(), connections);
    }

    /** Whether this warm-up waits for the schedule (else its length is fixed). */
    boolean gated() {
        return boundNanos >= 0;
    }

    /** Whether a message due at {@code intendedNanos} belongs to the warm-up, as far as is known now. */
    boolean inWarmup(long intendedNanos) {
        return intendedNanos < endNanos;
    }

    boolean ended() {
        return endNanos != Long.MAX_VALUE;
    }

    /** When the warm-up ended; the configured warm-up while it has not. */
    long lengthNanos() {
        return ended() ? endNanos : minNanos;
    }

    /** Connection {@code c}'s next message is due at {@code intendedNanos}. */
    void due(int c, long intendedNanos) {
        if (gated() && !ended()) {
            dueNanos.set(c, intendedNanos);
        }
    }

    /** Connection {@code c} sent the message due at {@code intendedNanos} at {@code actualNanos}. */
    void sent(int c, long intendedNanos, long actualNanos) {
        if (!gated() || ended()) {
            return;
        }
        long delay = actualNanos - intendedNanos;
        lastDelayNanos.set(c, delay);
        dueNanos.set(c, NOTHING_DUE);
        if (delay >= boundNanos) {
            lateAtNanos.accumulateAndGet(c, actualNanos, Math::max);
        }
        if (actualNanos >= nextCheckNanos) {
            check(actualNanos);
        }
    }

    /** Ends the warm-up at {@code nowNanos} if every connection is on schedule, or if the cap is reached. */
    synchronized void check(long nowNanos) {
        if (!gated() || ended()) {
            return;
        }
        nextCheckNanos = nowNanos + CHECK_EVERY_NANOS;
        boolean all = true;
        int worst = -1;
        long worstDelay = Long.MIN_VALUE;
        for (int c = 0; c < dueNanos.length(); c++) {
            long due = dueNanos.get(c);
            long pending = due == NOTHING_DUE ? Long.MIN_VALUE : nowNanos - due;
            if (pending >= boundNanos) {
                lateAtNanos.accumulateAndGet(c, nowNanos, Math::max);
            }
            all &= nowNanos - lateAtNanos.get(c) >= ON_SCHEDULE_FOR_NANOS;
            long delay = Math.max(pending, lastDelayNanos.get(c));
            if (delay > worstDelay) {
                worst = c;
                worstDelay = delay;
            }
        }
        if (nowNanos < minNanos) {
            return;
        }
        if (all) {
            end(nowNanos, true, -1, 0);
        } else if (nowNanos >= maxNanos) {
            end(nowNanos, false, worst, worstDelay);
        }
    }

    /** Sending ended (a message count reached, a stop) while the warm-up still waited: it ends off schedule. */
    synchronized void sendingEnded(long nowNanos) {
        if (gated() && !ended()) {
            check(nowNanos);
            if (!ended()) {
                int worst = 0;
                for (int c = 1; c < lastDelayNanos.length(); c++) {
                    worst = lastDelayNanos.get(c) > lastDelayNanos.get(worst) ? c : worst;
                }
                end(nowNanos, false, lastDelayNanos.length() == 0 ? -1 : worst,
                        lastDelayNanos.length() == 0 ? 0 : lastDelayNanos.get(worst));
            }
        }
    }

    private void end(long nowNanos, boolean onTime, int connection, long delayNanos) {
        onSchedule = onTime;
        behind = connection;
        behindDelayNanos = Math.max(0, delayNanos);
        endNanos = nowNanos;
    }

    /** How the warm-up ended, for test.json; null for a fixed warm-up. */
    synchronized TestJson.WarmupGate outcome() {
        if (!gated()) {
            return null;
        }
        return new TestJson.WarmupGate(minNanos / 1_000, maxNanos / 1_000, boundNanos / 1_000, onSchedule, behind,
                behindDelayNanos / 1_000);
    }
}
