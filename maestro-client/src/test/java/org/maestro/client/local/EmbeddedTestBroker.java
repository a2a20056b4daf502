package org.maestro.client.local;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.testing.TestBroker;
import org.maestro.common.util.LoopbackPorts;

/** The embedded Artemis MQTT broker, restartable on the same port. */
public final class EmbeddedTestBroker implements TestBroker {
    private final int port = LoopbackPorts.free();
    private EmbeddedBroker broker;

    public EmbeddedTestBroker() {
        start();
    }

    @Override
    public BrokerUrl url() {
        return BrokerUrl.parse("mqtt://127.0.0.1:" + port);
    }

    @Override
    public synchronized void stop() {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    @Override
    public synchronized void start() {
        if (broker == null) {
            broker = EmbeddedBroker.start(port, "MQTT");
        }
    }

    @Override
    public void close() {
        stop();
    }

    @Override
    public String toString() {
        return "embedded Artemis MQTT on port " + port;
    }
}
