package org.maestro.worker.driver;

/**
 * A protocol the workers speak to the system under test. Each producer and consumer is one connection,
 * used by one thread. The JMS protocols share {@link org.maestro.worker.driver.jms.JmsDriver}: adding one
 * means a {@link org.maestro.worker.driver.jms.JmsClient} and its row in {@link Protocols}, nothing else.
 */
public interface LoadDriver {

    /** Opens a connection that sends to the URL's destination. */
    Producer openProducer(SutUrl url, String clientName) throws DriverException;

    /** Opens a connection that receives from the URL's destination. */
    Consumer openConsumer(SutUrl url, String clientName) throws DriverException;

    /**
     * Where a receiver sends back the messages of the sender connection {@code stream} when latency is round trip
     * ({@link org.maestro.common.note.LatencyMode}): on the same SUT as {@code url}, a destination named from the
     * stream ({@link SutUrl#replyTo}). The sender consumes it and the receiver produces to it with this driver's own
     * {@link #openConsumer} and {@link #openProducer}, so a protocol needs nothing more for round trips than those; one
     * whose destinations are named otherwise (e.g. MQTT topic levels) says here where its replies go.
     */
    default SutUrl replyUrl(SutUrl url, long stream) {
        return url.replyTo(replyDestination(url, stream), false);
    }

    /** The reply destination of the sender connection {@code stream}: the URL's destination, {@code .reply.}, the stream in hex. */
    static String replyDestination(SutUrl url, long stream) {
        return url.destination() + ".reply." + Long.toHexString(stream);
    }

    /** One sending connection. Not thread-safe: one thread sends, completions come on any thread. */
    interface Producer extends AutoCloseable {
        /**
         * Sends one message without waiting for the broker. {@code done} is called exactly once,
         * with null when the broker accepted it, or the error. The body is copied (or written out) before this
         * returns: the sender stamps the same array for its next message.
         */
        void send(byte[] body, Completion done) throws DriverException;

        @Override
        void close();
    }

    /** One receiving connection. Not thread-safe: one thread receives. */
    interface Consumer extends AutoCloseable {
        /** The next message's body, or null when none arrived within the timeout. */
        byte[] receive(long timeoutMillis) throws DriverException;

        @Override
        void close();
    }

    @FunctionalInterface
    interface Completion {
        void completed(Throwable errorOrNull);

        /**
         * Instead of {@link #completed}: the SUT gave the message back without refusing it (AMQP released or modified,
         * e.g. a router whose next hop is down), so it may be sent again; {@code body} is what was sent.
         *
         * @param outcome how it was given back ("released", "modified")
         */
        default void givenBack(byte[] body, String outcome) {
            completed(new DriverException("the SUT gave a message back (" + outcome + ")"));
        }
    }

    /** Called when a connection breaks outside a send or receive (e.g. the broker went away). */
    @FunctionalInterface
    interface FailureListener {
        void failed(String reason);
    }
}
