package org.maestro.worker.driver.jms;

import org.apache.qpid.jms.JmsConnectionFactory;
import org.maestro.worker.driver.SutUrl;

import java.util.Map;

/** AMQP 1.0 with Apache Qpid JMS ({@code amqp://}, {@code amqps://}). */
public final class AmqpClient extends JmsClient.PrefixedOptions {
    public AmqpClient() {
        super("qpid-jms", JmsConnectionFactory.class, JmsConnectionFactory::new, "qpid-jms", "jms.", "amqp.", "transport.", "failover.");
    }

    /** The qpid-jms URI: the AMQP address plus the options passed on, wrapped for failover if asked. */
    @Override
    String connectionUri(SutUrl url) {
        Map<String, String> transportOptions = url.clientOptions().entrySet().stream()
                .filter(e -> !e.getKey().startsWith("failover."))
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        String base = url.scheme() + "://" + url.host() + ":" + url.port();
        if (!url.failover()) {
            return base + query(transportOptions);
        }
        Map<String, String> failoverOptions = withPrefix(url, "failover.", false);
        // qpid-jms backs off up to 30 s between attempts: a test would measure the back-off, not the
        // SUT's recovery. Retry at least every second unless the URL says otherwise.
        failoverOptions.putIfAbsent("failover.maxReconnectDelay", "1000");
        // Its default startup attempts are unlimited: an unreachable SUT would hang START instead of failing it.
        failoverOptions.putIfAbsent("failover.startupMaxReconnectAttempts", "1");
        // jms.* options belong on the failover URI, transport/amqp ones on the nested address.
        transportOptions.keySet().removeIf(k -> k.startsWith("jms."));
        failoverOptions.putAll(withPrefix(url, "jms.", false));
        return "failover:(" + base + query(transportOptions) + ")" + query(failoverOptions);
    }
}
