package org.maestro.worker.driver;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.maestro.worker.driver.jms.AmqpClient;
import org.maestro.worker.driver.jms.CoreClient;
import org.maestro.worker.driver.jms.JmsClient;
import org.maestro.worker.driver.jms.JmsDriver;
import org.maestro.worker.driver.jms.OpenWireClient;
import org.maestro.worker.driver.kafka.KafkaDriver;
import org.maestro.worker.driver.kafka.KafkaSettings;
import org.maestro.worker.driver.mqtt.MqttDriver;
import org.maestro.worker.driver.mqtt.MqttSettings;
import org.maestro.common.util.SystemInfo;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one table from a SUT URL's scheme to the protocol that speaks it: its default port and its JMS client, or the
 * client of its own for {@code kafka://} (Kafka's, {@link KafkaDriver}, options checked by {@link KafkaSettings}) and
 * {@code mqtt://}, {@code mqtts://} (Paho's, {@link MqttDriver}, options checked by {@link MqttSettings}).
 * {@link SutUrl} checks schemes and options against it; {@link #driver} picks a URL's driver.
 */
public final class Protocols {

    /** One row: a scheme's default port and the JMS client that speaks it, or (client null) its own client. */
    public record Protocol(String scheme, int defaultPort, JmsClient client, OwnClient own) {
        Protocol(String scheme, int defaultPort, JmsClient client) {
            this(scheme, defaultPort, client, null);
        }

        Protocol(String scheme, int defaultPort, OwnClient own) {
            this(scheme, defaultPort, null, own);
        }

        /** Whether a client of its own speaks it rather than a JMS one. */
        public boolean ownClient() {
            return client == null;
        }
    }

    /** A protocol's own client (not JMS): how its URLs are checked, what system.json names, the driver. */
    public interface OwnClient {
        /** The SutUrl of a URI whose scheme, host and destination {@link SutUrl#parse} checked; options checked here. */
        SutUrl parse(URI uri, String scheme, String destination, String shown);

        /** The client library and its version, for system.json. */
        String description();

        LoadDriver driver(LoadDriver.FailureListener failures);
    }

    private static final Map<String, Protocol> BY_SCHEME = new LinkedHashMap<>();

    static {
        JmsClient amqp = new AmqpClient();
        JmsClient core = new CoreClient();
        JmsClient openWire = new OpenWireClient();
        add(new Protocol("amqp", 5672, amqp));
        add(new Protocol("amqps", 5671, amqp));
        add(new Protocol("core", 61616, core));
        add(new Protocol("openwire", 61616, openWire));
        add(new Protocol("tcp", 61616, openWire));
        add(new Protocol(KafkaSettings.SCHEME, KafkaSettings.DEFAULT_PORT, new OwnClient() {
            @Override
            public SutUrl parse(URI uri, String scheme, String destination, String shown) {
                return KafkaSettings.parse(uri, destination, shown);
            }

            @Override
            public String description() {
                return "kafka-clients " + SystemInfo.version(KafkaProducer.class);
            }

            @Override
            public LoadDriver driver(LoadDriver.FailureListener failures) {
                return new KafkaDriver();
            }
        }));
        OwnClient mqtt = new OwnClient() {
            @Override
            public SutUrl parse(URI uri, String scheme, String destination, String shown) {
                return MqttSettings.parse(uri, scheme, destination, shown);
            }

            @Override
            public String description() {
                return MqttDriver.description();
            }

            @Override
            public LoadDriver driver(LoadDriver.FailureListener failures) {
                return new MqttDriver(failures);
            }
        };
        add(new Protocol(MqttSettings.SCHEME, MqttSettings.DEFAULT_PORT, mqtt));
        add(new Protocol(MqttSettings.TLS_SCHEME, MqttSettings.DEFAULT_TLS_PORT, mqtt));
    }

    private Protocols() {
    }

    private static void add(Protocol p) {
        BY_SCHEME.put(p.scheme(), p);
    }

    /** The row of {@code scheme} (lower case), or null when no driver speaks it. */
    public static Protocol of(String scheme) {
        return BY_SCHEME.get(scheme);
    }

    /** The schemes, as error messages list them: {@code amqp://, amqps://, ...}. */
    public static String schemes() {
        return String.join(", ", BY_SCHEME.keySet().stream().map(s -> s + "://").toList());
    }

    /** The client library of {@code url}'s protocol, for system.json; "" without a URL. */
    public static String clientOf(SutUrl url) {
        if (url == null) {
            return "";
        }
        Protocol p = of(url.scheme());
        return p.ownClient() ? p.own().description() : p.client().description();
    }

    /**
     * The client options the worker adds because {@code url} does not set them ({@link JmsClient#defaults}); empty for
     * none, for a protocol with a client of its own, or without a URL.
     */
    public static Map<String, String> defaultsOf(SutUrl url) {
        if (url == null) {
            return Map.of();
        }
        Protocol p = of(url.scheme());
        return p.ownClient() ? Map.of() : p.client().defaults(url);
    }

    /**
     * {@code url} with the options that keep its consumers from fetching more than {@code messages} ahead
     * ({@link JmsClient#receiveAhead}); the URL's own options win. Unchanged for a client that bounds them by bytes.
     */
    public static SutUrl receiving(SutUrl url, int messages) {
        return url.withClientDefaults(receiveAheadOf(url, messages));
    }

    /** The options {@link #receiving} adds to {@code url}; empty for none. */
    public static Map<String, String> receiveAheadOf(SutUrl url, int messages) {
        Protocol p = of(url.scheme());
        return p.client() == null ? Map.of() : p.client().receiveAhead(url, messages);
    }

    /** A driver that opens each connection with the client of its URL's scheme. */
    public static LoadDriver driver(LoadDriver.FailureListener failures) {
        // One driver per own client for the worker's life (the Kafka driver remembers the topics it has seen).
        Map<OwnClient, LoadDriver> own = new ConcurrentHashMap<>();
        return new LoadDriver() {
            private LoadDriver of(SutUrl url) {
                Protocol p = Protocols.of(url.scheme());
                return p.ownClient() ? own.computeIfAbsent(p.own(), c -> c.driver(failures)) : new JmsDriver(p.client(), failures);
            }

            @Override
            public Producer openProducer(SutUrl url, String clientName) throws DriverException {
                Producer producer = of(url).openProducer(url, clientName);
                return url.throttlePerSecond() > 0 ? new ThrottledProducer(producer, url.throttlePerSecond()) : producer;
            }

            @Override
            public SutUrl replyUrl(SutUrl url, long stream) {
                return of(url).replyUrl(url, stream);
            }

            @Override
            public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
                Consumer consumer = of(url).openConsumer(url, clientName);
                return url.receiveThrottlePerSecond() > 0 ? new ThrottledConsumer(consumer, url.receiveThrottlePerSecond()) : consumer;
            }
        };
    }
}
