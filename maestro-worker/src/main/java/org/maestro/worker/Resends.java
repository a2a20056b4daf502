package org.maestro.worker;

import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Comparator;
import java.util.Queue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sending connection's messages that the SUT gave back without refusing them (AMQP released or modified: a router
 * whose next hop is down, or has no route to a receiver yet), to be sent again by the connection's own thread. Each is
 * sent again as it was, with its sequence number and its intended and actual send times, so the receivers' loss and
 * duplicate checks stay exact and its latency counts the wait. A given-back message keeps its in-flight permit until
 * the SUT acknowledges it: during an outage the connection holds back new messages (falling behind its schedule, which
 * the send delay shows) instead of piling them up. A modified delivery may have reached a receiver before its hop went
 * away: sent again, it is then counted as a duplicate, not hidden.
 * <p>The wait before a message is sent again backs off: {@value #FIRST_DELAY_MILLIS} ms after its first give-back,
 * doubling with each give-back of the same message, up to {@value #MAX_DELAY_MILLIS} ms ({@link #delayMillis}). A router
 * without a route gives a message back at once: a fixed short wait would bounce the same messages ten times a second
 * through a whole outage. The bound keeps what the back-off adds to an outage small: a message is sent again at most
 * {@value #MAX_DELAY_MILLIS} ms after its route came back.
 */
final class Resends {
    private static final Logger LOG = LoggerFactory.getLogger(Resends.class);
    /** How long a message given back the first time waits before it is sent again. */
    static final long FIRST_DELAY_MILLIS = 100;
    /** The longest wait, however often the same message was given back. */
    static final long MAX_DELAY_MILLIS = 1_000;
    /** How often the connection's thread looks for one due while it waits for an in-flight permit. */
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /**
     * A message given back {@code giveBacks} times (1: the first), due to be sent again at {@code dueNanos}; {@code order}
     * tells apart those due at the same time, in the order given back.
     */
    private record GivenBack(byte[] body, int giveBacks, long dueNanos, long order) {
    }

    /** The earliest due first (nanoTime compared by difference, as its contract says), then in the order given back. */
    private static final Comparator<GivenBack> BY_DUE = (a, b) -> a.dueNanos() != b.dueNanos()
            ? Long.signum(a.dueNanos() - b.dueNanos()) : Long.compare(a.order(), b.order());

    private final String peerName;
    private final String url;
    private final AtomicLong released;
    /** By due time: a message given back often waits longer than one given back once after it. */
    private final Queue<GivenBack> waiting = new PriorityBlockingQueue<>(16, BY_DUE);
    private final AtomicLong order = new AtomicLong();

    /** @param released the sender's count of given-back deliveries, all connections together */
    Resends(String peerName, String url, AtomicLong released) {
        this.peerName = peerName;
        this.url = url;
        this.released = released;
    }

    /** The wait before a message given back for the {@code giveBacks}-th time (from 1) is sent again, milliseconds. */
    static long delayMillis(int giveBacks) {
        int doublings = Math.min(Math.max(giveBacks, 1) - 1, 30);
        return Math.min(MAX_DELAY_MILLIS, FIRST_DELAY_MILLIS << doublings);
    }

    /** Called on the driver's thread when the SUT gives {@code body} back, the first time for this message. */
    void add(byte[] body, String outcome) {
        add(body, outcome, 1);
    }

    private void add(byte[] body, String outcome, int giveBacks) {
        if (released.incrementAndGet() == 1) {
            LOG.warn("{}: {} gave a message back ({}): it is sent again with its sequence number, and counted as released",
                    peerName, url, outcome);
        }
        waiting.add(new GivenBack(body, giveBacks, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis(giveBacks)),
                order.getAndIncrement()));
    }

    /**
     * Sends again, on the connection's thread, every given-back message whose wait is over (the earliest due first).
     * Each is sent with a completion of its own, which knows how often it was given back (a resend is rare: the
     * connection's one completion serves every first send).
     */
    void sendDue(LoadDriver.Producer producer, LoadDriver.Completion completion) throws DriverException {
        for (GivenBack g = waiting.peek(); g != null && System.nanoTime() - g.dueNanos() >= 0; g = waiting.peek()) {
            waiting.poll();
            int giveBacks = g.giveBacks();
            producer.send(g.body(), new LoadDriver.Completion() {
                @Override
                public void completed(Throwable errorOrNull) {
                    completion.completed(errorOrNull);
                }

                @Override
                public void givenBack(byte[] body, String outcome) {
                    add(body, outcome, giveBacks + 1);
                }
            });
        }
    }

    /** Given back and not sent again yet. */
    int pending() {
        return waiting.size();
    }
}
