package org.maestro.worker.driver;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.maestro.worker.driver.jms.AmqpClient;
import org.maestro.worker.driver.jms.CoreClient;
import org.maestro.worker.driver.jms.JmsClient;
import org.maestro.worker.driver.jms.JmsDriver;
import org.maestro.worker.driver.jms.OpenWireClient;
import org.maestro.worker.driver.kafka.KafkaDriver;
import org.maestro.worker.driver.kafka.KafkaSettings;
import org.maestro.common.util.SystemInfo;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one table from a SUT URL's scheme to the protocol that speaks it: its default port and its JMS
 * client, or none for {@code kafka://}, which Kafka's own client speaks ({@link KafkaDriver}, its options checked by
 * {@link KafkaSettings}). {@link SutUrl} checks schemes and options against it; {@link #driver} picks a URL's driver.
 */
public final class Protocols {

    /** One row: a scheme's default port and the JMS client that speaks it (null: not JMS, i.e. Kafka). */
    public record Protocol(String scheme, int defaultPort, JmsClient client) {
        /** Whether Kafka's client speaks it rather than a JMS one. */
        public boolean kafka() {
            return client == null;
        }
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
        add(new Protocol(KafkaSettings.SCHEME, KafkaSettings.DEFAULT_PORT, null));
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
        return p.kafka() ? "kafka-clients " + SystemInfo.version(KafkaProducer.class)
                : p.client().description();
    }

    /**
     * The client options the worker adds because {@code url} does not set them ({@link JmsClient#defaults}); empty for
     * none, for Kafka, or without a URL.
     */
    public static Map<String, String> defaultsOf(SutUrl url) {
        if (url == null) {
            return Map.of();
        }
        Protocol p = of(url.scheme());
        return p.kafka() ? Map.of() : p.client().defaults(url);
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
        LoadDriver kafka = new KafkaDriver();
        return new LoadDriver() {
            private LoadDriver of(SutUrl url) {
                Protocol p = Protocols.of(url.scheme());
                return p.kafka() ? kafka : new JmsDriver(p.client(), failures);
            }

            @Override
            public Producer openProducer(SutUrl url, String clientName) throws DriverException {
                Producer producer = of(url).openProducer(url, clientName);
                return url.throttlePerSecond() > 0 ? new ThrottledProducer(producer, url.throttlePerSecond()) : producer;
            }

            @Override
            public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
                Consumer consumer = of(url).openConsumer(url, clientName);
                return url.receiveThrottlePerSecond() > 0 ? new ThrottledConsumer(consumer, url.receiveThrottlePerSecond()) : consumer;
            }
        };
    }
}
