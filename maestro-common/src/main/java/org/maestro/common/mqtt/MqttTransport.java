package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.ScheduledExecutorPingSender;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * One MQTT 3.1.1 connection (Eclipse Paho): connect with credentials, TLS and a last will,
 * subscribe, publish. After the first connection it reconnects by itself, within a couple of
 * seconds of the broker coming back, and subscribes again to everything it had (the session is
 * clean, so the broker forgot). Publishes made while it reconnects are held and sent once it has
 * subscribed again: whoever hears from it after a reconnect can ask it something and be heard.
 *
 * <p>The holding is ours, not Paho's disconnected buffer: in Paho 1.2.5 a publish or subscribe made
 * while the buffer is replayed after a reconnect can be added to it just after the replay thread
 * found it empty and ended; it then stays there while connected, and so does everything after it,
 * queued behind it to keep the order. A peer thawed after a freeze past its keep-alive was heard
 * once (the replayed notes), then neither heard nor answered anything (MqttTransportReconnectTest).
 */
public final class MqttTransport implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MqttTransport.class);
    private static final int MAX_RECONNECT_DELAY_MILLIS = 2_000;
    /**
     * How long an outage may last before we ask Paho for an attempt ourselves, and how often after that. Paho's own
     * cycle ends for good when an attempt it schedules cannot start (its attemptReconnect swallows the error and
     * schedules nothing), and an attempt whose CONNECT the broker never answers stays "in progress" for ever (Paho has
     * no CONNACK timeout): a peer would then stay away from the cluster for the rest of the run.
     */
    private static final int NUDGE_AFTER_SECONDS = 10;
    /**
     * Paho's window of unacknowledged QoS 1 publishes, and the most publishes held while the broker
     * is unreachable (beyond it the oldest go): all of them can be sent at once when it is back.
     */
    private static final int MAX_IN_FLIGHT = 1_000;

    /** A publish made while the connection was down. */
    private record Held(String topic, byte[] payload, int qos) {
    }

    /** A message the broker publishes for us if our connection breaks without a clean disconnect. */
    public record Will(String topic, byte[] payload) {
    }

    private record Subscription(int qos, BiConsumer<String, byte[]> handler) {
    }

    private final BrokerUrl broker;
    private final String clientId;
    private final int keepAliveSeconds;
    private final Will will;
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final MqttAsyncClient client;
    /** Orders publishes with the flush of those held: a new one never overtakes a held one. */
    private final Object sendLock = new Object();
    /** Publishes made while the connection was down, oldest first. Guarded by sendLock. */
    private final Deque<Held> held = new ArrayDeque<>();
    /** How many held publishes gave way to newer ones during this outage. Guarded by sendLock. */
    private int heldDropped;
    /** Publishes go straight to Paho: connected, subscribed again, nothing held. */
    private volatile boolean live;
    /** Connected once: from then on, a publish while the connection is down is held, not refused. */
    private volatile boolean everConnected;
    private volatile boolean closed;
    /** Since when the connection has been down, and the nudges that bring it back. */
    private final Outage outage;

    /**
     * @param keepAliveSeconds how often the connection is checked: the broker publishes our will
     *                         about 1.5 times this after we stop answering
     * @param will             null for none
     */
    public MqttTransport(BrokerUrl broker, String clientId, int keepAliveSeconds, Will will) {
        this(broker, clientId, keepAliveSeconds, will, NUDGE_AFTER_SECONDS);
    }

    /** With outages nudged after {@code nudgeAfterSeconds} rather than 10 (tests). */
    MqttTransport(BrokerUrl broker, String clientId, int keepAliveSeconds, Will will, int nudgeAfterSeconds) {
        this.broker = broker;
        this.clientId = clientId;
        this.keepAliveSeconds = keepAliveSeconds;
        this.will = will;
        try {
            this.client = new MqttAsyncClient(broker.pahoUri(), clientId, new MemoryPersistence(),
                    new ScheduledExecutorPingSender(KeepAlivePings.PINGS));
        } catch (MqttException e) {
            throw new IllegalArgumentException("cannot use MQTT broker " + broker + ": " + e.getMessage(), e);
        }
        client.setCallback(new Callback());
        outage = new Outage(client, clientId, broker, nudgeAfterSeconds, () -> closed);
    }

    public BrokerUrl broker() {
        return broker;
    }

    /**
     * Connects, waiting at most {@code timeout}.
     *
     * @throws TransportException saying why the broker could not be reached (refused, bad
     *                            credentials, TLS failure, timeout)
     */
    public void connect(Duration timeout) throws TransportException {
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(true);
        options.setAutomaticReconnect(true);
        options.setMaxReconnectDelay(MAX_RECONNECT_DELAY_MILLIS);
        options.setKeepAliveInterval(keepAliveSeconds);
        int connectTimeoutSeconds = (int) Math.max(1, timeout.toSeconds());
        outage.connectTimeoutSeconds(connectTimeoutSeconds);
        options.setConnectionTimeout(connectTimeoutSeconds);
        options.setMaxInflight(MAX_IN_FLIGHT);
        if (!broker.username().isEmpty()) {
            options.setUserName(broker.username());
            options.setPassword(broker.password().toCharArray());
        }
        options.setSocketFactory(broker.tls() ? NoDelaySockets.tls(MqttTls.sslContext(broker).getSocketFactory()) : NoDelaySockets.plain());
        if (will != null) {
            options.setWill(will.topic(), will.payload(), Qos.AT_LEAST_ONCE, false);
        }
        try {
            IMqttToken token = client.connect(options);
            token.waitForCompletion(timeout.toMillis());
            if (!client.isConnected()) {
                throw new TransportException("cannot connect to MQTT broker " + broker + ": no answer within "
                        + timeout.toSeconds() + " s", null);
            }
        } catch (MqttException e) {
            throw new TransportException("cannot connect to MQTT broker " + broker + ": " + PahoFailures.whyNotConnected(e, broker), e);
        }
        LOG.debug("{} connected to {}", clientId, broker);
    }

    /** Subscribes now and again after every reconnect. The handler runs on Paho's thread: keep it short. */
    public void subscribe(String topicFilter, int qos, BiConsumer<String, byte[]> handler) throws TransportException {
        subscriptions.put(topicFilter, new Subscription(qos, handler));
        try {
            client.subscribe(topicFilter, qos, (topic, message) -> handler.accept(topic, message.getPayload()))
                    .waitForCompletion(10_000);
        } catch (MqttException e) {
            throw new TransportException("cannot subscribe to '" + topicFilter + "' on " + broker + ": " + PahoFailures.explain(e), e);
        }
    }

    /**
     * Publishes without waiting for the broker's acknowledgement. While reconnecting, the message
     * is held and sent once the connection is back and subscribed again.
     */
    public void publish(String topic, byte[] payload, int qos) throws TransportException {
        synchronized (sendLock) {
            if (!live && everConnected && !closed) {
                hold(new Held(topic, payload, qos));
                return;
            }
            try {
                send(topic, payload, qos);
            } catch (MqttException e) {
                if (e.getReasonCode() == MqttException.REASON_CODE_CLIENT_NOT_CONNECTED && everConnected && !closed) {
                    // Lost a moment before Paho says so (connectionLost): the reconnect sends it.
                    live = false;
                    hold(new Held(topic, payload, qos));
                    return;
                }
                throw new TransportException("cannot publish to '" + topic + "' on " + broker + ": " + PahoFailures.explain(e), e);
            }
        }
    }

    private void hold(Held message) {
        if (held.size() >= MAX_IN_FLIGHT) {
            held.removeFirst();
            if (heldDropped++ == 0) {
                LOG.warn("{}: {} messages wait for the broker at {}; the oldest now give way to new ones", clientId,
                        MAX_IN_FLIGHT, broker);
            }
        }
        held.addLast(message);
    }

    /**
     * Sends what was held, oldest first; true when all went. A message Paho refuses for another reason than the
     * connection being gone again is dropped (as a failed publish is): what is left waits for the next reconnect.
     */
    private boolean flushHeld() {
        while (!held.isEmpty()) {
            Held next = held.peekFirst();
            try {
                send(next.topic(), next.payload(), next.qos());
            } catch (MqttException e) {
                if (e.getReasonCode() == MqttException.REASON_CODE_CLIENT_NOT_CONNECTED) {
                    return false;
                }
                publishFailed(next.topic(), PahoFailures.explain(e));
            }
            held.removeFirst();
        }
        if (heldDropped > 0) {
            LOG.warn("{}: {} message(s) published while the broker at {} was unreachable were dropped for newer ones",
                    clientId, heldDropped, broker);
            heldDropped = 0;
        }
        return true;
    }

    private void send(String topic, byte[] payload, int qos) throws MqttException {
        MqttMessage message = new MqttMessage(payload);
        message.setQos(qos);
        client.publish(topic, message, null, new IMqttActionListener() {
            @Override
            public void onSuccess(IMqttToken asyncActionToken) {
                // delivered to the broker
            }

            @Override
            public void onFailure(IMqttToken asyncActionToken, Throwable cause) {
                publishFailed(topic, cause.getMessage());
            }
        });
    }

    private void publishFailed(String topic, String why) {
        LOG.warn("{}: publish to '{}' failed: {}", clientId, topic, why);
    }

    public boolean isConnected() {
        return client.isConnected();
    }

    /**
     * Since when the broker has been unreachable: the moment the connection was lost, while it is reconnecting;
     * null while connected, before the first connection and after {@link #close}.
     */
    public Instant lostAt() {
        return closed ? null : outage.since();
    }

    /** Disconnects cleanly (so the broker does not publish the will) and releases the client. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        outage.stopNudging();
        synchronized (sendLock) {
            if (!held.isEmpty()) {
                LOG.warn("{}: {} message(s) published while the broker at {} was unreachable were never sent", clientId,
                        held.size(), broker);
                held.clear();
            }
        }
        try {
            if (client.isConnected()) {
                client.disconnect(1_000).waitForCompletion(2_000);
            }
        } catch (MqttException e) {
            LOG.debug("{}: clean disconnect failed, forcing: {}", clientId, e.getMessage());
            try {
                client.disconnectForcibly(0, 500);
            } catch (MqttException ignored) {
                // already gone
            }
        }
        try {
            client.close(true);
        } catch (MqttException e) {
            LOG.debug("{}: close: {}", clientId, e.getMessage());
        }
    }

    private final class Callback implements MqttCallbackExtended {
        @Override
        public void connectComplete(boolean reconnect, String serverUri) {
            outage.end();
            synchronized (sendLock) {
                everConnected = true;
                if (reconnect) {
                    LOG.info("{} reconnected to {}; subscribing again to {} topic(s), then sending the {} message(s)"
                            + " published meanwhile", clientId, broker, subscriptions.size(), held.size());
                    resubscribe();
                }
                // After the SUBSCRIBEs, which Paho sends ahead of publishes: whoever hears from us again is heard.
                live = flushHeld();
            }
        }

        /** Called on Paho's thread: subscribe without waiting, or it would wait on itself. */
        private void resubscribe() {
            subscriptions.forEach((filter, sub) -> {
                try {
                    client.subscribe(filter, sub.qos(), (topic, message) -> sub.handler().accept(topic, message.getPayload()));
                } catch (MqttException e) {
                    LOG.error("{}: cannot subscribe again to '{}' after reconnecting: {}", clientId, filter, PahoFailures.explain(e));
                }
            });
        }

        @Override
        public void connectionLost(Throwable cause) {
            live = false;
            outage.begin();
            if (!closed) {
                LOG.warn("{} lost its connection to {} ({}); reconnecting", clientId, broker,
                        cause == null ? "no reason given" : PahoFailures.rootMessage(cause));
            }
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            // delivered through the per-subscription listeners
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // nothing to do: publishes are fire-and-forget
        }
    }
}
