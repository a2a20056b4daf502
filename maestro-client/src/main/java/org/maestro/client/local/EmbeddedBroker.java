package org.maestro.client.local;

import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.util.LoopbackPorts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * An ActiveMQ Artemis broker inside this JVM, listening on 127.0.0.1 only, with no persistence and
 * no security: the MQTT control broker of a one-machine run. One call starts it, {@link #close()}
 * stops it and deletes its files.
 */
public final class EmbeddedBroker implements AutoCloseable {
    /** What it is, as the console and a summary's SUT description say (the Artemis version the root pom pins). */
    public static final String PRODUCT = "embedded ActiveMQ Artemis 2.55.0";
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedBroker.class);

    private final int port;
    private final Path dataDir;
    private final EmbeddedActiveMQ server;

    private EmbeddedBroker(int port, String protocols) {
        this.port = port;
        try {
            this.dataDir = Files.createTempDirectory("maestro-broker-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the embedded broker: " + e.getMessage(), e);
        }
        Configuration config = new ConfigurationImpl()
                .setName("maestro-embedded-" + port)
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                .setJournalDirectory(dataDir.resolve("journal").toString())
                .setBindingsDirectory(dataDir.resolve("bindings").toString())
                .setLargeMessagesDirectory(dataDir.resolve("large").toString())
                .setPagingDirectory(dataDir.resolve("paging").toString())
                // Every MQTT subscription is a queue; without these Artemis warns about each one.
                .addAddressSetting("#", new AddressSettings()
                        .setDeadLetterAddress(SimpleString.of("DLQ"))
                        .setExpiryAddress(SimpleString.of("ExpiryQueue")));
        try {
            config.addAcceptorConfiguration("maestro", "tcp://127.0.0.1:" + port + "?protocols=" + protocols);
        } catch (Exception e) {
            throw new IllegalArgumentException("bad acceptor for the embedded broker: " + e.getMessage(), e);
        }
        this.server = new EmbeddedActiveMQ().setConfiguration(config);
    }

    /** Starts an MQTT broker on a free loopback port. */
    public static EmbeddedBroker startMqtt() {
        return start(LoopbackPorts.free(), "MQTT");
    }

    /**
     * Starts a broker on {@code port} of 127.0.0.1 speaking {@code protocols} (comma-separated
     * Artemis protocol names, e.g. {@code MQTT} or {@code AMQP,CORE}; each needs its protocol
     * module on the class path).
     */
    public static EmbeddedBroker start(int port, String protocols) {
        EmbeddedBroker broker = new EmbeddedBroker(port, protocols);
        try {
            broker.server.start();
        } catch (Exception e) {
            broker.deleteFiles();
            throw new IllegalStateException("cannot start the embedded broker on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        LOG.info("embedded broker ({}) listening on 127.0.0.1:{}", protocols, port);
        return broker;
    }

    public int port() {
        return port;
    }

    /** The URL peers and clients use to reach it over MQTT. */
    public BrokerUrl mqttUrl() {
        return BrokerUrl.parse("mqtt://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("embedded broker on port {} did not stop cleanly: {}", port, e.getMessage());
        }
        deleteFiles();
    }

    private void deleteFiles() {
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", dataDir, e.getMessage());
        }
    }
}
