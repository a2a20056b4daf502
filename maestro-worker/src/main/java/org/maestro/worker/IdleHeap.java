package org.maestro.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gives back the heap a test grew once this JVM has run no test for {@link #IDLE_SECONDS}: one full collection, which
 * compacts and lets G1 shrink the heap to what {@link HeapHeadroom} keeps (20 times the live data). The launcher's
 * periodic GC is a concurrent cycle, which sizes the heap while the test's dead data still fills its old regions (only
 * mixed collections, which an idle JVM never runs, would empty them): after ten 100MiB messages it left a sender at
 * 730 MB and a receiver at 1154 MB resident a minute later (bench/big-message-memory.sh), a full collection both at
 * about 600 MB, 480 MB of it heap for 20-30 MB of live data. One collection per idle spell, of a heap whose data is
 * dead: tens of milliseconds while no test runs.
 */
final class IdleHeap {
    private static final Logger LOG = LoggerFactory.getLogger(IdleHeap.class);
    /** As long as the launcher's periodic GC waits ({@code -XX:G1PeriodicGCInterval=30000}): a peer between tests. */
    static final long IDLE_SECONDS = 30;
    /** The JVM's: every peer's tests count. */
    static final IdleHeap SHARED = new IdleHeap(JobTicks.SHARED, TimeUnit.SECONDS.toNanos(IDLE_SECONDS), System::gc);

    private final ScheduledExecutorService scheduler;
    private final long idleNanos;
    private final Runnable collect;
    private final AtomicInteger running = new AtomicInteger();
    /** Counts the tests begun, so that a collection due after one idle spell is dropped once another test has begun. */
    private final AtomicLong begun = new AtomicLong();

    IdleHeap(ScheduledExecutorService scheduler, long idleNanos, Runnable collect) {
        this.scheduler = scheduler;
        this.idleNanos = idleNanos;
        this.collect = collect;
    }

    /** A test of a peer of this JVM begins. */
    void began() {
        begun.incrementAndGet();
        running.incrementAndGet();
    }

    /** A test that {@link #began} has ended: once no test runs, a collection is due after the idle time. */
    void ended() {
        if (running.decrementAndGet() == 0) {
            long spell = begun.get();
            scheduler.schedule(() -> collectIfStillIdle(spell), idleNanos, TimeUnit.NANOSECONDS);
        }
    }

    private void collectIfStillIdle(long spell) {
        if (running.get() == 0 && begun.get() == spell) {
            LOG.debug("no test for {} ms: a full collection gives back the heap the last one grew", idleNanos / 1_000_000);
            collect.run();
        }
    }
}
