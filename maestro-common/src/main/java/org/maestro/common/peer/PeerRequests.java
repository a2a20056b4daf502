package org.maestro.common.peer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One peer's requests, run one at a time in the order they came, on threads every peer of the process shares. A
 * thread of its own per peer sat idle between requests: 250 of them in a {@code maestro worker --count 250}. Here a
 * peer holds a thread only while it has a request to run, and a request that hangs holds only its own peer's: the
 * other peers' requests get other threads (the pool is unbounded, its idle threads leave after a while).
 */
final class PeerRequests {
    private static final Logger LOG = LoggerFactory.getLogger(PeerRequests.class);
    /** Idle shared threads leave after this long: a run's requests come in bursts (SET, PREPARE, START, STOP, STATS). */
    private static final long IDLE_SECONDS = 30;
    private static final ThreadPoolExecutor SHARED = shared();

    private final String peerName;
    /** Guarded by this. */
    private final Queue<Runnable> queued = new ArrayDeque<>();
    /** Guarded by this: whether a shared thread is draining the queue. */
    private boolean draining;
    /** Guarded by this. */
    private boolean shutDown;
    /** The thread running this peer's request now; null between requests. Guarded by this. */
    private Thread running;

    PeerRequests(String peerName) {
        this.peerName = peerName;
    }

    private static ThreadPoolExecutor shared() {
        AtomicInteger n = new AtomicInteger();
        return new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "peer-requests-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Queues {@code request} behind this peer's others.
     *
     * @throws RejectedExecutionException after {@link #shutdown()}
     */
    void execute(Runnable request) {
        synchronized (this) {
            if (shutDown) {
                throw new RejectedExecutionException("peer " + peerName + " is halting");
            }
            queued.add(request);
            if (draining) {
                return;
            }
            draining = true;
        }
        SHARED.execute(this::drain);
    }

    private void drain() {
        String sharedName = Thread.currentThread().getName();
        // Named after the peer while it runs its requests: a thread dump says whose request hangs.
        Thread.currentThread().setName("peer-" + peerName + "-requests");
        try {
            while (true) {
                Runnable next;
                synchronized (this) {
                    next = queued.poll();
                    if (next == null) {
                        draining = false;
                        running = null;
                        notifyAll();
                        return;
                    }
                    running = Thread.currentThread();
                }
                try {
                    next.run();
                } catch (RuntimeException | Error e) {
                    // Peer.dispatch answers every Exception; what gets here (a class that failed to load, say) must not
                    // end the drain: the peer would never run a request again. A single-thread executor replaced its
                    // thread; here the next request runs as usual.
                    LOG.error("peer {}: a request failed without an answer: {}", peerName, e.toString());
                }
                Thread.interrupted(); // an interrupt meant for this request (a halt's timeout) is not the next one's
            }
        } finally {
            Thread.currentThread().setName(sharedName);
        }
    }

    /** Takes no new request; those queued still run. */
    synchronized void shutdown() {
        shutDown = true;
    }

    /**
     * Waits until the queued requests have run, at most {@code timeout}; then interrupts the one running.
     *
     * @return whether they all ran in time
     */
    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (this) {
            while (draining) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    queued.clear();
                    if (running != null) {
                        running.interrupt();
                    }
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        }
    }
}
