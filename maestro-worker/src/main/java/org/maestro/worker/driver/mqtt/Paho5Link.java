package org.maestro.worker.driver.mqtt;

import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.MqttSubscription;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** MQTT 5 with Paho's mqttv5 client. */
final class Paho5Link implements PahoLink {
    private static final Logger LOG = LoggerFactory.getLogger(Paho5Link.class);
    /** MQTT 5's receive maximum when the broker's CONNACK gives none. */
    private static final int PROTOCOL_RECEIVE_MAXIMUM = 65_535;
    /** Reason codes from 0x80 up are refusals (MQTT 5, 2.4). */
    private static final int FIRST_FAILURE = 0x80;

    private final MqttAsyncClient client;
    private final SutUrl url;
    private final MqttSettings settings;
    private final int window;

    private Paho5Link(MqttAsyncClient client, SutUrl url, MqttSettings settings, int window) {
        this.client = client;
        this.url = url;
        this.settings = settings;
        this.window = window;
    }

    static Paho5Link open(SutUrl url, MqttSettings settings, String clientId, boolean persistentSession, Events events)
            throws DriverException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(MqttDriver.serverUri(url), clientId, new MemoryPersistence());
        } catch (MqttException | IllegalArgumentException e) {
            throw DriverException.of("cannot connect to", url, e);
        }
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(!persistentSession);
        if (persistentSession) {
            options.setSessionExpiryInterval(MqttDriver.SESSION_EXPIRY.toSeconds());
        }
        options.setAutomaticReconnect(false);
        options.setConnectionTimeout((int) MqttDriver.CONNECT_TIMEOUT.toSeconds());
        options.setKeepAliveInterval((int) MqttDriver.KEEP_ALIVE.toSeconds());
        if (!url.username().isEmpty()) {
            options.setUserName(url.username());
            options.setPassword(url.password().getBytes(StandardCharsets.UTF_8));
        }
        options.setSocketFactory(MqttDriver.socketFactory(url, settings));
        client.setCallback(new Callback(url, events));
        try {
            IMqttToken connected = client.connect(options);
            connected.waitForCompletion(MqttDriver.CONNECT_TIMEOUT.toMillis());
            MqttProperties properties = connected.getResponseProperties();
            Integer receiveMaximum = properties == null ? null : properties.getReceiveMaximum();
            return new Paho5Link(client, url, settings, receiveMaximum == null ? PROTOCOL_RECEIVE_MAXIMUM : receiveMaximum);
        } catch (MqttException e) {
            closeQuietly(client);
            throw DriverException.of("cannot connect to", url, e);
        }
    }

    @Override
    public int window() {
        return window;
    }

    @Override
    public void publish(byte[] body, LoadDriver.Completion done) throws DriverException {
        try {
            client.publish(settings.topic(), body.clone(), settings.qos(), settings.retain(), null, new MqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    int[] codes = token.getReasonCodes();
                    int refusal = codes == null ? 0 : Arrays.stream(codes).filter(c -> c >= FIRST_FAILURE).findFirst().orElse(0);
                    done.completed(refusal == 0 ? null
                            : new DriverException(url + " refused a message (MQTT reason code 0x" + Integer.toHexString(refusal) + ")"));
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
            IMqttToken token = client.subscribe(new MqttSubscription(settings.filter(), settings.qos()));
            token.waitForCompletion(MqttDriver.CONNECT_TIMEOUT.toMillis());
            int[] codes = token.getReasonCodes();
            if (codes != null && codes.length > 0 && codes[0] >= FIRST_FAILURE) {
                throw new DriverException(url + " refused the subscription to " + settings.filter() + " (MQTT reason code 0x"
                        + Integer.toHexString(codes[0]) + ")");
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
        public void disconnected(MqttDisconnectResponse response) {
            String reason = response.getException() != null ? DriverException.reasonOf(response.getException())
                    : "the broker disconnected (reason code 0x" + Integer.toHexString(response.getReturnCode())
                    + (response.getReasonString() == null ? "" : ", " + response.getReasonString()) + ")";
            events.lost(PahoLink.lostReason(url, reason));
        }

        @Override
        public void mqttErrorOccurred(MqttException e) {
            LOG.warn("{}: {}", url, DriverException.reasonOf(e));
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) throws InterruptedException {
            events.arrived(message.getPayload());
        }

        @Override
        public void deliveryComplete(IMqttToken token) {
            // each publish has its own listener
        }

        @Override
        public void connectComplete(boolean reconnect, String serverUri) {
            // no automatic reconnection
        }

        @Override
        public void authPacketArrived(int reasonCode, MqttProperties properties) {
            // no enhanced authentication
        }
    }
}
