package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paho's reconnect cycle can end for good: when an attempt it scheduled cannot start, its attemptReconnect swallows
 * the error and schedules nothing. A peer would then stay away from the cluster for the rest of the run. The
 * transport asks for an attempt itself once an outage lasts; this test ends Paho's cycle (its private
 * stopReconnectCycle, through reflection: the only way to make that state on demand) and expects the connection back.
 */
@Integration
class MqttTransportNudgeTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Nudged sooner than the transport's 10 s, for a quick test. */
    private static final int NUDGE_AFTER_SECONDS = 2;

    @RegisterExtension
    final TestLab lab = TestLab.withMosquitto();

    @Test
    void reconnectsWhenPahosOwnCycleHasEnded() throws Exception {
        try (MqttTransport peer = new MqttTransport(lab.controlUrl(), "stranded-peer", 2, null, NUDGE_AFTER_SECONDS)) {
            peer.connect(TIMEOUT);
            SameClientId.takeOver(lab.controlUrl(), "stranded-peer");
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (peer.lostAt() == null && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertNotNull(peer.lostAt(), "the broker closed the connection, the transport did not notice");
            endPahosReconnectCycle(peer);
            Thread.sleep(1_500); // past Paho's first attempt (1 s): its cycle would have brought it back by now
            assertFalse(peer.isConnected(), "Paho's cycle was not ended: this test proves nothing");
            deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!(peer.isConnected() && peer.lostAt() == null) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(peer.isConnected() && peer.lostAt() == null,
                    "with Paho's own reconnect cycle ended, the transport never reconnected");
        }
    }

    /**
     * The broker's port taken, while it is down, by a listener that accepts connections and never answers: Paho's
     * attempt sends its CONNECT and waits for ever (it has no CONNACK timeout). The transport abandons an attempt in
     * progress for longer than its connection timeout and starts another: a second connection reaches the listener,
     * and once the broker is back the transport is too.
     */
    @Test
    void abandonsAnAttemptTheBrokerNeverAnswers() throws Exception {
        int port = lab.controlUrl().port();
        try (MqttTransport peer = new MqttTransport(lab.controlUrl(), "unanswered-peer", 2, null, NUDGE_AFTER_SECONDS)) {
            peer.connect(Duration.ofSeconds(2));
            lab.control().stop();
            java.util.List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();
            try (java.net.ServerSocket silent = new java.net.ServerSocket()) {
                silent.setReuseAddress(true);
                silent.bind(new java.net.InetSocketAddress("127.0.0.1", port));
                Thread acceptor = new Thread(() -> {
                    try {
                        while (!silent.isClosed()) {
                            held.add(silent.accept());
                        }
                    } catch (java.io.IOException closed) {
                        // the test closed it
                    }
                }, "silent-broker");
                acceptor.setDaemon(true);
                acceptor.start();
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (held.size() < 2 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertTrue(held.size() >= 2, "an attempt the broker never answered was not abandoned for a new one: "
                        + held.size() + " connection(s) in 20 s");
                assertFalse(peer.isConnected());
            } finally {
                for (java.net.Socket s : held) {
                    s.close();
                }
            }
            lab.control().start();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!(peer.isConnected() && peer.lostAt() == null) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(peer.isConnected() && peer.lostAt() == null, "the broker is back, the transport is not");
        }
    }

    /** Once Paho has started it (after our connectionLost returns): its timer is set. */
    private static void endPahosReconnectCycle(MqttTransport transport) throws Exception {
        Field field = MqttTransport.class.getDeclaredField("client");
        field.setAccessible(true);
        MqttAsyncClient client = (MqttAsyncClient) field.get(transport);
        Field timer = MqttAsyncClient.class.getDeclaredField("reconnectTimer");
        timer.setAccessible(true);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (timer.get(client) == null && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertNotNull(timer.get(client), "Paho did not start its reconnect cycle");
        Method stop = MqttAsyncClient.class.getDeclaredMethod("stopReconnectCycle");
        stop.setAccessible(true);
        stop.invoke(client);
    }
}
