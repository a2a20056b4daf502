package org.maestro.worker.driver;

/**
 * A sending connection that sends at most {@code perSecond} messages a second (the SUT URL's {@code throttle}, paced by
 * a {@link Throttle}). A SUT behind it has a known limit: a sender asked for more falls behind its schedule by the
 * difference, which is what a limit search must find. Not thread-safe, like the producer it wraps.
 */
final class ThrottledProducer implements LoadDriver.Producer {
    private final LoadDriver.Producer delegate;
    private final Throttle throttle;

    ThrottledProducer(LoadDriver.Producer delegate, long perSecond) {
        this.delegate = delegate;
        this.throttle = new Throttle(perSecond);
    }

    @Override
    public void send(byte[] body, LoadDriver.Completion done) throws DriverException {
        throttle.awaitSlot();
        throttle.used();
        delegate.send(body, done);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
