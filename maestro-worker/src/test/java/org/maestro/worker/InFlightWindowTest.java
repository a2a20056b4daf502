package org.maestro.worker;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The in-flight window: its bound, the batch a held-back sender waits for, the drain at the end, an interrupt. */
class InFlightWindowTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void aFullWindowTakesNothingUntilABatchIsBack() throws Exception {
        InFlightWindow w = new InFlightWindow(16); // resumes at 14: a batch of 2
        for (int i = 0; i < 16; i++) {
            assertTrue(w.tryTake(0), "place " + i);
        }
        assertFalse(w.tryTake(20 * MS), "full: nothing taken");
        assertEquals(16, w.inFlight());

        CompletableFuture<Boolean> taken = new CompletableFuture<>();
        Thread sender = new Thread(() -> {
            try {
                taken.complete(w.tryTake(TimeUnit.SECONDS.toNanos(30)));
            } catch (InterruptedException e) {
                taken.completeExceptionally(e);
            }
        });
        sender.start();
        awaitParked(sender);
        w.release();
        // One back is not a batch: the sender stays held back (a window not full would have let it take at once).
        assertThrows(java.util.concurrent.TimeoutException.class, () -> taken.get(200, TimeUnit.MILLISECONDS));
        assertEquals(15, w.inFlight());
        w.release();
        assertTrue(taken.get(30, TimeUnit.SECONDS), "woken once two were back");
        assertEquals(15, w.inFlight());
    }

    @Test
    void aWindowNotFullTakesAtOnceAndOneOfOneWaitsForItsOne() throws Exception {
        InFlightWindow w = new InFlightWindow(1);
        assertTrue(w.tryTake(0));
        assertFalse(w.tryTake(MS));
        w.release();
        assertTrue(w.tryTake(0));
    }

    @Test
    void theDrainWaitsForTheLastAcknowledgement() throws Exception {
        InFlightWindow w = new InFlightWindow(8);
        for (int i = 0; i < 5; i++) {
            w.tryTake(0);
        }
        assertFalse(w.awaitEmpty(10 * MS));
        Thread completer = new Thread(() -> {
            for (int i = 0; i < 5; i++) {
                LockSupport.parkNanos(10 * MS);
                w.release();
            }
        });
        completer.start();
        assertTrue(w.awaitEmpty(TimeUnit.SECONDS.toNanos(30)));
        assertEquals(0, w.inFlight());
        completer.join();
    }

    @Test
    void anInterruptedSenderStopsWaiting() {
        InFlightWindow w = new InFlightWindow(2);
        assertThrows(InterruptedException.class, () -> {
            w.tryTake(0);
            w.tryTake(0);
            Thread.currentThread().interrupt();
            w.tryTake(TimeUnit.SECONDS.toNanos(30));
        });
        assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was taken, as a semaphore takes it");
    }

    @Test
    void aWindowOfNothingIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new InFlightWindow(0));
        assertTrue(e.getMessage().contains("max.in.flight"), e.getMessage());
    }

    private static void awaitParked(Thread t) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (t.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "the sender never waited: " + t.getState());
            Thread.sleep(1);
        }
    }
}
