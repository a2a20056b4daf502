package org.maestro.worker;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One collection once no test has run for the idle time; none while a test runs, none for a spell a new test ended. */
class IdleHeapTest {
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final AtomicInteger collections = new AtomicInteger();
    private final IdleHeap heap = new IdleHeap(scheduler, IDLE_NANOS, collections::incrementAndGet);

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
    }

    /** Waits for every collection scheduled so far to have run or been dropped. */
    private void afterTheIdleTime() throws Exception {
        scheduler.schedule(() -> { }, IDLE_NANOS, TimeUnit.NANOSECONDS).get();
    }

    @Test
    void oneCollectionOnceTheLastTestHasEndedAndNoneBegan() throws Exception {
        heap.began();
        heap.began(); // a sender and a receiver peer of one JVM
        heap.ended();
        afterTheIdleTime();
        assertEquals(0, collections.get(), "a test still runs");
        heap.ended();
        afterTheIdleTime();
        assertEquals(1, collections.get());
    }

    @Test
    void aTestBegunWithinTheIdleTimeDropsTheCollection() throws Exception {
        heap.began();
        heap.ended();
        heap.began();
        afterTheIdleTime();
        assertEquals(0, collections.get(), "running");
        heap.ended();
        afterTheIdleTime();
        assertEquals(1, collections.get(), "only the last spell's");
    }
}
