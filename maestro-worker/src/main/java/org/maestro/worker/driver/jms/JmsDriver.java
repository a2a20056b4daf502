package org.maestro.worker.driver.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A load driver for any JMS client: one JMS connection and session per producer or consumer. What differs
 * between protocols (the connection factory, the completion of a send) is the {@link JmsClient}'s.
 *
 * @param failures told when a connection breaks between operations
 */
public record JmsDriver(JmsClient client, FailureListener failures) implements LoadDriver {
    private static final Logger LOG = LoggerFactory.getLogger(JmsDriver.class);
    /** How long a failed operation waits for the connection's exception listener to tell why. */
    private static final long LOSS_GRACE_MILLIS = 1000;

    @Override
    public Producer openProducer(SutUrl url, String clientName) throws DriverException {
        Opened o = open(url, clientName);
        try {
            MessageProducer producer = o.session.createProducer(o.destination);
            producer.setDeliveryMode(url.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            return new JmsProducer(client, o, producer, url);
        } catch (JMSException e) {
            o.close();
            throw DriverException.of("cannot create a producer for", url, e);
        }
    }

    @Override
    public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
        Opened o = open(url, clientName);
        try {
            MessageConsumer consumer = url.topic() && url.durable()
                    ? o.session.createDurableSubscriber((Topic) o.destination, clientName)
                    : o.session.createConsumer(o.destination);
            o.connection.start();
            return new JmsConsumer(o, consumer, url);
        } catch (JMSException e) {
            o.close();
            throw DriverException.of("cannot create a consumer for", url, e);
        }
    }

    /**
     * A connection, its session and destination, and the reason it was lost once its exception listener
     * heard it. A client may close the consumer (Artemis: "Consumer is closed") before it tells the listener.
     */
    private record Opened(Connection connection, Session session, Destination destination, CompletableFuture<String> lost) {
        /**
         * The error for an operation that failed: the connection's loss when the listener hears of it within a
         * moment (the real reason), else {@code what} with the operation's own exception.
         */
        DriverException failure(String what, SutUrl url, JMSException e) {
            try {
                return new DriverException(lost.get(LOSS_GRACE_MILLIS, TimeUnit.MILLISECONDS), e);
            } catch (TimeoutException | ExecutionException notLost) {
                return DriverException.of(what, url, e);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return DriverException.of(what, url, e);
            }
        }

        void close() {
            try {
                connection.close();
            } catch (JMSException ignored) {
                // closing a broken connection: nothing more to do
            }
        }
    }

    private Opened open(SutUrl url, String clientName) throws DriverException {
        Connection connection;
        try {
            ConnectionFactory factory = client.connectionFactory(client.connectionUri(url));
            connection = url.username().isEmpty() ? factory.createConnection()
                    : factory.createConnection(url.username(), url.password());
        } catch (JMSException | RuntimeException e) {
            throw DriverException.of("cannot connect to", url, e);
        }
        CompletableFuture<String> lost = new CompletableFuture<>();
        try {
            if (url.topic() && url.durable()) {
                connection.setClientID(clientName);
            }
            connection.setExceptionListener(e -> {
                if (!client.lost(e)) {
                    LOG.warn("connection to {} failed over: {}", url, DriverException.reasonOf(e));
                    return;
                }
                String reason = "connection to " + url + " lost: " + DriverException.reasonOf(e);
                lost.complete(reason);
                failures.failed(reason);
            });
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Destination destination = url.topic() ? session.createTopic(url.destination()) : session.createQueue(url.destination());
            return new Opened(connection, session, destination, lost);
        } catch (JMSException e) {
            new Opened(connection, null, null, lost).close();
            throw DriverException.of("cannot open a session on", url, e);
        }
    }


    private static final class JmsProducer implements Producer {
        private final JmsClient client;
        private final Opened opened;
        private final MessageProducer producer;
        private final SutUrl url;

        JmsProducer(JmsClient client, Opened opened, MessageProducer producer, SutUrl url) {
            this.client = client;
            this.opened = opened;
            this.producer = producer;
            this.url = url;
        }

        @Override
        public void send(byte[] body, Completion done) throws DriverException {
            try {
                BytesMessage message = opened.session.createBytesMessage();
                message.writeBytes(body);
                client.send(producer, message, done);
            } catch (JMSException e) {
                throw opened.failure("cannot send to", url, e);
            }
        }

        @Override
        public void close() {
            opened.close();
        }
    }

    private record JmsConsumer(Opened opened, MessageConsumer consumer, SutUrl url) implements Consumer {

        @Override
        public byte[] receive(long timeoutMillis) throws DriverException {
            try {
                Message m = consumer.receive(timeoutMillis);
                if (m == null) {
                    return null;
                }
                if (!(m instanceof BytesMessage bytes)) {
                    throw new DriverException("received a " + m.getClass().getSimpleName() + " from " + url
                            + ", expected a BytesMessage sent by a Maestro sender");
                }
                byte[] body = new byte[(int) bytes.getBodyLength()];
                bytes.readBytes(body);
                return body;
            } catch (JMSException e) {
                throw opened.failure("cannot receive from", url, e);
            }
        }

        @Override
        public void close() {
            opened.close();
        }
    }
}
