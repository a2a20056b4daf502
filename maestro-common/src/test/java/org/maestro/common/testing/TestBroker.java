package org.maestro.common.testing;

import org.maestro.common.mqtt.BrokerUrl;

/** An MQTT broker a test controls: it can be stopped and started again on the same port. */
public interface TestBroker extends AutoCloseable {
    BrokerUrl url();

    void stop();

    void start();

    @Override
    void close();
}
