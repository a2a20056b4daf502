package org.maestro.worker.driver;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;
import org.maestro.worker.driver.kafka.KafkaSettings;
import org.maestro.worker.driver.mqtt.MqttSettings;

/**
 * Where the load goes, parsed from {@code SCHEME://[user:pass@]host:port/destination?options}, the scheme
 * one of {@link Protocols}' ({@code amqp://}, {@code amqps://} for TLS, {@code core://}, {@code openwire://}
 * or {@code tcp://}). Maestro's own options, the same for every protocol:
 * <ul>
 *   <li>{@code type=queue|topic} (default queue)</li>
 *   <li>{@code persistent=true|false}: delivery mode of sent messages (default false)</li>
 *   <li>{@code durable=true|false}: a topic receiver uses a durable subscription (default false)</li>
 *   <li>{@code failover=true}: reconnect after the connection is lost (the client's own failover)</li>
 *   <li>{@code delivery=settled|presettled}: settled (the default) waits for the SUT to acknowledge each message and
 *       sends a released one again; presettled sends fire-and-forget, AMQP only ({@link DeliveryMode})</li>
 *   <li>{@code throttle=N}: each sending connection sends at most N msg/s ({@link ThrottledProducer}): a SUT whose limit
 *       is known, to check a limit search against, or a producer quota</li>
 *   <li>{@code receiveThrottle=N}: each receiving connection takes at most N msg/s ({@link ThrottledConsumer}): receivers
 *       that cannot keep up at a known rate, a backlog that grows by the send rate minus theirs</li>
 * </ul>
 * Any other option goes to the protocol's client if its {@link org.maestro.worker.driver.jms.JmsClient#refusal}
 * lets it through; else it is an error naming it. {@code kafka://host:port/topic} has options of its own, checked
 * by {@link KafkaSettings}, {@code mqtt://host:port/topic} and {@code mqtts://} by {@link MqttSettings}.
 */
public record SutUrl(String scheme, String host, int port, String destination, boolean topic, boolean persistent,
                     boolean durable, boolean failover, String username, String password,
                     Map<String, String> clientOptions, long throttlePerSecond, DeliveryMode delivery,
                     long receiveThrottlePerSecond) {

    public static final String THROTTLE = "throttle";
    public static final String RECEIVE_THROTTLE = "receiveThrottle";
    /** Maestro's own options, in the order an error lists them. */
    private static final List<String> OWN = List.of("type", "persistent", "durable", "failover", THROTTLE, RECEIVE_THROTTLE,
            DeliveryMode.URL_OPTION);
    /** qpid-jms's own ways to presettle sends: the delivery mode says it, so that the figures say it too. */
    private static final Set<String> PRESETTLE_OPTIONS = Set.of("jms.presettlePolicy.presettleAll",
            "jms.presettlePolicy.presettleProducers");

    /** A URL built part by part (the parsers' own way: each of its many parts named). */
    public static Builder builder() {
        return new Builder();
    }

    /** Names each part; one not set is null (false, 0), the delivery settled. */
    public static final class Builder {
        private String scheme;
        private String host;
        private int port;
        private String destination;
        private boolean topic;
        private boolean persistent;
        private boolean durable;
        private boolean failover;
        private String username;
        private String password;
        private Map<String, String> clientOptions;
        private long throttlePerSecond;
        private DeliveryMode delivery = DeliveryMode.SETTLED;
        private long receiveThrottlePerSecond;

        private Builder() {
        }

        public Builder scheme(String scheme) {
            this.scheme = scheme;
            return this;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder destination(String destination) {
            this.destination = destination;
            return this;
        }

        public Builder topic(boolean topic) {
            this.topic = topic;
            return this;
        }

        public Builder persistent(boolean persistent) {
            this.persistent = persistent;
            return this;
        }

        public Builder durable(boolean durable) {
            this.durable = durable;
            return this;
        }

        public Builder failover(boolean failover) {
            this.failover = failover;
            return this;
        }

        public Builder username(String username) {
            this.username = username;
            return this;
        }

        public Builder password(String password) {
            this.password = password;
            return this;
        }

        public Builder clientOptions(Map<String, String> clientOptions) {
            this.clientOptions = clientOptions;
            return this;
        }

        public Builder throttlePerSecond(long throttlePerSecond) {
            this.throttlePerSecond = throttlePerSecond;
            return this;
        }

        public Builder delivery(DeliveryMode delivery) {
            this.delivery = delivery;
            return this;
        }

        public Builder receiveThrottlePerSecond(long receiveThrottlePerSecond) {
            this.receiveThrottlePerSecond = receiveThrottlePerSecond;
            return this;
        }

        public SutUrl build() {
            return new SutUrl(scheme, host, port, destination, topic, persistent, durable, failover, username,
                    password, clientOptions, throttlePerSecond, delivery, receiveThrottlePerSecond);
        }
    }

    public static SutUrl parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("no SUT URL given: expected e.g. amqp://127.0.0.1:5672/test.queue"
                    + " or core://127.0.0.1:61616/test.queue");
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad SUT URL '" + SafeText.of(Passwords.redact(text)) + "': " + Passwords.reason(e)
                    + "; expected SCHEME://[user:password@]host:port/destination[?options] (SCHEME one of " + Protocols.schemes()
                    + "), special characters percent-encoded");
        }
        String shown = Passwords.redact(uri);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        Protocols.Protocol protocol = Protocols.of(scheme);
        if (protocol == null) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': scheme must be one of " + Protocols.schemes());
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': no host");
        }
        String path = uri.getPath() == null ? "" : uri.getPath();
        String destination = path.startsWith("/") ? path.substring(1) : path;
        if (destination.isEmpty()) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': no destination (expected e.g. " + scheme + "://host:"
                    + protocol.defaultPort() + "/test.queue)");
        }
        if (protocol.ownClient()) {
            return protocol.own().parse(uri, scheme, destination, shown);
        }
        Map<String, String> own = new LinkedHashMap<>();
        Map<String, String> client = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : UrlParts.options(uri).entrySet()) {
            String key = option.getKey();
            if (OWN.contains(key)) {
                own.put(key, option.getValue());
            } else {
                String refusal = protocol.client().refusal(key);
                if (refusal != null) {
                    throw new IllegalArgumentException("bad SUT URL '" + shown + "': unknown option '" + SafeText.of(key)
                            + "' (Maestro's: " + String.join(", ", OWN) + "; " + refusal + ")");
                }
                client.put(key, option.getValue());
            }
        }
        DeliveryMode delivery = delivery(own.get(DeliveryMode.URL_OPTION), protocol, client, shown);
        String[] credentials = UrlParts.credentials(uri);
        int port = uri.getPort() == -1 ? protocol.defaultPort() : uri.getPort();
        return builder().scheme(scheme).host(uri.getHost()).port(port).destination(destination)
                .topic(isTopicType(own.get("type"), shown)).persistent(bool(own, "persistent", shown))
                .durable(bool(own, "durable", shown)).failover(bool(own, "failover", shown)).username(credentials[0])
                .password(credentials[1]).clientOptions(Map.copyOf(client))
                .throttlePerSecond(throttle(THROTTLE, own.get(THROTTLE), shown))
                .delivery(delivery).receiveThrottlePerSecond(throttle(RECEIVE_THROTTLE, own.get(RECEIVE_THROTTLE), shown))
                .build();
    }

    /** The {@code delivery} option: settled when not given; presettled only where the client can (AMQP). */
    private static DeliveryMode delivery(String value, Protocols.Protocol protocol, Map<String, String> client, String shown) {
        DeliveryMode mode;
        try {
            mode = value == null ? DeliveryMode.SETTLED : DeliveryMode.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + SafeText.of(e.getMessage()));
        }
        for (String presettle : PRESETTLE_OPTIONS) {
            if (Boolean.parseBoolean(client.getOrDefault(presettle, "false")) && mode != DeliveryMode.PRESETTLED) {
                throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + presettle + "=true presettles the sends;"
                        + " say delivery=presettled instead, so that the figures say the sends were not acknowledged");
            }
        }
        if (mode == DeliveryMode.PRESETTLED && !protocol.client().presettles()) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': delivery=presettled is AMQP's (amqp://, amqps://);"
                    + " a " + protocol.scheme() + ":// client waits for the broker");
        }
        return mode;
    }

    /**
     * This URL with another destination, for round trips' replies: a queue (or a topic), neither durable nor throttled
     * (a throttle shapes the load, not its replies); the credentials, TLS and client options are this URL's.
     */
    public SutUrl replyTo(String replyDestination, boolean replyTopic) {
        return new SutUrl(scheme, host, port, replyDestination, replyTopic, persistent, false, failover, username, password,
                clientOptions, 0, delivery, 0);
    }

    /** This URL with the client options of {@code defaults} it does not set itself. */
    public SutUrl withClientDefaults(Map<String, String> defaults) {
        if (clientOptions.keySet().containsAll(defaults.keySet())) {
            return this;
        }
        Map<String, String> merged = new LinkedHashMap<>(defaults);
        merged.putAll(clientOptions);
        return new SutUrl(scheme, host, port, destination, topic, persistent, durable, failover, username, password,
                Map.copyOf(merged), throttlePerSecond, delivery, receiveThrottlePerSecond);
    }

    /** Whether sends are fire-and-forget: the SUT acknowledges nothing, a sender's count is only what it sent. */
    public boolean presettled() {
        return delivery == DeliveryMode.PRESETTLED;
    }

    /** A form safe to print: no password, no client options. */
    @Override
    public String toString() {
        return scheme + "://" + (username.isEmpty() ? "" : username + "@") + host + ":" + port + "/" + destination
                + (topic ? " (topic)" : "");
    }

    /** The {@code type} option (null when not given): true for topic, false for queue (the default). */
    public static boolean isTopicType(String type, String shown) {
        if (type == null || type.equals("queue")) {
            return false;
        }
        if (type.equals("topic")) {
            return true;
        }
        throw new IllegalArgumentException("bad SUT URL '" + shown + "': type must be queue or topic, not '" + SafeText.of(type) + "'");
    }

    /** The {@code throttle} or {@code receiveThrottle} option ({@code name}): messages per second and connection, 0 when not given. */
    public static long throttle(String name, String value, String shown) {
        if (value == null) {
            return 0;
        }
        try {
            long perSecond = Long.parseLong(value.strip());
            if (perSecond > 0) {
                return perSecond;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + name + " must be a whole number of messages per second > 0, not '"
                + SafeText.of(value) + "'");
    }

    private static boolean bool(Map<String, String> own, String key, String shown) {
        String v = own.getOrDefault(key, "false");
        if (v.equals("true") || v.isEmpty()) {
            return true;
        }
        if (v.equals("false")) {
            return false;
        }
        throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + key + " must be true or false, not '" + SafeText.of(v) + "'");
    }

}
