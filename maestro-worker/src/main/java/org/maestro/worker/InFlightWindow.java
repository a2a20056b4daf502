package org.maestro.worker;

import org.maestro.common.note.TestOptions;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A sender connection's messages waiting for the SUT's acknowledgement: at most {@code max}, taken by the one thread
 * that sends and given back by whichever thread completes them. A sender held back by a full window resumes only
 * once a batch of them is back ({@code max / 8}), not at each one: flat out, where the window is full all the time,
 * a semaphore woke the sender once per acknowledgement, a park and an unpark (two system calls and a context switch)
 * for every message on both the sending and the completing thread.
 */
final class InFlightWindow {
    private final int max;
    /** In flight at or under which a sender held back by a full window is woken. */
    private final int resumeAt;
    private final AtomicInteger inFlight = new AtomicInteger();
    /** The sending thread while it waits, and the count it waits for; null when it does not wait. */
    private volatile Thread waiter;
    private volatile int wakeAt;

    InFlightWindow(int max) {
        if (max < 1) {
            throw new IllegalArgumentException(TestOptions.MAX_IN_FLIGHT + " must be at least 1, was " + max);
        }
        this.max = max;
        this.resumeAt = max - Math.max(1, max / 8);
    }

    /**
     * Takes a place for one message: at once when the window is not full, else once a batch has been given back;
     * false when {@code timeoutNanos} passed first. Called by the sending thread only.
     */
    boolean tryTake(long timeoutNanos) throws InterruptedException {
        if (inFlight.get() >= max && !await(resumeAt, timeoutNanos)) {
            return false;
        }
        inFlight.incrementAndGet(); // only this thread adds: the window cannot have filled meanwhile
        return true;
    }

    /** Gives a place back (a message acknowledged, refused, or not sent after all); any thread. */
    void release() {
        int now = inFlight.decrementAndGet();
        Thread w = waiter;
        if (w != null && now <= wakeAt) {
            LockSupport.unpark(w);
        }
    }

    /** Waits until nothing is in flight; false when {@code timeoutNanos} passed first. Called by the sending thread. */
    boolean awaitEmpty(long timeoutNanos) throws InterruptedException {
        return inFlight.get() == 0 || await(0, timeoutNanos);
    }

    /** Messages in flight now. */
    int inFlight() {
        return inFlight.get();
    }

    private boolean await(int atMost, long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        wakeAt = atMost;
        waiter = Thread.currentThread();
        try {
            // A release reads waiter after its decrement, and this reads the count after setting waiter: one of
            // the two sees the other, so no wake-up is lost between the check and the park.
            for (long left = timeoutNanos; inFlight.get() > atMost; left = deadline - System.nanoTime()) {
                if (left <= 0) {
                    return false;
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    throw new InterruptedException("interrupted while waiting for room in flight");
                }
            }
            return true;
        } finally {
            waiter = null;
        }
    }
}
