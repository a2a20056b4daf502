package org.maestro.common.mqtt;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A connection that drops and comes back, as a peer's does when it was frozen past its keep-alive and thawed: after
 * every reconnect it hears on its subscriptions again, what it publishes reaches the broker, and what it published
 * while away is sent once it is back.
 *
 * <p>Paho's own disconnected buffer lost that race: a publish or a subscribe made while Paho replays the buffer
 * after a reconnect sees the buffer not yet empty and queues behind it, but is added after the replay thread
 * checked the buffer for the last time and ended. It then stays in the buffer while connected, and so does every
 * later publish and subscribe (queued "behind it" to keep the order): the peer was heard once (the replayed notes),
 * then was deaf and mute until the next reconnect. The scheduler of a loaded host makes that interleaving now and
 * then; this test makes it every time, by pausing Paho's threads at the two points through Paho's own log calls
 * (java.util.logging, FINE). Paho is not otherwise touched.
 */
@Integration
class MqttTransportReconnectTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int ROUNDS = 3;
    private static final String TO_PEER = "reconnect-test/to-peer";
    private static final String FROM_PEER = "reconnect-test/from-peer";
    /** The loggers of the two sides of the race; held here, as java.util.logging keeps its loggers weakly. */
    private static final List<Logger> PAHO = List.of(
            Logger.getLogger("org.eclipse.paho.client.mqttv3.internal.ClientComms"),
            Logger.getLogger("org.eclipse.paho.client.mqttv3.internal.DisconnectedMessageBuffer"));

    @RegisterExtension
    final TestLab lab = TestLab.withMosquitto();

    private final Handler widenTheRace = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String message = String.valueOf(record.getMessage());
            try {
                if (message.contains("Restoring all buffered messages")) {
                    // The replay thread, starting: the resubscribe made meanwhile finds the buffer not empty...
                    Thread.sleep(200);
                } else if (message.contains("Offline Buffer available, but not empty")) {
                    // ...and is added to it only after the replay thread has emptied it and ended.
                    Thread.sleep(600);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void pauseOnPahosBufferLogCalls() {
        widenTheRace.setLevel(Level.FINE);
        for (Logger l : PAHO) {
            l.setLevel(Level.FINE);
            l.addHandler(widenTheRace);
        }
    }

    @AfterEach
    void restorePahosLogging() {
        for (Logger l : PAHO) {
            l.removeHandler(widenTheRace);
            l.setLevel(null);
        }
    }

    @Test
    void afterEachReconnectItHearsIsHeardAndSendsWhatItPublishedWhileAway() throws Exception {
        try (MqttTransport peer = new MqttTransport(lab.controlUrl(), "flaky-peer", 2, null);
             MqttTransport observer = new MqttTransport(lab.controlUrl(), "observer", 10, null)) {
            peer.connect(TIMEOUT);
            observer.connect(TIMEOUT);
            BlockingQueue<String> peerHeard = new LinkedBlockingQueue<>();
            BlockingQueue<String> observerHeard = new LinkedBlockingQueue<>();
            peer.subscribe(TO_PEER, Qos.AT_LEAST_ONCE, (t, bytes) -> peerHeard.add(text(bytes)));
            observer.subscribe(FROM_PEER, Qos.AT_LEAST_ONCE, (t, bytes) -> observerHeard.add(text(bytes)));
            for (int round = 1; round <= ROUNDS; round++) {
                SameClientId.takeOver(lab.controlUrl(), "flaky-peer");
                awaitLost(peer, round);
                String away = "published while away, round " + round;
                peer.publish(FROM_PEER, away.getBytes(StandardCharsets.UTF_8), Qos.AT_LEAST_ONCE);
                awaitReconnected(peer, round);
                assertEquals(away, observerHeard.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS),
                        "round " + round + ": what the peer published while away is sent once it is back");
                String mark = "round " + round;
                // Until heard: the subscription is on its way when the connection is back.
                assertTrue(sendUntilHeard(observer, TO_PEER, mark, peerHeard), "round " + round
                        + ": the peer is connected again but hears nothing on its subscription");
                assertTrue(sendUntilHeard(peer, FROM_PEER, mark, observerHeard), "round " + round
                        + ": the peer is connected again but nothing it publishes reaches the broker");
            }
        }
    }

    private static void awaitLost(MqttTransport peer, int round) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (peer.lostAt() == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(peer.lostAt() != null, "round " + round + ": the peer did not notice the broker closed its connection");
    }

    private static void awaitReconnected(MqttTransport peer, int round) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while ((!peer.isConnected() || peer.lostAt() != null) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(peer.isConnected() && peer.lostAt() == null, "round " + round + ": the peer did not reconnect within "
                + TIMEOUT.toSeconds() + " s");
    }

    private static boolean sendUntilHeard(MqttTransport from, String topic, String mark, BlockingQueue<String> heard)
            throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            from.publish(topic, mark.getBytes(StandardCharsets.UTF_8), Qos.AT_LEAST_ONCE);
            for (String got = heard.poll(500, TimeUnit.MILLISECONDS); got != null; got = heard.poll()) {
                if (got.equals(mark)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
