package org.maestro.worker;

import org.maestro.common.note.LatencyMode;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A receiver connection's replies when latency is round trip: each sampled message ({@link LatencyMode#sampled}, by
 * its sequence number) is sent back as it came to its sender connection's reply address ({@link LoadDriver#replyUrl}),
 * over a producer opened at the first message of each stream and kept. At most max.in.flight replies wait for the
 * SUT per connection, as messages do for a sender. One per connection thread, not thread-safe.
 */
final class RoundTripReplies implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RoundTripReplies.class);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final LoadDriver driver;
    private final SutUrl receiveUrl;
    private final LatencyMode mode;
    private final String clientName;
    private final InFlightWindow inFlight;
    private final BooleanSupplier stopping;
    private final AtomicLong sent;
    private final AtomicLong refused;
    private final Map<Long, LoadDriver.Producer> producers = new HashMap<>();
    private final LoadDriver.Completion done;

    /**
     * @param sent     the job's count of replies sent, all connections together
     * @param refused  the job's count of replies the SUT refused
     * @param stopping true when the job is failing: a reply waiting for room is then given up
     */
    RoundTripReplies(LoadDriver driver, SutUrl receiveUrl, LatencyMode mode, String clientName, int maxInFlight, BooleanSupplier stopping,
            AtomicLong sent, AtomicLong refused) {
        this.driver = driver;
        this.receiveUrl = receiveUrl;
        this.mode = mode;
        this.clientName = clientName;
        this.inFlight = new InFlightWindow(maxInFlight);
        this.stopping = stopping;
        this.sent = sent;
        this.refused = refused;
        this.done = error -> {
            inFlight.release();
            if (error != null && refused.incrementAndGet() == 1) {
                LOG.warn("{}: the SUT refused a round trip's reply (the round-trip figure lacks it): {}", clientName, error.getMessage());
            }
        };
    }

    /** Sends {@code body} (a {@link MessageStamp#check checked} one) back to its sender when its sequence is sampled. */
    void replyIfSampled(byte[] body) throws DriverException, InterruptedException {
        if (!mode.sampled(MessageStamp.sequence(body))) {
            return;
        }
        long stream = MessageStamp.stream(body);
        LoadDriver.Producer producer = producers.get(stream);
        if (producer == null) {
            producer = driver.openProducer(driver.replyUrl(receiveUrl, stream), clientName + "-reply-" + Long.toHexString(stream));
            producers.put(stream, producer);
        }
        while (!inFlight.tryTake(POLL_NANOS)) {
            if (stopping.getAsBoolean()) {
                return;
            }
        }
        producer.send(body, done);
        sent.incrementAndGet();
    }

    /** Waits (bounded) for the replies in flight, then closes the producers. */
    @Override
    public void close() {
        try {
            inFlight.awaitEmpty(CLOSE_WAIT_NANOS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producers.values().forEach(LoadDriver.Producer::close);
        producers.clear();
    }
}
