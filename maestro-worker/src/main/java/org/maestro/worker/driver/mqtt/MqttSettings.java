package org.maestro.worker.driver.mqtt;

import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;
import org.maestro.worker.driver.SutUrl;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of an {@code mqtt://host:port/TOPIC?options} (or {@code mqtts://}) SUT URL, checked when the URL is
 * parsed (at SET), so a bad one is refused there naming the option. Each is optional.
 *
 * @param qos        the quality of service of every publish and of the subscription: 0, 1 (default) or 2. 0 makes the
 *                   URL's delivery presettled ({@link #deliveryOf}): the broker acknowledges nothing
 * @param version    the protocol version ({@code 5}, the default, or {@code 3.1.1})
 * @param retain     whether published messages are retained (default false)
 * @param topic      the topic the senders publish to
 * @param filter     what the receivers subscribe to: {@code topic}, or for {@code type=queue} the shared subscription
 *                   {@code $share/GROUP/topic}, so the receivers split the stream as a queue's consumers do
 * @param tls        the trust and key stores of an {@code mqtts://} connection
 */
public record MqttSettings(int qos, Version version, boolean retain, String topic, String filter, Tls tls) {
    public static final String SCHEME = "mqtt";
    public static final String TLS_SCHEME = "mqtts";
    public static final int DEFAULT_PORT = 1883;
    public static final int DEFAULT_TLS_PORT = 8883;
    /** The shared-subscription group of {@code type=queue} receivers when the path names none. */
    static final String DEFAULT_GROUP = "maestro";
    private static final String SHARE = "$share/";

    static final String QOS = "qos";
    static final String VERSION = "version";
    static final String RETAIN = "retain";
    /** Maestro's: queue (default) is a shared subscription, topic a subscription of each receiving connection's own. */
    static final String TYPE = "type";
    /** Maestro's: receivers keep a persistent session (clean start off), named after the connection. */
    static final String DURABLE = "durable";
    /** qpid-jms's names for the same stores, so that amqps:// and mqtts:// URLs say TLS alike. */
    static final String TRUST_STORE = "transport.trustStoreLocation";
    static final String TRUST_STORE_PASSWORD = "transport.trustStorePassword";
    static final String KEY_STORE = "transport.keyStoreLocation";
    static final String KEY_STORE_PASSWORD = "transport.keyStorePassword";
    private static final List<String> NAMES = List.of(QOS, VERSION, RETAIN, TYPE, DURABLE, SutUrl.THROTTLE,
            SutUrl.RECEIVE_THROTTLE, TRUST_STORE, TRUST_STORE_PASSWORD, KEY_STORE, KEY_STORE_PASSWORD);

    /** The MQTT protocol version a connection speaks, by its name in the URL. */
    public enum Version {
        V5("5"), V3_1_1("3.1.1");

        final String name;

        Version(String name) {
            this.name = name;
        }

        static Version parse(String value) {
            for (Version v : values()) {
                if (v.name.equals(value)) {
                    return v;
                }
            }
            throw new IllegalArgumentException(VERSION + " must be 5 or 3.1.1, not '" + SafeText.of(value) + "'");
        }
    }

    /** Where an mqtts:// connection finds the certificates it trusts and its own; "" for the JVM's defaults. */
    public record Tls(String trustStore, String trustStorePassword, String keyStore, String keyStorePassword) {
    }

    /** Whether {@code scheme} is one of this driver's. */
    public static boolean speaks(String scheme) {
        return SCHEME.equals(scheme) || TLS_SCHEME.equals(scheme);
    }

    /**
     * The SutUrl of an {@code mqtt://} or {@code mqtts://} URI whose host and destination {@link SutUrl#parse} has
     * checked: the options are checked here and kept as the URL's client options.
     *
     * @param shown the URL as an error message may show it (password masked)
     */
    public static SutUrl parse(URI uri, String scheme, String destination, String shown) {
        Map<String, String> options = new LinkedHashMap<>(UrlParts.options(uri));
        for (String key : options.keySet()) {
            if (!NAMES.contains(key)) {
                throw new IllegalArgumentException("bad SUT URL '" + shown + "': unknown option '" + SafeText.of(key)
                        + "' (" + scheme + ":// takes " + String.join(", ", NAMES) + ")");
            }
        }
        boolean shared = destination.startsWith(SHARE);
        boolean topicType = SutUrl.isTopicType(options.remove(TYPE), shown);
        if (shared && topicType) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': a " + SHARE + "GROUP/ destination is a shared"
                    + " subscription, which type=topic contradicts (each receiving connection would get a share, not every message)");
        }
        boolean durable = flag(options.remove(DURABLE), DURABLE, shown);
        long throttle = SutUrl.throttle(SutUrl.THROTTLE, options.remove(SutUrl.THROTTLE), shown);
        long receiveThrottle = SutUrl.throttle(SutUrl.RECEIVE_THROTTLE, options.remove(SutUrl.RECEIVE_THROTTLE), shown);
        MqttSettings settings;
        try {
            settings = of(options, destination, topicType);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + e.getMessage(), e);
        }
        String[] credentials = UrlParts.credentials(uri);
        int port = uri.getPort() != -1 ? uri.getPort() : TLS_SCHEME.equals(scheme) ? DEFAULT_TLS_PORT : DEFAULT_PORT;
        return SutUrl.builder().scheme(scheme).host(uri.getHost()).port(port).destination(destination).topic(topicType)
                .durable(durable).username(credentials[0]).password(credentials[1]).clientOptions(Map.copyOf(options))
                .delivery(deliveryOf(settings.qos())).throttlePerSecond(throttle).receiveThrottlePerSecond(receiveThrottle)
                .build();
    }

    /**
     * What a sender's counts mean at {@code qos}: at 0 the broker answers nothing (the client calls a publish complete
     * once written), so it is presettled and its loss the receivers' count; at 1 and 2 the broker acknowledges each.
     */
    static DeliveryMode deliveryOf(int qos) {
        return qos == 0 ? DeliveryMode.PRESETTLED : DeliveryMode.SETTLED;
    }

    /** The settings of a URL {@link #parse} made. */
    static MqttSettings of(SutUrl url) {
        return of(url.clientOptions(), url.destination(), url.topic());
    }

    private static MqttSettings of(Map<String, String> o, String destination, boolean topicType) {
        int qos = qos(o.get(QOS));
        Version version = o.containsKey(VERSION) ? Version.parse(o.get(VERSION)) : Version.V5;
        boolean retain = flag(o.get(RETAIN), RETAIN, null);
        String topic = destination;
        String filter;
        if (destination.startsWith(SHARE)) {
            int slash = destination.indexOf('/', SHARE.length());
            if (slash < 0 || slash == SHARE.length() || slash == destination.length() - 1) {
                throw new IllegalArgumentException("a shared subscription is " + SHARE + "GROUP/TOPIC, not '"
                        + SafeText.of(destination) + "'");
            }
            topic = destination.substring(slash + 1);
            filter = destination;
        } else {
            filter = topicType ? topic : SHARE + DEFAULT_GROUP + "/" + topic;
        }
        if (topic.contains("+") || topic.contains("#")) {
            throw new IllegalArgumentException("the topic '" + SafeText.of(topic) + "' has a wildcard (+ or #): senders"
                    + " publish to it, so it must be one topic");
        }
        Tls tls = new Tls(o.getOrDefault(TRUST_STORE, ""), o.getOrDefault(TRUST_STORE_PASSWORD, ""),
                o.getOrDefault(KEY_STORE, ""), o.getOrDefault(KEY_STORE_PASSWORD, ""));
        return new MqttSettings(qos, version, retain, topic, filter, tls);
    }

    private static int qos(String value) {
        if (value == null) {
            return 1;
        }
        return switch (value.strip()) {
            case "0" -> 0;
            case "1" -> 1;
            case "2" -> 2;
            default -> throw new IllegalArgumentException(QOS + " must be 0, 1 or 2, not '" + SafeText.of(value) + "'");
        };
    }

    /** A true/false option ({@code shown} null: the caller names the URL). */
    private static boolean flag(String value, String name, String shown) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true") || value.isEmpty()) {
            return true;
        }
        String reason = name + " must be true or false, not '" + SafeText.of(value) + "'";
        throw new IllegalArgumentException(shown == null ? reason : "bad SUT URL '" + shown + "': " + reason);
    }
}
