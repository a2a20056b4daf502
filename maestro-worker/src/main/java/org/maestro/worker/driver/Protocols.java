package org.maestro.worker.driver;

import org.maestro.worker.driver.jms.AmqpClient;
import org.maestro.worker.driver.jms.CoreClient;
import org.maestro.worker.driver.jms.JmsClient;
import org.maestro.worker.driver.jms.JmsDriver;
import org.maestro.worker.driver.jms.OpenWireClient;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one table from a SUT URL's scheme to the protocol that speaks it: its default port and its JMS
 * client. {@link SutUrl} checks schemes and options against it; {@link #driver} picks a URL's driver.
 */
public final class Protocols {

    /** One row: a scheme's default port and the client that speaks it. */
    public record Protocol(String scheme, int defaultPort, JmsClient client) {
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
        return url == null ? "" : of(url.scheme()).client().description();
    }

    /** A driver that opens each connection with the JMS client of its URL's scheme. */
    public static LoadDriver driver(LoadDriver.FailureListener failures) {
        return new LoadDriver() {
            @Override
            public Producer openProducer(SutUrl url, String clientName) throws DriverException {
                return new JmsDriver(of(url.scheme()).client(), failures).openProducer(url, clientName);
            }

            @Override
            public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
                return new JmsDriver(of(url.scheme()).client(), failures).openConsumer(url, clientName);
            }
        };
    }
}
