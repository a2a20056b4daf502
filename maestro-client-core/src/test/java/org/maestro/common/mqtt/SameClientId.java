package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/** Drops a connection from the broker's side: another connection with the same client id makes the broker close it. */
final class SameClientId {
    private SameClientId() {
    }

    /** The connection of {@code clientId} is closed by the broker, which it notices and reconnects from by itself. */
    static void takeOver(BrokerUrl broker, String clientId) throws MqttException {
        try (MqttClient intruder = new MqttClient(broker.pahoUri(), clientId, new MemoryPersistence())) {
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(true);
            intruder.connect(options);
            intruder.disconnect();
        }
    }
}
