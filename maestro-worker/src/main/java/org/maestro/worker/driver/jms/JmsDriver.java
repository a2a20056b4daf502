package org.maestro.worker.driver.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import java.util.Map;
import java.util.stream.Collectors;

/** JMS over AMQP 1.0 with Apache Qpid JMS: one JMS connection and session per producer or consumer. */
public final class JmsDriver implements LoadDriver {
    private final FailureListener failures;

    /** @param failures told when a connection breaks between operations */
    public JmsDriver(FailureListener failures) {
        this.failures = failures;
    }

    @Override
    public Producer openProducer(SutUrl url, String clientName) throws DriverException {
        Opened o = open(url, clientName);
        try {
            MessageProducer producer = o.session.createProducer(o.destination);
            producer.setDeliveryMode(url.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            return new JmsProducer(o, producer, url);
        } catch (JMSException e) {
            o.close();
            throw failure("cannot create a producer for", url, e);
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
            throw failure("cannot create a consumer for", url, e);
        }
    }

    private record Opened(Connection connection, Session session, Destination destination) {
        void close() {
            try {
                connection.close();
            } catch (JMSException ignored) {
                // closing a broken connection: nothing more to do
            }
        }
    }

    private Opened open(SutUrl url, String clientName) throws DriverException {
        JmsConnectionFactory factory = new JmsConnectionFactory(connectionUri(url));
        if (!url.username().isEmpty()) {
            factory.setUsername(url.username());
            factory.setPassword(url.password());
        }
        Connection connection;
        try {
            connection = factory.createConnection();
        } catch (JMSException e) {
            throw failure("cannot connect to", url, e);
        }
        try {
            if (url.topic() && url.durable()) {
                connection.setClientID(clientName);
            }
            connection.setExceptionListener(e -> failures.failed("connection to " + url + " lost: " + describe(e)));
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Destination destination = url.topic() ? session.createTopic(url.destination()) : session.createQueue(url.destination());
            return new Opened(connection, session, destination);
        } catch (JMSException e) {
            new Opened(connection, null, null).close();
            throw failure("cannot open a session on", url, e);
        }
    }

    /** The qpid-jms URI: the AMQP address plus the options passed on, wrapped for failover if asked. */
    static String connectionUri(SutUrl url) {
        Map<String, String> transportOptions = url.clientOptions().entrySet().stream()
                .filter(e -> !e.getKey().startsWith("failover."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        String base = url.scheme() + "://" + url.host() + ":" + url.port();
        if (!url.failover()) {
            return base + query(transportOptions);
        }
        Map<String, String> failoverOptions = url.clientOptions().entrySet().stream()
                .filter(e -> e.getKey().startsWith("failover."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        // qpid-jms backs off up to 30 s between attempts: a test would measure the back-off, not the
        // SUT's recovery. Retry at least every second unless the URL says otherwise.
        failoverOptions.putIfAbsent("failover.maxReconnectDelay", "1000");
        // jms.* options belong on the failover URI, transport/amqp ones on the nested address.
        Map<String, String> nested = transportOptions.entrySet().stream().filter(e -> !e.getKey().startsWith("jms."))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        transportOptions.entrySet().stream().filter(e -> e.getKey().startsWith("jms."))
                .forEach(e -> failoverOptions.put(e.getKey(), e.getValue()));
        return "failover:(" + base + query(nested) + ")" + query(failoverOptions);
    }

    private static String query(Map<String, String> options) {
        return options.isEmpty() ? "" : "?" + options.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));
    }

    static DriverException failure(String what, SutUrl url, Exception e) {
        return new DriverException(what + " " + url + ": " + describe(e), e);
    }

    /** JMS exceptions often wrap the real reason (connection refused, unknown host) a few levels down. */
    static String describe(Throwable e) {
        return DriverException.reasonOf(e);
    }

    private static final class JmsProducer implements Producer {
        private final Opened opened;
        private final MessageProducer producer;
        private final SutUrl url;

        JmsProducer(Opened opened, MessageProducer producer, SutUrl url) {
            this.opened = opened;
            this.producer = producer;
            this.url = url;
        }

        @Override
        public void send(byte[] body, Completion done) throws DriverException {
            try {
                BytesMessage message = opened.session.createBytesMessage();
                message.writeBytes(body);
                producer.send(message, new CompletionListener() {
                    @Override
                    public void onCompletion(Message m) {
                        done.completed(null);
                    }

                    @Override
                    public void onException(Message m, Exception e) {
                        done.completed(e);
                    }
                });
            } catch (JMSException e) {
                throw failure("cannot send to", url, e);
            }
        }

        @Override
        public void close() {
            opened.close();
        }
    }

    private static final class JmsConsumer implements Consumer {
        private final Opened opened;
        private final MessageConsumer consumer;
        private final SutUrl url;

        JmsConsumer(Opened opened, MessageConsumer consumer, SutUrl url) {
            this.opened = opened;
            this.consumer = consumer;
            this.url = url;
        }

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
                throw failure("cannot receive from", url, e);
            }
        }

        @Override
        public void close() {
            opened.close();
        }
    }
}
