package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A connection's outage: since when it lasts, and the nudges that ask Paho for an attempt when its own reconnect cycle
 * has not brought the connection back (see {@link MqttTransport}'s NUDGE_AFTER_SECONDS): the first report of an
 * outage at WARN, later ones at DEBUG.
 */
final class Outage {
    private static final Logger LOG = LoggerFactory.getLogger(Outage.class);

    private final MqttAsyncClient client;
    private final String clientId;
    private final BrokerUrl broker;
    private final BooleanSupplier closed;
    /** When the connection was lost, while it is being re-established; null while connected (or never connected). */
    private volatile Instant lostAt;
    /** Asks for a reconnect when Paho's own cycle has not brought the connection back; null while connected. */
    private volatile ScheduledFuture<?> nudges;
    /** Whether this outage's nudges were already reported: once at WARN, then at DEBUG. */
    private volatile boolean nudgeReported;
    private final int nudgeAfterSeconds;
    /** The connection timeout of {@link MqttTransport#connect}: an attempt in progress longer than it plus a nudge's wait is stuck. */
    private volatile int connectTimeoutSeconds = 30;
    /** Since when a nudge found an attempt in progress (System.nanoTime); 0 when none did since the last attempt began. */
    private volatile long inProgressSinceNanos;

    Outage(MqttAsyncClient client, String clientId, BrokerUrl broker, int nudgeAfterSeconds, BooleanSupplier closed) {
        this.client = client;
        this.clientId = clientId;
        this.broker = broker;
        this.nudgeAfterSeconds = nudgeAfterSeconds;
        this.closed = closed;
    }

    /** When the connection was lost, while it is being re-established; null while connected (or never connected). */
    Instant since() {
        return lostAt;
    }

    /** The connection timeout of a connect: an attempt in progress longer than it plus a nudge's wait is stuck. */
    void connectTimeoutSeconds(int seconds) {
        connectTimeoutSeconds = seconds;
    }

    /** The connection was lost now: nudges begin after nudgeAfterSeconds unless the transport is closed. */
    void begin() {
        lostAt = Instant.now();
        if (!closed.getAsBoolean()) {
            stopNudging();
            nudges = KeepAlivePings.PINGS.scheduleWithFixedDelay(this::nudgeReconnect, nudgeAfterSeconds,
                    Math.max(1, nudgeAfterSeconds / 2), TimeUnit.SECONDS);
        }
    }

    /** The connection is back. */
    void end() {
        lostAt = null;
        stopNudging();
        inProgressSinceNanos = 0;
        if (nudgeReported) {
            nudgeReported = false;
            LOG.info("{} reconnected to {} after asking for a new attempt", clientId, broker);
        }
    }

    /** Once Paho should have reconnected: an attempt of our own (harmless when Paho's is under way, then refused). */
    private void nudgeReconnect() {
        if (closed.getAsBoolean() || client.isConnected()) {
            stopNudging();
            return;
        }
        try {
            client.reconnect();
            inProgressSinceNanos = 0;
            reportNudge("asked for a new attempt", false);
        } catch (MqttException e) {
            if (e.getReasonCode() != MqttException.REASON_CODE_CONNECT_IN_PROGRESS) {
                reportNudge("a new attempt cannot start yet: " + PahoFailures.explain(e), false);
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
                    LOG.debug("{}: ending the stuck attempt: {}", clientId, PahoFailures.explain(stuck));
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

    void stopNudging() {
        ScheduledFuture<?> current = nudges;
        if (current != null) {
            current.cancel(false);
            nudges = null;
        }
    }
}
