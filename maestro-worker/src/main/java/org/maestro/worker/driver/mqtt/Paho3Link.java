package org.maestro.worker.driver.mqtt;

import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** MQTT 3.1.1 with Paho's mqttv3 client (the one the control plane uses). */
final class Paho3Link implements PahoLink {
    private static final Logger LOG = LoggerFactory.getLogger(Paho3Link.class);
    /**
     * The client's in-flight window (Paho's default is 10, which would hold a sender to 10 unacknowledged messages
     * whatever its max.in.flight). 3.1.1 has no receive maximum: the broker's own limit is its business.
     */
    static final int WINDOW = 65_000;
    /** What a 3.1.1 SUBACK grants for a refused subscription. */
    private static final int SUBSCRIPTION_REFUSED = 0x80;

    private final MqttAsyncClient client;
    private final SutUrl url;
    private final MqttSettings settings;

    private Paho3Link(MqttAsyncClient client, SutUrl url, MqttSettings settings) {
        this.client = client;
        this.url = url;
        this.settings = settings;
    }

    static Paho3Link open(SutUrl url, MqttSettings settings, String clientId, boolean persistentSession, Events events)
            throws DriverException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(MqttDriver.serverUri(url), clientId, new MemoryPersistence());
        } catch (MqttException | IllegalArgumentException e) {
            throw DriverException.of("cannot connect to", url, e);
        }
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(!persistentSession);
        options.setAutomaticReconnect(false);
        options.setMaxInflight(WINDOW);
        options.setConnectionTimeout((int) MqttDriver.CONNECT_TIMEOUT.toSeconds());
        options.setKeepAliveInterval((int) MqttDriver.KEEP_ALIVE.toSeconds());
        if (!url.username().isEmpty()) {
            options.setUserName(url.username());
            options.setPassword(url.password().toCharArray());
        }
        options.setSocketFactory(MqttDriver.socketFactory(url, settings));
        client.setCallback(new Callback(url, events));
        try {
            client.connect(options).waitForCompletion(MqttDriver.CONNECT_TIMEOUT.toMillis());
            return new Paho3Link(client, url, settings);
        } catch (MqttException e) {
            closeQuietly(client);
            throw DriverException.of("cannot connect to", url, e);
        }
    }

    @Override
    public int window() {
        return WINDOW;
    }

    @Override
    public void publish(byte[] body, LoadDriver.Completion done) throws DriverException {
        try {
            client.publish(settings.topic(), body.clone(), settings.qos(), settings.retain(), null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    done.completed(null);
                }

                @Override
                public void onFailure(IMqttToken token, Throwable e) {
                    done.completed(new DriverException(url + " did not acknowledge a message: " + DriverException.reasonOf(e), e));
                }
            });
        } catch (MqttException e) {
            throw PahoLink.sendFailure(url, client.isConnected(), e);
        }
    }

    @Override
    public void subscribe() throws DriverException {
        try {
            IMqttToken token = client.subscribe(settings.filter(), settings.qos());
            token.waitForCompletion(MqttDriver.CONNECT_TIMEOUT.toMillis());
            int[] granted = token.getGrantedQos();
            if (granted != null && granted.length > 0 && granted[0] >= SUBSCRIPTION_REFUSED) {
                throw new DriverException(url + " refused the subscription to " + settings.filter());
            }
        } catch (MqttException e) {
            throw DriverException.of("cannot subscribe to " + settings.filter() + " on", url, e);
        }
    }

    @Override
    public void close() {
        try {
            if (client.isConnected()) {
                client.disconnect(MqttDriver.CLOSE_TIMEOUT.toMillis()).waitForCompletion(MqttDriver.CLOSE_TIMEOUT.toMillis());
            }
        } catch (MqttException e) {
            LOG.debug("disconnecting from {}: {}", url, e.toString());
        }
        closeQuietly(client);
    }

    private static void closeQuietly(MqttAsyncClient client) {
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(0, MqttDriver.CLOSE_TIMEOUT.toMillis(), false);
            }
            client.close();
        } catch (MqttException e) {
            LOG.debug("closing the MQTT client {}: {}", client.getClientId(), e.toString());
        }
    }

    private record Callback(SutUrl url, Events events) implements MqttCallback {
        @Override
        public void connectionLost(Throwable cause) {
            events.lost(PahoLink.lostReason(url, DriverException.reasonOf(cause)));
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) throws InterruptedException {
            events.arrived(message.getPayload());
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // each publish has its own listener
        }
    }
}
