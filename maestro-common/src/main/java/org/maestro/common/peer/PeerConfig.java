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
    public static final int DEFAULT_KEEP_ALIVE_SECONDS = 2;

    public static PeerConfig of(BrokerUrl broker) {
        return new PeerConfig(broker, DEFAULT_KEEP_ALIVE_SECONDS, Duration.ofSeconds(10));
    }
}
