package org.maestro.worker.driver;

/**
 * A receiving connection that takes at most {@code perSecond} messages a second (the SUT URL's
 * {@code receiveThrottle}, paced by a {@link Throttle}): receivers that cannot keep up at a known rate, so that the SUT
 * holds a backlog growing by the send rate minus theirs, as a limit search's backlog judgement must see. A receive that
 * finds no message uses no slot. Not thread-safe, like the consumer it wraps.
 */
final class ThrottledConsumer implements LoadDriver.Consumer {
    private final LoadDriver.Consumer delegate;
    private final Throttle throttle;

    ThrottledConsumer(LoadDriver.Consumer delegate, long perSecond) {
        this.delegate = delegate;
        this.throttle = new Throttle(perSecond);
    }

    @Override
    public byte[] receive(long timeoutMillis) throws DriverException {
        throttle.awaitSlot();
        byte[] body = delegate.receive(timeoutMillis);
        if (body != null) {
            throttle.used();
        }
        return body;
    }

    @Override
    public void close() {
        delegate.close();
    }
}
