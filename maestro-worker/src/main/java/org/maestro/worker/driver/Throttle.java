package org.maestro.worker.driver;

import java.util.concurrent.locks.LockSupport;

/**
 * At most {@code perSecond} messages a second through one connection (the SUT URL's {@code throttle} and
 * {@code receiveThrottle}): each message waits until {@code 1/perSecond} after the previous one's slot, with no burst
 * allowance (a connection that was idle gets no credit for it), so the limit it makes is known to the message. Not
 * thread-safe: one connection, one thread.
 */
final class Throttle {
    private final long intervalNanos;
    /** The earliest time the next message may pass; Long.MIN_VALUE before the first. */
    private long nextNanos = Long.MIN_VALUE;

    Throttle(long perSecond) {
        this.intervalNanos = 1_000_000_000L / perSecond;
    }

    /** Waits until the next message may pass. */
    void awaitSlot() {
        long now = System.nanoTime();
        if (nextNanos == Long.MIN_VALUE || nextNanos - now < 0) {
            nextNanos = now;
        }
        for (long left = nextNanos - now; left > 0; left = nextNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    /** A message passed in the slot waited for: the next one is due an interval later. */
    void used() {
        nextNanos += intervalNanos;
    }
}
