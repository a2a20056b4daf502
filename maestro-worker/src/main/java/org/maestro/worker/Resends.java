package org.maestro.worker;

import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 */
final class Resends {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Resends.class);
    /** How long a given-back message waits before it is sent again: a router without a route gives it back at once. */
    static final long DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How often the connection's thread looks for one due while it waits for an in-flight permit. */
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private record GivenBack(byte[] body, long dueNanos) {
    }

    private final String peerName;
    private final String url;
    private final AtomicLong released;
    private final Queue<GivenBack> waiting = new ConcurrentLinkedQueue<>();

    /** @param released the sender's count of given-back deliveries, all connections together */
    Resends(String peerName, String url, AtomicLong released) {
        this.peerName = peerName;
        this.url = url;
        this.released = released;
    }

    /** Called on the driver's thread when the SUT gives {@code body} back. */
    void add(byte[] body, String outcome) {
        if (released.incrementAndGet() == 1) {
            LOG.warn("{}: {} gave a message back ({}): it is sent again with its sequence number, and counted as released",
                    peerName, url, outcome);
        }
        waiting.add(new GivenBack(body, System.nanoTime() + DELAY_NANOS));
    }

    /** Sends again, on the connection's thread, every given-back message whose wait is over (in the order given back). */
    void sendDue(LoadDriver.Producer producer, LoadDriver.Completion completion) throws DriverException {
        for (GivenBack g = waiting.peek(); g != null && System.nanoTime() - g.dueNanos() >= 0; g = waiting.peek()) {
            waiting.poll();
            producer.send(g.body(), completion);
        }
    }

    /** Given back and not sent again yet. */
    int pending() {
        return waiting.size();
    }
}
