package org.maestro.common.mqtt;

import org.maestro.common.util.IoReason;
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

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.EOFException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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

    /**
     * The keep-alive pings of every connection in this JVM, on one thread: Paho's default gives each connection a
     * timer thread of its own, and a process may hold many ({@code maestro worker --count 50}). A ping only queues
     * a packet, so one thread keeps up with them all; so does a reconnect nudge (it only starts an attempt).
     */
    private static final class KeepAlive {
        static final ScheduledExecutorService PINGS = pings();

        private static ScheduledExecutorService pings() {
            ScheduledThreadPoolExecutor pings = new ScheduledThreadPoolExecutor(1, r -> {
                Thread t = new Thread(r, "mqtt-keep-alive");
                t.setDaemon(true);
                return t;
            });
            pings.setRemoveOnCancelPolicy(true); // each reconnect and close cancels one
            return pings;
        }
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
    /** When the connection was lost, while it is being re-established; null while connected (or never connected). */
    private volatile Instant lostAt;
    /** Asks for a reconnect when Paho's own cycle has not brought the connection back; null while connected. */
    private volatile ScheduledFuture<?> nudges;
    /** Whether this outage's nudges were already reported: once at WARN, then at DEBUG. */
    private volatile boolean nudgeReported;
    private final int nudgeAfterSeconds;
    /** The connection timeout of {@link #connect}: an attempt in progress longer than it plus a nudge's wait is stuck. */
    private volatile int connectTimeoutSeconds = 30;
    /** Since when a nudge found an attempt in progress (System.nanoTime); 0 when none did since the last attempt began. */
    private volatile long inProgressSinceNanos;

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
        this.nudgeAfterSeconds = nudgeAfterSeconds;
        this.broker = broker;
        this.clientId = clientId;
        this.keepAliveSeconds = keepAliveSeconds;
        this.will = will;
        try {
            this.client = new MqttAsyncClient(broker.pahoUri(), clientId, new MemoryPersistence(),
                    new ScheduledExecutorPingSender(KeepAlive.PINGS));
        } catch (MqttException e) {
            throw new IllegalArgumentException("cannot use MQTT broker " + broker + ": " + e.getMessage(), e);
        }
        client.setCallback(new Callback());
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
        connectTimeoutSeconds = (int) Math.max(1, timeout.toSeconds());
        options.setConnectionTimeout(connectTimeoutSeconds);
        options.setMaxInflight(MAX_IN_FLIGHT);
        if (!broker.username().isEmpty()) {
            options.setUserName(broker.username());
            options.setPassword(broker.password().toCharArray());
        }
        options.setSocketFactory(broker.tls() ? NoDelaySockets.tls(sslContext().getSocketFactory()) : NoDelaySockets.plain());
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
            throw new TransportException("cannot connect to MQTT broker " + broker + ": " + whyNotConnected(e), e);
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
            throw new TransportException("cannot subscribe to '" + topicFilter + "' on " + broker + ": " + explain(e), e);
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
                throw new TransportException("cannot publish to '" + topic + "' on " + broker + ": " + explain(e), e);
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
                publishFailed(next.topic(), explain(e));
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
        return closed ? null : lostAt;
    }

    /** Disconnects cleanly (so the broker does not publish the will) and releases the client. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopNudging();
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

    private SSLContext sslContext() throws TransportException {
        try {
            if (broker.trustStore().isEmpty()) {
                return SSLContext.getDefault();
            }
            Path path = Path.of(broker.trustStore());
            KeyStore store = KeyStore.getInstance(path.toString().endsWith(".jks") ? "JKS" : "PKCS12");
            try (InputStream in = Files.newInputStream(path)) {
                store.load(in, broker.trustStorePassword().toCharArray());
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new TransportException("cannot use trust store '" + broker.trustStore() + "' for MQTT broker "
                    + broker + ": " + IoReason.of(e), e);
        }
    }

    /**
     * Why a connection attempt failed, named after the usual mistakes in a lab: a certificate whose CA is not in
     * the trust store, plain MQTT against a TLS listener or TLS against a plain one (either way the broker just
     * closes the connection), and those of {@link #explain}.
     */
    private String whyNotConnected(MqttException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof CertPathBuilderException || root instanceof CertPathValidatorException
                || root instanceof CertificateException) {
            return "the broker's TLS certificate is not trusted (" + rootMessage(root)
                    + "): give its CA with ?truststore=FILE&truststore-password=...";
        }
        boolean closedByBroker = (root instanceof SocketException && !(root instanceof ConnectException))
                || root instanceof EOFException;
        if (closedByBroker && broker.tls()) {
            return "the broker closed the connection during the TLS handshake: is it a plain MQTT listener? (then use mqtt://)";
        }
        if (closedByBroker) {
            return "the broker closed the connection before answering: is it a TLS listener? (then use mqtts://)";
        }
        return explain(e);
    }

    /** Paho's messages are terse ("Unable to connect to server"); say what it means. */
    static String explain(MqttException e) {
        return switch (e.getReasonCode()) {
            case MqttException.REASON_CODE_FAILED_AUTHENTICATION -> "bad user name or password";
            case MqttException.REASON_CODE_NOT_AUTHORIZED -> "not authorised (check the user name and password)";
            case MqttException.REASON_CODE_CLIENT_NOT_CONNECTED -> "not connected to the broker";
            case MqttException.REASON_CODE_CLIENT_TIMEOUT -> "the broker did not answer in time";
            case MqttException.REASON_CODE_SERVER_CONNECT_ERROR -> e.getCause() instanceof ConnectException
                    ? "connection refused (is the broker running and listening there?)"
                    : "unable to connect" + (e.getCause() == null ? "" : ": " + rootMessage(e.getCause()));
            case MqttException.REASON_CODE_SSL_CONFIG_ERROR -> "TLS setup failed: " + rootMessage(e);
            default -> e.getMessage() + (e.getCause() == null ? "" : ": " + rootMessage(e.getCause()));
        };
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : " " + root.getMessage());
    }

    /** Once Paho should have reconnected: an attempt of our own (harmless when Paho's is under way, then refused). */
    private void nudgeReconnect() {
        if (closed || client.isConnected()) {
            stopNudging();
            return;
        }
        try {
            client.reconnect();
            inProgressSinceNanos = 0;
            reportNudge("asked for a new attempt", false);
        } catch (MqttException e) {
            if (e.getReasonCode() != MqttException.REASON_CODE_CONNECT_IN_PROGRESS) {
                reportNudge("a new attempt cannot start yet: " + explain(e), false);
                return;
            }
            long now = System.nanoTime();
            if (inProgressSinceNanos == 0) {
                inProgressSinceNanos = now;
                reportNudge("an attempt is in progress", false);
            } else if (now - inProgressSinceNanos >= TimeUnit.SECONDS.toNanos(connectTimeoutSeconds)) {
                // In progress for longer than a connection may take: its CONNECT went unanswered. End it; the next
                // nudge starts a new one.
                inProgressSinceNanos = 0;
                reportNudge("its attempt has been in progress for more than " + connectTimeoutSeconds
                        + " s (its CONNECT unanswered): abandoned for a new one", true);
                try {
                    client.disconnectForcibly(0, 0, false);
                } catch (MqttException stuck) {
                    LOG.debug("{}: ending the stuck attempt: {}", clientId, explain(stuck));
                }
            }
        }
    }

    /** The first report of an outage at WARN, later ones at DEBUG; an abandoned attempt always at WARN. */
    private void reportNudge(String what, boolean alwaysWarn) {
        Instant since = lostAt;
        String message = clientId + " has not reconnected to " + broker + " since " + since + "; " + what;
        if (nudgeReported && !alwaysWarn) {
            LOG.debug(message);
        } else {
            nudgeReported = true;
            LOG.warn(message);
        }
    }

    private void stopNudging() {
        ScheduledFuture<?> current = nudges;
        if (current != null) {
            current.cancel(false);
            nudges = null;
        }
    }

    private final class Callback implements MqttCallbackExtended {
        @Override
        public void connectComplete(boolean reconnect, String serverUri) {
            lostAt = null;
            stopNudging();
            inProgressSinceNanos = 0;
            if (nudgeReported) {
                nudgeReported = false;
                LOG.info("{} reconnected to {} after asking for a new attempt", clientId, broker);
            }
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
                    LOG.error("{}: cannot subscribe again to '{}' after reconnecting: {}", clientId, filter, explain(e));
                }
            });
        }

        @Override
        public void connectionLost(Throwable cause) {
            live = false;
            lostAt = Instant.now();
            if (!closed) {
                stopNudging();
                nudges = KeepAlive.PINGS.scheduleWithFixedDelay(MqttTransport.this::nudgeReconnect, nudgeAfterSeconds,
                        Math.max(1, nudgeAfterSeconds / 2), TimeUnit.SECONDS);
                LOG.warn("{} lost its connection to {} ({}); reconnecting", clientId, broker,
                        cause == null ? "no reason given" : rootMessage(cause));
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
