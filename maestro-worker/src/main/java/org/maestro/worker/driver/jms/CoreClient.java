package org.maestro.worker.driver.jms;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.jms.client.ActiveMQConnection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.maestro.common.util.SystemInfo;
import org.maestro.worker.driver.SutUrl;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * ActiveMQ Artemis's own protocol ({@code core://}) with the Artemis Jakarta JMS client. Its URL
 * takes {@code jms.NAME} (a property of Artemis's connection factory, e.g. {@code jms.consumerWindowSize})
 * and {@code transport.NAME} (a Netty connector key, e.g. {@code transport.tcpNoDelay}); both go on the
 * Artemis URL without the prefix. Artemis would ignore a name it does not know, so both are checked here.
 */
public final class CoreClient extends JmsClient {
    /** Artemis's connection-factory properties: the names of its one-argument public setters. */
    private static final Set<String> FACTORY_PROPERTIES = Arrays.stream(ActiveMQConnectionFactory.class.getMethods())
            .filter(m -> m.getName().startsWith("set") && m.getName().length() > 3 && m.getParameterCount() == 1
                    && !Modifier.isStatic(m.getModifiers()))
            .map(Method::getName)
            .map(n -> Character.toLowerCase(n.charAt(3)) + n.substring(4))
            .collect(Collectors.toUnmodifiableSet());
    /**
     * A CompletionListener hears of a send through Artemis's send acknowledgements, which need a confirmation
     * window: without one the broker sends none and Artemis warns (AMQ212053 confirmationWindowSize=-1).
     */
    private static final String CONFIRMATION_WINDOW = "1048576";

    @Override
    public String description() {
        return "artemis-jakarta-client " + SystemInfo.version(ActiveMQConnectionFactory.class);
    }

    @Override
    public String refusal(String key) {
        if (key.startsWith("jms.") && FACTORY_PROPERTIES.contains(key.substring(4))) {
            return null;
        }
        if (key.startsWith("transport.") && TransportConstants.ALLOWABLE_CONNECTOR_KEYS.contains(key.substring(10))) {
            return null;
        }
        return "Artemis core options are jms.<connection factory property> (e.g. jms.consumerWindowSize)"
                + " or transport.<Netty connector key> (e.g. transport.tcpNoDelay)";
    }

    /** Artemis tells the exception listener of a reconnection that succeeded too, as a FAILOVER error. */
    @Override
    boolean lost(JMSException e) {
        return !ActiveMQConnection.EXCEPTION_FAILOVER.equals(e.getErrorCode());
    }

    @Override
    ConnectionFactory connectionFactory(String connectionUri) {
        return new ActiveMQConnectionFactory(connectionUri);
    }

    /** The Artemis URL: {@code tcp://host:port?} the options without their prefix, plus Maestro's defaults. */
    @Override
    String connectionUri(SutUrl url) {
        Map<String, String> params = new TreeMap<>(withPrefix(url, "transport.", true));
        params.putAll(withPrefix(url, "jms.", true));
        params.putIfAbsent("confirmationWindowSize", CONFIRMATION_WINDOW);
        if (url.failover()) {
            // Reconnect to the same broker for ever, at least every second (like the AMQP driver's failover).
            params.putIfAbsent("reconnectAttempts", "-1");
            params.putIfAbsent("retryInterval", "1000");
            params.putIfAbsent("maxRetryInterval", "1000");
        }
        return "tcp://" + url.host() + ":" + url.port() + query(params);
    }
}
