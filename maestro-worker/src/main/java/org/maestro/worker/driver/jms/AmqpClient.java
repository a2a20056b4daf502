package org.maestro.worker.driver.jms;

import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryModifiedException;
import org.apache.qpid.jms.provider.exceptions.ProviderDeliveryReleasedException;
import org.maestro.worker.driver.SutUrl;

import java.util.Map;
import java.util.TreeMap;

/** AMQP 1.0 with Apache Qpid JMS ({@code amqp://}, {@code amqps://}). */
public final class AmqpClient extends JmsClient.PrefixedOptions {
    /** qpid-jms's option that settles a producer's messages before they are sent ({@code delivery=presettled}). */
    static final String PRESETTLE_PRODUCERS = "jms.presettlePolicy.presettleProducers";
    /** qpid-jms's largest AMQP frame, in bytes: the connection's input buffer (proton-j's) holds one frame. */
    public static final String MAX_FRAME_SIZE = "amqp.maxFrameSize";
    /**
     * The worker's frame size unless the URL sets {@value #MAX_FRAME_SIZE}: qpid-jms's own default, 1 MiB, is a MiB of
     * heap per connection for as long as it is open (125 MiB in a worker JVM of 125 receivers, a class histogram of the
     * scale bench), for no throughput: flat out on one standalone Artemis, 1 KiB and 64 KiB messages went as fast with
     * 64 KiB frames (bench figures in bench/results/generator-load.md, "Frame size"). A bigger message spans several frames.
     */
    public static final int DEFAULT_MAX_FRAME_SIZE_BYTES = 65_536;

    public AmqpClient() {
        super("qpid-jms", JmsConnectionFactory.class, JmsConnectionFactory::new, "qpid-jms", "jms.", "amqp.", "transport.", "failover.");
    }

    @Override
    public boolean presettles() {
        return true;
    }

    /**
     * qpid-jms tells a released delivery (the SUT took it from no one: a router with no route to a receiver) and a
     * modified one (a router whose next hop went away with it in flight) by the cause of the send's exception.
     */
    @Override
    String givenBack(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ProviderDeliveryReleasedException) {
                return "released";
            }
            if (t instanceof ProviderDeliveryModifiedException) {
                return "modified";
            }
        }
        return null;
    }

    /** qpid-jms fetches this many ahead for a consumer of any kind of destination unless told otherwise. */
    static final int DEFAULT_PREFETCH = 1000;

    @Override
    public Map<String, String> receiveAhead(SutUrl url, int messages) {
        return prefetch(url, messages, DEFAULT_PREFETCH);
    }

    @Override
    public Map<String, String> defaults(SutUrl url) {
        return url.clientOptions().containsKey(MAX_FRAME_SIZE) ? Map.of()
                : Map.of(MAX_FRAME_SIZE, Integer.toString(DEFAULT_MAX_FRAME_SIZE_BYTES));
    }

    /** The qpid-jms URI: the AMQP address plus the options passed on (and {@link #defaults}), wrapped for failover if asked. */
    @Override
    String connectionUri(SutUrl url) {
        Map<String, String> options = new TreeMap<>(url.clientOptions());
        options.putAll(defaults(url));
        if (url.presettled()) {
            options.put(PRESETTLE_PRODUCERS, "true");
        }
        Map<String, String> transportOptions = new TreeMap<>(options);
        transportOptions.keySet().removeIf(k -> k.startsWith("failover."));
        String base = url.scheme() + "://" + url.host() + ":" + url.port();
        if (!url.failover()) {
            return base + query(transportOptions);
        }
        Map<String, String> failoverOptions = new TreeMap<>(options);
        failoverOptions.keySet().removeIf(k -> !k.startsWith("failover.") && !k.startsWith("jms."));
        // qpid-jms backs off up to 30 s between attempts: a test would measure the back-off, not the
        // SUT's recovery. Retry at least every second unless the URL says otherwise.
        failoverOptions.putIfAbsent("failover.maxReconnectDelay", "1000");
        // Its default startup attempts are unlimited: an unreachable SUT would hang START instead of failing it.
        failoverOptions.putIfAbsent("failover.startupMaxReconnectAttempts", "1");
        // jms.* options belong on the failover URI, transport/amqp ones on the nested address.
        transportOptions.keySet().removeIf(k -> k.startsWith("jms."));
        return "failover:(" + base + query(transportOptions) + ")" + query(failoverOptions);
    }
}
