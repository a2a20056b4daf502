package org.maestro.worker.driver.mqtt;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Hands arrived messages from Paho's callback thread to the receiving thread. Bounded in messages and in bytes: when
 * the receiver falls behind, the callback waits, Paho stops reading the socket and the broker holds the messages (its
 * own flow control), so a slow receiver costs the worker at most {@link #CAPACITY} bodies or {@link #CAPACITY_BYTES}
 * (one bigger body is let in alone). Closing it lets a waiting callback go.
 */
final class Inbox implements PahoLink.Events {
    /** Enough to ride over a receive loop's pauses (it takes one message at a time). */
    static final int CAPACITY = 1024;
    /** A connection's received bodies waiting in memory at most: 1024 of 16 KiB, 4 of 4 MiB. */
    static final long CAPACITY_BYTES = 16L << 20;

    private final ArrayDeque<byte[]> bodies = new ArrayDeque<>();
    private long bytes;
    private String lost;
    private boolean closed;
    /** Whether a thread waits in {@link #take} (the receiver) or {@link #arrived} (the callback): wake only one that does. */
    private boolean takerWaits;
    private boolean callbackWaits;

    @Override
    public synchronized void arrived(byte[] body) throws InterruptedException {
        while (!closed && !bodies.isEmpty() && (bodies.size() >= CAPACITY || bytes + body.length > CAPACITY_BYTES)) {
            callbackWaits = true;
            wait();
        }
        if (!closed) {
            bodies.add(body);
            bytes += body.length;
            if (takerWaits) {
                takerWaits = false;
                notifyAll();
            }
        }
    }

    @Override
    public synchronized void lost(String reason) {
        lost = reason;
        notifyAll();
    }

    /** The next body, null when none came within the timeout; a lost connection's reason once what it delivered is taken. */
    synchronized byte[] take(long timeoutMillis) throws InterruptedException, Lost {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (bodies.isEmpty()) {
            if (lost != null) {
                throw new Lost(lost);
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || closed) {
                return null;
            }
            takerWaits = true;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        byte[] body = bodies.poll();
        bytes -= body.length;
        if (callbackWaits) {
            callbackWaits = false;
            notifyAll();
        }
        return body;
    }

    synchronized void close() {
        closed = true;
        bodies.clear();
        bytes = 0;
        notifyAll();
    }

    /** The connection was lost and every message it delivered has been taken. */
    static final class Lost extends Exception {
        Lost(String reason) {
            super(reason);
        }
    }
}
