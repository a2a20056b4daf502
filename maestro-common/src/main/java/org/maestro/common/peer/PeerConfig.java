package org.maestro.common.peer;

import org.maestro.common.mqtt.BrokerUrl;

import java.time.Duration;

/**
 * How a peer reaches the control broker.
 *
 * @param broker           the MQTT broker
 * @param keepAliveSeconds MQTT keep-alive: a peer that stops answering is reported as
 *                         ABNORMAL_DISCONNECT about 1.5 times this later
 * @param connectTimeout   how long the first connection may take
 */
public record PeerConfig(BrokerUrl broker, int keepAliveSeconds, Duration connectTimeout) {
    /**
     * Long enough that a busy host does not look dead, short enough to tell a frozen one. Paho drops its own connection
     * when a ping's answer takes longer than the keep-alive: at a load of 12-20 on two cores, 2 s timed out ("Timed out
     * as no activity") and a live agent was "away" mid-run. With 5 s a frozen peer (SIGSTOP, a hung host) is reported
     * about 7.5 s later (the broker's 1.5 keep-alives); a killed one at once, its socket closed. bench/keep-alive.sh
     * measures false alarms against detection time.
     */
    public static final int DEFAULT_KEEP_ALIVE_SECONDS = 5;

    public static PeerConfig of(BrokerUrl broker) {
        return new PeerConfig(broker, DEFAULT_KEEP_ALIVE_SECONDS, Duration.ofSeconds(10));
    }
}
