package org.maestro.worker;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gives back the heap a test grew once this JVM has run no test for {@link #IDLE_SECONDS}: one full collection, which
 * compacts and lets G1 shrink the heap to what {@link HeapHeadroom} keeps (20 times the live data). The launcher's
 * periodic GC is a concurrent cycle, which sizes the heap while the test's dead data still fills its old regions (only
 * mixed collections, which an idle JVM never runs, would empty them): after ten 100MiB messages it left a sender at
 * 730 MB and a receiver at 1154 MB resident a minute later (bench/big-message-memory.sh), a full collection at 12 MB
 * of live data. One collection per idle spell, of a heap whose data is dead: a few tens of milliseconds while no test runs.
 */
final class IdleHeap {
    private static final Logger LOG = LoggerFactory.getLogger(IdleHeap.class);
    /** As long as the launcher's periodic GC waits ({@code -XX:G1PeriodicGCInterval=30000}): a peer between tests. */
    static final long IDLE_SECONDS = 30;
    private static final AtomicInteger RUNNING = new AtomicInteger();
    /** Counts the tests begun, so that a collection due after one spell is dropped once another test has begun. */
    private static final AtomicLong BEGUN = new AtomicLong();

    private IdleHeap() {
    }

    /** A test of a peer of this JVM begins. */
    static void began() {
        BEGUN.incrementAndGet();
        RUNNING.incrementAndGet();
    }

    /** A test that {@link #began} has ended: once no test runs, a collection is due in {@link #IDLE_SECONDS}. */
    static void ended() {
        if (RUNNING.decrementAndGet() == 0) {
            long spell = BEGUN.get();
            JobTicks.SHARED.schedule(() -> collectIfStillIdle(spell), IDLE_SECONDS, TimeUnit.SECONDS);
        }
    }

    private static void collectIfStillIdle(long spell) {
        if (RUNNING.get() == 0 && BEGUN.get() == spell) {
            LOG.debug("no test for {} s: a full collection gives back the heap the last one grew", IDLE_SECONDS);
            System.gc();
        }
    }
}
