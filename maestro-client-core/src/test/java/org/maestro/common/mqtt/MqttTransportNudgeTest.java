package org.maestro.common.mqtt;

import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
class MqttTransportNudgeTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @RegisterExtension
    final TestLab lab = TestLab.withMosquitto();

    @Test
    void reconnectsWhenPahosOwnCycleHasEnded() throws Exception {
        try (MqttTransport peer = new MqttTransport(lab.controlUrl(), "stranded-peer", 2, null)) {
            peer.connect(TIMEOUT);
            SameClientId.takeOver(lab.controlUrl(), "stranded-peer");
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (peer.lostAt() == null && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertNotNull(peer.lostAt(), "the broker closed the connection, the transport did not notice");
            endPahosReconnectCycle(peer);
            Thread.sleep(4_000); // twice Paho's longest delay: its cycle would have brought it back by now
            assertFalse(peer.isConnected(), "Paho's cycle was not ended: this test proves nothing");
            deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!(peer.isConnected() && peer.lostAt() == null) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(peer.isConnected() && peer.lostAt() == null,
                    "with Paho's own reconnect cycle ended, the transport never reconnected");
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
