package org.maestro.worker.driver;

import java.util.concurrent.locks.LockSupport;

/**
 * A sending connection that sends at most {@code perSecond} messages a second (the SUT URL's {@code throttle}): each
 * send waits until {@code 1/perSecond} after the previous one's slot, with no burst allowance. A SUT behind it has a
 * known limit: a sender asked for more falls behind its schedule by the difference, which is what a limit search must
 * find. Not thread-safe, like the producer it wraps.
 */
final class ThrottledProducer implements LoadDriver.Producer {
    private final LoadDriver.Producer delegate;
    private final long intervalNanos;
    /** The earliest time the next message may leave; Long.MIN_VALUE before the first. */
    private long nextNanos = Long.MIN_VALUE;

    ThrottledProducer(LoadDriver.Producer delegate, long perSecond) {
        this.delegate = delegate;
        this.intervalNanos = 1_000_000_000L / perSecond;
    }

    @Override
    public void send(byte[] body, LoadDriver.Completion done) throws DriverException {
        long now = System.nanoTime();
        if (nextNanos == Long.MIN_VALUE || nextNanos - now < 0) {
            nextNanos = now;
        }
        for (long left = nextNanos - now; left > 0; left = nextNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
        nextNanos += intervalNanos;
        delegate.send(body, done);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
