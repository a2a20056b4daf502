package org.maestro.inspector.amqp;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.inspector.InspectorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Request/response with an AMQP management node over qpid-jms: one connection, a producer to the node and a
 * temporary reply queue, opened on the first query and again after the connection broke. Every wait is bounded
 * by the timeout; a failure closes the connection, so the next query starts afresh.
 */
final class ManagementClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ManagementClient.class);
    /** qpid-jms' message property that makes an ObjectMessage an AMQP value instead of a serialized Java object. */
    private static final String TYPED_ENCODING = "JMS_AMQP_TYPED_ENCODING";

    private final ManagementUrl url;
    private final Duration timeout;
    private volatile Connection connection;
    private Session session;
    private MessageProducer producer;
    private TemporaryQueue replies;
    private MessageConsumer consumer;
    private volatile String broken;

    ManagementClient(ManagementUrl url, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
    }

    /** Runs one QUERY, waiting for its answer until {@code deadlineNanos} ({@link System#nanoTime()}), and returns its rows. */
    synchronized List<List<String>> query(EntityQuery query, long deadlineNanos) throws InspectorException {
        return askAndRead(QueryRequest.of(query), query.entityType(), deadlineNanos, (status, description, body) ->
                QueryResponse.rows(query, status, description, body, url.toString()));
    }

    /** Runs GET-ATTRIBUTES of one entity type: entity type names to their attribute names, as the server tells them. */
    synchronized Map<String, List<String>> attributes(String entityType, long deadlineNanos) throws InspectorException {
        return askAndRead(QueryRequest.getAttributes(entityType), entityType, deadlineNanos, (status, description, body) ->
                AttributeCheck.answer("GET-ATTRIBUTES of " + entityType, status, body, url.toString()));
    }

    /** Runs GET-TYPES: every entity type the server has; empty when it does not answer the operation. */
    synchronized Set<String> types(long deadlineNanos) throws InspectorException {
        return askAndRead(QueryRequest.getTypes(), "every entity type", deadlineNanos, (status, description, body) ->
                AttributeCheck.answer("GET-TYPES", status, body, url.toString()).keySet());
    }

    /** The attribute names the server's answer to a QUERY of {@code query} carries (what it answers, in its order). */
    synchronized List<String> answeredAttributes(EntityQuery query, long deadlineNanos) throws InspectorException {
        return askAndRead(QueryRequest.of(query), query.entityType(), deadlineNanos, (status, description, body) ->
                QueryResponse.attributeNames(query, status, description, body, url.toString()));
    }

    /** Reads an answer from its {@code statusCode} and {@code statusDescription} properties and its body. */
    private interface AnswerReader<T> {
        T read(Object statusCode, Object statusDescription, Object body) throws InspectorException;
    }

    private <T> T askAndRead(QueryRequest request, String entityType, long deadlineNanos, AnswerReader<T> reader)
            throws InspectorException {
        Message answer = ask(request, entityType, deadlineNanos);
        try {
            return reader.read(answer.getObjectProperty("statusCode"), answer.getObjectProperty("statusDescription"), body(answer));
        } catch (JMSException e) {
            throw new InspectorException("cannot read the answer to " + request.operation() + " of " + entityType + " at " + url
                    + ": " + reason(e), e);
        }
    }

    /**
     * This connection's container id as the server sees it (qpid-jms makes its client id the AMQP container id), so
     * the server's entities of this very connection can be told apart; "" when not connected.
     */
    synchronized String container() {
        try {
            return connection == null ? "" : Objects.requireNonNullElse(connection.getClientID(), "");
        } catch (JMSException e) {
            return "";
        }
    }

    /** Sends one request to the management node and waits for its answer until {@code deadlineNanos}. */
    private Message ask(QueryRequest request, String entityType, long deadlineNanos) throws InspectorException {
        open();
        try {
            ObjectMessage message = session.createObjectMessage();
            message.setBooleanProperty(TYPED_ENCODING, true);
            message.setObject(request.body());
            for (Map.Entry<String, String> p : request.applicationProperties().entrySet()) {
                message.setStringProperty(p.getKey(), p.getValue());
            }
            message.setJMSReplyTo(replies);
            producer.send(message);
            return awaitAnswer(message.getJMSMessageID(), request.operation() + " of " + entityType, deadlineNanos);
        } catch (JMSException e) {
            close();
            throw new ManagementUnanswered(request.operation() + " of " + entityType + " at " + url + " failed: " + reason(e), e);
        }
    }

    private Message awaitAnswer(String requestId, String what, long deadline) throws JMSException, InspectorException {
        long waitedFrom = System.nanoTime();
        while (true) {
            long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            Message m = leftMillis > 0 ? consumer.receive(leftMillis) : null;
            if (m == null) {
                String why = broken;
                close();
                throw new ManagementUnanswered("no answer to " + what + " from " + url + " within "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - waitedFrom) + " ms" + (why == null ? "" : ": " + why));
            }
            if (sameId(requestId, m.getJMSCorrelationID())) {
                return m;
            }
            LOG.debug("dropping an answer to an earlier request (correlation id {})", m.getJMSCorrelationID());
        }
    }

    private static boolean sameId(String requestId, String correlationId) {
        return correlationId == null || strip(correlationId).equals(strip(requestId));
    }

    private static String strip(String id) {
        return id == null ? "" : id.startsWith("ID:") ? id.substring(3) : id;
    }

    /** The body as a Java value: the map of an AMQP-value or map message, the text of a text message. */
    static Object body(Message m) throws JMSException {
        if (m instanceof ObjectMessage o) {
            return o.getObject();
        }
        if (m instanceof MapMessage map) {
            Map<String, Object> values = new HashMap<>();
            for (Enumeration<?> names = map.getMapNames(); names.hasMoreElements(); ) {
                String name = (String) names.nextElement();
                values.put(name, map.getObject(name));
            }
            return values;
        }
        if (m instanceof TextMessage t) {
            return t.getText();
        }
        return null;
    }

    /** Opens the connection unless it is open and sound. */
    synchronized void open() throws InspectorException {
        if (connection != null && broken == null) {
            return;
        }
        close();
        long millis = timeout.toMillis();
        JmsConnectionFactory factory = new JmsConnectionFactory(url.connectionUri());
        factory.setConnectTimeout(millis);
        factory.setRequestTimeout(millis);
        factory.setSendTimeout(millis);
        factory.setCloseTimeout(millis);
        if (!url.user().isEmpty()) {
            factory.setUsername(url.user());
            factory.setPassword(url.password());
        }
        try {
            Connection opened = factory.createConnection();
            connection = opened;
            // Only this connection's failure breaks it: a closed one's listener may still fire after the next one opened.
            opened.setExceptionListener(e -> {
                if (connection == opened) {
                    broken = reason(e);
                }
            });
            broken = null;
            session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            producer = session.createProducer(session.createQueue(url.address()));
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT); // a request needs no disk, and memory stores refuse it
            replies = session.createTemporaryQueue();
            consumer = session.createConsumer(replies);
            connection.start();
        } catch (JMSException | RuntimeException e) {
            close();
            throw new InspectorException("cannot open AMQP management at " + url + ": " + reason(e), e);
        }
    }

    static String reason(Exception e) {
        StringBuilder text = new StringBuilder();
        Throwable t = e;
        while (t != null && text.length() < 400) {
            String m = t.getMessage();
            if (m != null && !m.isBlank() && text.indexOf(m) < 0) {
                text.append(text.length() == 0 ? "" : ": ").append(m);
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return text.length() == 0 ? e.getClass().getSimpleName() : text.toString();
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException | RuntimeException e) {
                LOG.debug("closing the management connection to {}: {}", url, e.toString());
            }
        }
        connection = null;
        session = null;
        producer = null;
        replies = null;
        consumer = null;
    }
}
