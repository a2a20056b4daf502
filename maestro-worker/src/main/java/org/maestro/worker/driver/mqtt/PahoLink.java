package org.maestro.worker.driver.mqtt;

import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

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

    /** A lost connection's reason, as the link's {@link Events#lost} and a send that found it lost both say it. */
    static String lostReason(SutUrl url, String reason) {
        return "connection to " + url + " lost: " + reason;
    }

    /**
     * A publish that failed at once: on a connection already lost (its callback may not have come yet), that is the
     * reason, as the callback would say it; otherwise "cannot send to".
     */
    static DriverException sendFailure(SutUrl url, boolean connected, Exception e) {
        return connected ? DriverException.of("cannot send to", url, e)
                : new DriverException(lostReason(url, DriverException.reasonOf(e)), e);
    }

    /** What a link tells its user, on Paho's threads. */
    interface Events {
        /** A message arrived; may block (Paho then reads no further from the connection: the broker's flow control). */
        void arrived(byte[] body) throws InterruptedException;

        /** The connection broke. */
        void lost(String reason);
    }
}
