package org.maestro.worker;

import org.maestro.common.note.LoadOptions;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.runfiles.TestJson;
import org.maestro.worker.usage.JitTime;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * When a sender's warm-up ends. A cold sender (JIT, connection set-up, the SUT's own warm-up) can fall seconds
 * behind its schedule and catch up after a fixed warm-up, inside the measured period, whose latency then measures the
 * catching up. So, with a send-delay bound, the warm-up lasts at least the configured time and ends once every
 * connection's send delay has stayed below the bound for a whole second and this JVM's JIT compiled less than
 * {@link ResourceUsageCsv#COMPILING_MILLIS_PER_SECOND} ms in its last second (a cold JVM on schedule while it compiles
 * at a core's worth a second falls behind again once the warm-up's ramp is over, or measures its own compiling). It
 * waits for the JIT no longer than the default cap ({@link LoadOptions#defaultWarmupMax}: a longer cap set for the
 * schedule's sake, as a limit search's short steps have, would leave nothing to measure) less a second, then ends at
 * the first moment on schedule, still compiling. At its cap it ends anyway, off schedule, and says which connection
 * was behind and by how much. Without a bound it is the configured time. A receiver in another JVM compiles on its
 * own: the summary names its cold start (from its resource-usage.csv); it is not waited for here.
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
    /** The longest it waits for the JIT when every connection is on schedule. */
    private final long jitMaxNanos;
    /** -1 for a fixed warm-up. */
    private final long boundNanos;
    private final AtomicLongArray dueNanos;
    /** The last time each connection was seen at or over the bound (the start counts as late: it has not sent yet). */
    private final AtomicLongArray lateAtNanos;
    /** The worst send delay of each connection's last late stretch: how far behind it was, not how it ends. */
    private final AtomicLongArray lateDelayNanos;
    /** The JVM's JIT compile time so far, ms (-1: it does not tell), and the window it is measured a second over. */
    private final LongSupplier jitTotalMillis;
    private long jitWindowStartNanos = -1;
    private long jitWindowStartMillis;
    /** The JIT's compile time a second over the last whole window; -1 unknown (none yet, or the JVM does not tell). */
    private long jitMillisPerSecond = -1;
    private volatile long endNanos;
    private volatile long nextCheckNanos;
    private Boolean onSchedule;
    private int behind = -1;
    /** The latest due time of a message tagged warm-up before the end was decided: the end comes after it. */
    private long latestTaggedNanos = -1;
    private long endJitMillisPerSecond = -1;
    private long behindDelayNanos;

    private WarmupGate(long minNanos, long maxNanos, long jitMaxNanos, long boundNanos, int connections, LongSupplier jitTotalMillis) {
        this.jitTotalMillis = jitTotalMillis;
        this.minNanos = minNanos;
        this.maxNanos = Math.max(minNanos, maxNanos);
        // It stops waiting for the JIT a second before the cap: a schedule that held while it waited gets that second to
        // be seen holding, so one late message at the cap does not put a whole warm-up on schedule off it.
        this.jitMaxNanos = Math.max(minNanos, Math.min(this.maxNanos - ON_SCHEDULE_FOR_NANOS, jitMaxNanos));
        this.boundNanos = boundNanos;
        this.dueNanos = new AtomicLongArray(connections);
        this.lateAtNanos = new AtomicLongArray(connections);
        this.lateDelayNanos = new AtomicLongArray(connections);
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
        return onSchedule(options.warmup(), options.warmupSendDelay(), options.warmupMax(),
                LoadOptions.defaultWarmupMax(options.warmup(), options.duration()), options.connections(), JitTime::totalMillis);
    }

    /** A warm-up of fixed length ({@code Duration.ZERO}: none). */
    static WarmupGate fixed(Duration warmup) {
        return new WarmupGate(warmup.toNanos(), warmup.toNanos(), warmup.toNanos(), -1, 0, () -> -1);
    }

    /**
     * At least {@code min}, then until every connection's send delay stayed under {@code bound} for a second and, for at
     * most {@code jitMax}, the JIT ({@code jitTotalMillis}: its compile time so far, -1 when unknown) is no longer
     * compiling; at most {@code max}.
     */
    static WarmupGate onSchedule(Duration min, Duration bound, Duration max, Duration jitMax, int connections,
                                 LongSupplier jitTotalMillis) {
        return new WarmupGate(min.toNanos(), max.toNanos(), jitMax.toNanos(), bound.toNanos(), connections, jitTotalMillis);
    }

    /** Whether this warm-up waits for the schedule (else its length is fixed). */
    boolean gated() {
        return boundNanos >= 0;
    }

    /** Whether a message due at {@code intendedNanos} belongs to the warm-up, as far as is known now. */
    boolean inWarmup(long intendedNanos) {
        return intendedNanos < endNanos;
    }

    /**
     * Whether the message due at {@code intendedNanos}, about to be sent, is tagged warm-up. While the warm-up waits,
     * one tagged now keeps the end that another thread decides next (from a time read a moment earlier) after it, so
     * the tags and the recorded end always agree.
     */
    boolean tag(long intendedNanos) {
        long end = endNanos;
        if (end != Long.MAX_VALUE) {
            return intendedNanos < end;
        }
        synchronized (this) {
            if (endNanos != Long.MAX_VALUE) {
                return intendedNanos < endNanos;
            }
            latestTaggedNanos = Math.max(latestTaggedNanos, intendedNanos);
            return true;
        }
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
        dueNanos.set(c, NOTHING_DUE);
        if (delay >= boundNanos) {
            late(c, actualNanos, delay);
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
        measureJit(nowNanos);
        for (int c = 0; c < dueNanos.length(); c++) {
            long due = dueNanos.get(c);
            if (due != NOTHING_DUE && nowNanos - due >= boundNanos) {
                late(c, nowNanos, nowNanos - due);
            }
        }
        if (nowNanos < minNanos) {
            return;
        }
        int behindNow = furthestBehind(nowNanos);
        if (behindNow < 0 && (!compiling() || nowNanos >= jitMaxNanos)) {
            end(nowNanos, true, -1);
        } else if (nowNanos >= maxNanos) {
            end(nowNanos, behindNow < 0, behindNow);
        }
    }

    /** Rolls the JIT's one-second window on when it is over (checks come every 10 ms to every second). */
    private void measureJit(long nowNanos) {
        long windowNanos = nowNanos - jitWindowStartNanos;
        if (jitWindowStartNanos >= 0 && windowNanos < ON_SCHEDULE_FOR_NANOS) {
            return; // the bean is read once a window, not at every check
        }
        long total = jitTotalMillis.getAsLong();
        if (total < 0) {
            return;
        }
        if (jitWindowStartNanos >= 0) {
            jitMillisPerSecond = (total - jitWindowStartMillis) * 1_000_000_000L / windowNanos;
        }
        jitWindowStartNanos = nowNanos;
        jitWindowStartMillis = total;
    }

    /** Whether the JVM is still compiling, as far as its last second tells; unknown: no. */
    private boolean compiling() {
        return jitMillisPerSecond >= ResourceUsageCsv.COMPILING_MILLIS_PER_SECOND;
    }

    /** Sending ended (a message count reached, a stop) while the warm-up still waited: it ends off schedule. */
    synchronized void sendingEnded(long nowNanos) {
        if (gated() && !ended()) {
            check(nowNanos);
            if (!ended()) {
                end(nowNanos, false, furthestBehind(nowNanos));
            }
        }
    }

    /** Connection {@code c} was {@code delayNanos} late at {@code atNanos}. */
    private void late(int c, long atNanos, long delayNanos) {
        long previous = lateAtNanos.getAndAccumulate(c, atNanos, Math::max);
        if (atNanos - previous >= ON_SCHEDULE_FOR_NANOS) {
            // A new late stretch: the worst of an earlier one, since made good, no longer says how far behind it is.
            lateDelayNanos.set(c, delayNanos);
        } else {
            lateDelayNanos.accumulateAndGet(c, delayNanos, Math::max);
        }
    }

    /** Of the connections late within the last second, the one with the worst send delay; -1 when none. */
    private int furthestBehind(long nowNanos) {
        int worst = -1;
        for (int c = 0; c < lateAtNanos.length(); c++) {
            if (nowNanos - lateAtNanos.get(c) < ON_SCHEDULE_FOR_NANOS
                    && (worst < 0 || lateDelayNanos.get(c) > lateDelayNanos.get(worst))) {
                worst = c;
            }
        }
        return worst;
    }

    private void end(long nowNanos, boolean onTime, int connection) {
        onSchedule = onTime;
        behind = connection;
        behindDelayNanos = connection < 0 ? 0 : lateDelayNanos.get(connection);
        endJitMillisPerSecond = jitMillisPerSecond;
        endNanos = Math.max(nowNanos, latestTaggedNanos + 1);
    }

    /** How the warm-up ended, for test.json; null for a fixed warm-up. */
    synchronized TestJson.WarmupGate outcome() {
        if (!gated()) {
            return null;
        }
        return new TestJson.WarmupGate(minNanos / 1_000, maxNanos / 1_000, boundNanos / 1_000, onSchedule, behind,
                behindDelayNanos / 1_000, endJitMillisPerSecond < 0 ? null : endJitMillisPerSecond);
    }
}
