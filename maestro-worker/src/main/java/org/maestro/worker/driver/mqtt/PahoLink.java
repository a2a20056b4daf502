package org.maestro.worker.driver.mqtt;

import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;

/**
 * One connection to the broker with one of Paho's clients (MQTT 5 or 3.1.1): what {@link MqttDriver} needs of it,
 * the same for both versions.
 */
interface PahoLink extends AutoCloseable {

    /**
     * How many QoS 1 and 2 publishes may wait for the broker at once: the broker's receive maximum (MQTT 5), or the
     * client's own window (3.1.1). Paho refuses a publish past it rather than waiting.
     */
    int window();

    /** Publishes a copy of {@code body}; {@code done} is called once the broker acknowledged it (QoS 0: once written). */
    void publish(byte[] body, LoadDriver.Completion done) throws DriverException;

    /** Subscribes to the URL's filter; messages then go to the {@link Events} the link was opened with. */
    void subscribe() throws DriverException;

    @Override
    void close();

    /** What a link tells its user, on Paho's threads. */
    interface Events {
        /** A message arrived; may block (Paho then reads no further from the connection: the broker's flow control). */
        void arrived(byte[] body) throws InterruptedException;

        /** The connection broke. */
        void lost(String reason);
    }
}
