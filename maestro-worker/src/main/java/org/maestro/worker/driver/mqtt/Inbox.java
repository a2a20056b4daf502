package org.maestro.worker.driver.mqtt;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Hands arrived messages from Paho's callback thread to the receiving thread. Bounded: when the receiver falls behind,
 * the callback waits, Paho stops reading the socket and the broker holds the messages (its own flow control), so a slow
 * receiver costs the worker no more than {@link #CAPACITY} bodies. Closing it lets a waiting callback go.
 */
final class Inbox implements PahoLink.Events {
    /** Enough to ride over a receive loop's pauses (it takes one message at a time); a connection's bodies in memory at most. */
    static final int CAPACITY = 1024;
    private static final long OFFER_SLICE_MILLIS = 100;

    private final BlockingQueue<byte[]> bodies = new ArrayBlockingQueue<>(CAPACITY);
    private volatile String lost;
    private volatile boolean closed;

    @Override
    public void arrived(byte[] body) throws InterruptedException {
        while (!closed && !bodies.offer(body, OFFER_SLICE_MILLIS, TimeUnit.MILLISECONDS)) {
            // the receiver is behind: wait for room, or for close
        }
    }

    @Override
    public void lost(String reason) {
        lost = reason;
    }

    /** The next body, null when none came within the timeout; a lost connection's reason once what it delivered is taken. */
    byte[] take(long timeoutMillis) throws InterruptedException, Lost {
        byte[] body = bodies.poll();
        if (body != null) {
            return body;
        }
        if (lost != null) {
            throw new Lost(lost);
        }
        return bodies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    void close() {
        closed = true;
        bodies.clear();
    }

    /** The connection was lost and every message it delivered has been taken. */
    static final class Lost extends Exception {
        Lost(String reason) {
            super(reason);
        }
    }
}
