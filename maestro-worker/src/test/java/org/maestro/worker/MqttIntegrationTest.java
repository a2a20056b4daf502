package org.maestro.worker;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.TestCertificates;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MQTT driver (Paho) against real brokers: a Mosquitto of its own (Debian's, not the control plane's) and the
 * MQTT acceptor of the test Artemis. QoS 1 at a fixed rate is exact on both; QoS 0 into a Mosquitto that queues at most
 * 10 messages for a slow receiver loses some, counted, never an error; QoS 2 over 3.1.1 duplicates nothing; mqtts://
 * with a user and password and the URL's trust store connects, and without the trust store is refused at START.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MqttIntegrationTest {
    private static final Pattern RECEIVED = Pattern.compile("received (\\d+) message\\(s\\) from \\d+ stream\\(s\\); lost (\\d+), duplicated (\\d+)");
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();
    private static MosquittoBroker mosquitto;
    private static MosquittoBroker smallQueue;
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startMosquitto() {
        // No bound on what it queues for a subscriber (Mosquitto's default, 1000, drops the rest): nothing lost.
        mosquitto = MosquittoBroker.launch("max_queued_messages 0\n");
        // At most 10 messages queued for a client beyond those in flight: past it Mosquitto drops messages.
        smallQueue = MosquittoBroker.launch("max_queued_messages 10\n");
    }

    @AfterAll
    static void stopMosquitto() {
        for (MosquittoBroker broker : new MosquittoBroker[]{mosquitto, smallQueue}) {
            if (broker != null) {
                broker.close();
            }
        }
    }

    @BeforeEach
    void startPeers() throws Exception {
        cluster = new WorkerCluster(lab, dataDir);
    }

    private static String mosquittoUrl(String topicAndOptions) {
        return url(mosquitto, topicAndOptions);
    }

    private static String url(MosquittoBroker broker, String topicAndOptions) {
        return "mqtt://127.0.0.1:" + broker.port() + "/" + topicAndOptions;
    }

    private static Map<String, String> options(String testId, String url) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, url);
        o.put(TestOptions.DRAIN_QUIET, "1s");
        return o;
    }

    /** {received, lost, duplicated} of a receiver's end line. */
    private static long[] receivedLostDuplicated(Note end) {
        String detail = ((Payload.NotifySuccess) end.payload()).detail();
        Matcher m = RECEIVED.matcher(detail);
        assertTrue(m.find(), detail);
        return new long[]{Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    @Test
    @Order(1)
    void qos1AtAFixedRateIsExactOnMosquitto() throws Exception {
        // Two sending connections and two receiving ones splitting the stream on a shared subscription (MQTT 5).
        Note[] end = cluster.run(FixedRateRun.options(options("mqtt-mosquitto", mosquittoUrl("maestro/fixed?qos=1"))));
        FixedRateRun.assertExact(dataDir.resolve("mqtt-mosquitto"), end);
    }

    @Test
    @Order(2)
    void qos1Over311AtAFixedRateIsExactOnArtemis() throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("mqtt-artemis-311", lab.sut().mqttUrl("maestro/fixed311?version=3.1.1"))));
        FixedRateRun.assertExact(dataDir.resolve("mqtt-artemis-311"), end);
    }

    /**
     * MQTT 5 on the test Artemis (2.44): every message sent, acknowledged and received once, none lost; but its MQTT 5
     * acceptor hands a few QoS 1 messages to the subscriber out of order (tens in 1500 here, never over 3.1.1 nor on
     * Mosquitto with the same client), which the receiver counts and this test therefore does not hold at 0.
     */
    @Test
    @Order(2)
    void qos1OverMqtt5AtAFixedRateLosesAndDuplicatesNothingOnArtemis() throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("mqtt-artemis", lab.sut().mqttUrl("maestro/fixed?qos=1"))));
        WorkerIntegrationTest.assertSuccess(end);
        Path sender = dataDir.resolve("mqtt-artemis/sender-1");
        Path receiver = dataDir.resolve("mqtt-artemis/receiver-1");
        assertEquals(1500, RunOutput.rateLogRecords(sender, "sender-"));
        assertEquals(1500, RunOutput.rateLogRecords(receiver, "receiver-"));
        assertEquals(1500, RunOutput.hdrCounts(receiver.resolve("latency-response.hlog")).total());
        assertEquals(new DeliveryJson(DeliveryMode.SETTLED, 1500L, 0L, 0L, 0), DeliveryJson.read(sender).orElseThrow());
        long[] counts = receivedLostDuplicated(end[1]);
        assertEquals(1500, counts[0], end[1].toString());
        assertEquals(0, counts[1], end[1].toString());
        assertEquals(0, counts[2], end[1].toString());
    }

    @Test
    @Order(3)
    void qos0LossIsCountedNeverAnError() throws Exception {
        // 4000 msg/s of 8 KiB to one subscriber that takes 500 msg/s: past the socket buffers and Mosquitto's queue of 10,
        // the broker drops what it cannot queue.
        Map<String, String> o = options("mqtt-qos0", url(smallQueue, "maestro/qos0?qos=0&type=topic&receiveThrottle=500"));
        o.put(TestOptions.RATE, "4000");
        o.put(TestOptions.DURATION, "2s");
        o.put(TestOptions.CONNECTIONS, "1");
        o.put(TestOptions.MESSAGE_SIZE, "8192");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        long sent = RunOutput.rateLogRecords(dataDir.resolve("mqtt-qos0/sender-1"), "sender-");
        long[] counts = receivedLostDuplicated(end[1]);
        assertTrue(counts[1] > 0 && counts[0] < sent, "Mosquitto dropped some of the " + sent + ": " + end[1]);
        assertTrue(counts[0] + counts[1] <= sent, "each message received or lost once at most: " + end[1]);
        assertEquals(DeliveryMode.PRESETTLED, DeliveryJson.read(dataDir.resolve("mqtt-qos0/sender-1")).orElseThrow().mode(),
                "QoS 0: the broker acknowledges nothing");
        String sentLine = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sentLine.contains("presettled: sent, not acknowledged"), sentLine);
    }

    @Test
    @Order(4)
    void qos2Over311DuplicatesNothing() throws Exception {
        Map<String, String> o = options("mqtt-qos2", mosquittoUrl("maestro/qos2?qos=2&version=3.1.1&type=topic"));
        o.put(TestOptions.RATE, "1000");
        o.put(TestOptions.DURATION, "2s");
        o.put(TestOptions.CONNECTIONS, "2");
        // 3.1.1 has no receive maximum to tell the client Mosquitto's in-flight limit (max_inflight_messages, 20): past it
        // Mosquitto drops a 3.1.1 client that sends more QoS 2 messages, so the window is set to it.
        o.put(TestOptions.MAX_IN_FLIGHT, "20");
        o.put(TestOptions.MESSAGE_SIZE, "100");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        // 2000 messages over two streams; type=topic: each of the receiver's two connections gets every one of them.
        assertEquals(4000, receivedLostDuplicated(end[1])[0], end[1].toString());
        assertEquals(0, receivedLostDuplicated(end[1])[1], end[1].toString());
        assertEquals(0, receivedLostDuplicated(end[1])[2], "QoS 2: exactly once");
    }

    /** mqtts:// with a user and password to a Mosquitto that wants both, trusting its CA by the URL's trust store. */
    @Test
    @Order(5)
    void tlsWithCredentialsAndATrustStore() throws Exception {
        try (TestCertificates certificates = TestCertificates.create();
             MosquittoBroker secured = MosquittoBroker.launchSecured("qe", "s3cret", certificates)) {
            String url = "mqtts://qe:s3cret@127.0.0.1:" + secured.port() + "/maestro/tls?transport.trustStoreLocation="
                    + certificates.trustStore() + "&transport.trustStorePassword=" + certificates.trustStorePassword();
            Map<String, String> o = options("mqtt-tls", url);
            o.put(TestOptions.RATE, "200");
            o.put(TestOptions.DURATION, "1s");
            o.put(TestOptions.CONNECTIONS, "1");
            Note[] end = cluster.run(o);
            WorkerIntegrationTest.assertSuccess(end);
            long[] counts = receivedLostDuplicated(end[1]);
            assertEquals(200, counts[0], end[1].toString());
            assertEquals(0, counts[1], end[1].toString());
            Replies untrusted = cluster.set(options("mqtt-untrusted", "mqtts://qe:s3cret@127.0.0.1:" + secured.port() + "/t"));
            assertTrue(untrusted.allOk(), untrusted.toString());
            Replies r = cluster.request(cluster.sender, new Payload.StartSender());
            Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, r.of(cluster.sender.info()).payload());
            assertTrue(e.reason().startsWith("cannot connect to mqtts://qe@127.0.0.1:" + secured.port() + "/t"), e.reason());
            assertFalse(e.reason().contains("s3cret"), e.reason());
        }
    }

    @Test
    @Order(6)
    void aBadOptionIsRefusedAtSetAndAnUnreachableBrokerAtStart() throws Exception {
        Replies bad = cluster.set(options("mqtt-bad", mosquittoUrl("t?qos=3")));
        Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, bad.of(cluster.sender.info()).payload());
        assertTrue(e.reason().contains("qos must be 0, 1 or 2, not '3'"), e.reason());
        int closed = LoopbackPorts.free();
        assertTrue(cluster.set(options("mqtt-unreachable", "mqtt://127.0.0.1:" + closed + "/t")).allOk());
        long started = System.nanoTime();
        Replies r = cluster.request(cluster.sender, new Payload.StartSender());
        Payload.InternalError unreachable = assertInstanceOf(Payload.InternalError.class, r.of(cluster.sender.info()).payload());
        assertTrue(unreachable.reason().startsWith("cannot connect to mqtt://127.0.0.1:" + closed + "/t"), unreachable.reason());
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) < 20, "bounded by the driver's timeout");
    }

    /** Runs last: it kills the class's Mosquitto. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aKilledBrokerEndsTheTestWithNotifyFailAndTheReason() throws Exception {
        String url = mosquittoUrl("maestro/killed");
        Map<String, String> o = options("mqtt-killed", url);
        o.put(TestOptions.RATE, "500");
        o.put(TestOptions.DURATION, "60s");
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender()).allOk());
        cluster.awaitReceived(500);
        WorkerCluster.Failures ends = cluster.killAndAwaitFailures(mosquitto::stop);
        String lost = "connection to mqtt://127.0.0.1:" + mosquitto.port() + "/maestro/killed lost";
        assertTrue(ends.sender().reason().contains(lost) || ends.sender().reason().contains("did not acknowledge a message"),
                ends.sender().reason());
        assertTrue(ends.receiver().reason().contains(lost), ends.receiver().reason());
        assertTrue(ends.seconds() < 30, "ended " + ends.seconds() + " s after the kill");
    }
}
