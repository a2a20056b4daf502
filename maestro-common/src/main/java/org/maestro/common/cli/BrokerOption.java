package org.maestro.common.cli;

import org.maestro.common.client.ControlClient;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.TransportException;
import picocli.CommandLine.Option;

import java.time.Duration;

/** {@code --broker}: the MQTT control broker, for every command that joins or talks to a cluster (a picocli mixin). */
public class BrokerOption {
    /** The variable that gives the broker when {@code --broker} is not given. */
    public static final String ENV = "MAESTRO_BROKER";

    @Option(names = "--broker", description = "the MQTT control broker, e.g. mqtt://broker.lab:1883 (env " + ENV + ")",
            defaultValue = "${env:" + ENV + "}")
    String broker;

    /** Whether a broker was given, by option or environment. */
    public boolean isGiven() {
        return broker != null && !broker.isBlank();
    }

    /**
     * The broker's URL.
     *
     * @throws IllegalArgumentException when none was given or it is not a broker URL
     */
    public BrokerUrl url() {
        if (!isGiven()) {
            throw new IllegalArgumentException("no broker given: use --broker mqtt://host:1883 or set " + ENV);
        }
        return BrokerUrl.parse(broker);
    }

    /** A client connected to the broker, for the commands that talk to peers. */
    public ControlClient connect() throws TransportException {
        return new ControlClient(url()).connect(Duration.ofSeconds(10));
    }
}
