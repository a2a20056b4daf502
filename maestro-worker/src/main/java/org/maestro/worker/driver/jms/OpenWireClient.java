package org.maestro.worker.driver.jms;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQMessageProducer;
import org.apache.activemq.AsyncCallback;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import java.util.Map;
import java.util.TreeMap;

/**
 * OpenWire ({@code openwire://}, {@code tcp://}) with ActiveMQ classic's Jakarta JMS client; Artemis
 * speaks it too. Options: {@code jms.*}, {@code wireFormat.*} and {@code socket.*} go to the client
 * unchanged, {@code transport.NAME} becomes the TCP transport's {@code NAME} (e.g.
 * {@code transport.connectionTimeout}), {@code failover.NAME} the failover transport's {@code NAME}. The
 * client refuses an unknown name behind these prefixes when it connects.
 */
public final class OpenWireClient extends JmsClient.PrefixedOptions {
    public OpenWireClient() {
        super("activemq-client", ActiveMQConnectionFactory.class, ActiveMQConnectionFactory::new, "OpenWire", "jms.", "wireFormat.",
                "socket.", "transport.", "failover.");
    }

    /**
     * An asynchronous send whose callback runs when the broker answers: ActiveMQ's own API (its JMS 2
     * CompletionListener is not what 6.x implements best). A send with a callback always asks the broker for a
     * reply, persistent or not, so the figures stay exact.
     */
    @Override
    void send(MessageProducer producer, Message message, LoadDriver.Completion done) throws JMSException {
        ((ActiveMQMessageProducer) producer).send(message, new AsyncCallback() {
            @Override
            public void onSuccess() {
                done.completed(null);
            }

            @Override
            public void onException(JMSException e) {
                done.completed(e);
            }
        });
    }

    /** The ActiveMQ client's prefetch unless told otherwise: a queue's, a durable subscription's, a topic's. */
    static final int QUEUE_PREFETCH = 1000;
    static final int DURABLE_TOPIC_PREFETCH = 100;
    static final int TOPIC_PREFETCH = 32766;

    @Override
    public Map<String, String> receiveAhead(SutUrl url, int messages) {
        return prefetch(url, messages, !url.topic() ? QUEUE_PREFETCH : url.durable() ? DURABLE_TOPIC_PREFETCH : TOPIC_PREFETCH);
    }

    /** The ActiveMQ broker URL: {@code tcp://host:port?…}, wrapped in {@code failover:(…)?…} if asked. */
    @Override
    String connectionUri(SutUrl url) {
        Map<String, String> tcp = new TreeMap<>(withPrefix(url, "transport.", true));
        tcp.putAll(withPrefix(url, "wireFormat.", false));
        tcp.putAll(withPrefix(url, "socket.", false));
        Map<String, String> jms = withPrefix(url, "jms.", false);
        String base = "tcp://" + url.host() + ":" + url.port();
        if (!url.failover()) {
            tcp.putAll(jms);
            return base + query(tcp);
        }
        Map<String, String> failover = new TreeMap<>(withPrefix(url, "failover.", true));
        // Retry at least every second (ActiveMQ backs off up to 30 s), and give up at once when the SUT cannot
        // be reached at the start: retrying for ever there would hang START instead of reporting it.
        failover.putIfAbsent("maxReconnectDelay", "1000");
        failover.putIfAbsent("startupMaxReconnectAttempts", "1");
        failover.putAll(jms);
        return "failover:(" + base + query(tcp) + ")" + query(failover);
    }
}
