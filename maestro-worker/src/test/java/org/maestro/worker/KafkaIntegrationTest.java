package org.maestro.worker;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
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
import org.maestro.common.note.LatencyMode;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.worker.driver.kafka.KafkaBroker;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Kafka driver against a real single-node KRaft Kafka (the server jars of kafka-clients' version, in a JVM of
 * its own), one broker for the class: exact counts at a fixed rate and flat out, topics created with the URL's
 * partitions, messages an earlier test left on the topic not received, a bad option refused at SET, an unreachable
 * broker and a killed one ending the test with the reason.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KafkaIntegrationTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();
    private static KafkaBroker kafka;
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startKafka() throws Exception {
        kafka = KafkaBroker.launch();
    }

    @AfterAll
    static void stopKafka() {
        if (kafka != null) {
            kafka.close();
        }
    }

    @BeforeEach
    void startPeers() throws Exception {
        cluster = new WorkerCluster(lab, dataDir);
    }

    private static Map<String, String> options(String testId, String url) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, url);
        o.put(TestOptions.DRAIN_QUIET, "1s");
        return o;
    }

    /** The number of partitions of a topic, asked of the broker with Kafka's own admin client. */
    private static int partitions(String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()))) {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(20, TimeUnit.SECONDS).get(topic).partitions().size();
        }
    }

    @Test
    @Order(1)
    void fixedRateSendsExactlyTheScheduleAndLosesNothing() throws Exception {
        // Two sending connections (two streams, two keys) and two receiving ones sharing the group's 3 partitions.
        Note[] end = cluster.run(FixedRateRun.options(options("kafka-fixed", kafka.url("maestro.kafka.fixed?partitions=3"))));
        FixedRateRun.assertExact(dataDir.resolve("kafka-fixed"), end);
        assertEquals(3, partitions("maestro.kafka.fixed"), "the worker created the topic with the URL's partitions");
    }

    @Test
    @Order(2)
    void flatOutWithProducerOptionsGivesEachTopicSubscriberEveryMessage() throws Exception {
        Map<String, String> o = options("kafka-topic", kafka.url(
                "maestro.kafka.topic?type=topic&acks=1&linger.ms=5&batch.size=32768&compression.type=lz4&group.id=bench"));
        o.put(TestOptions.RATE, "0");
        o.put(TestOptions.DURATION, "4000msg");
        o.put(TestOptions.CONNECTIONS, "2");
        o.put(TestOptions.MESSAGE_SIZE, "100");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        assertEquals(4000, RunOutput.rateLogRecords(dataDir.resolve("kafka-topic/sender-1"), "sender-"));
        // type=topic: each of the receiver's two connections is a group of its own and gets every message.
        assertEquals(8000, RunOutput.rateLogRecords(dataDir.resolve("kafka-topic/receiver-1"), "receiver-"));
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.contains("lost 0, duplicated 0, out of order 0"), received);
        assertEquals(1, partitions("maestro.kafka.topic"), "one partition unless the URL says otherwise");
    }

    @Test
    @Order(3)
    void messagesLeftOnTheTopicBeforeTheTestAreNotReceived() throws Exception {
        String topic = "maestro.kafka.leftovers";
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()));
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                     kafka.bootstrap(), ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                     ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(20, TimeUnit.SECONDS);
            for (int i = 0; i < 50; i++) {
                producer.send(new ProducerRecord<>(topic, ("k" + i).getBytes(StandardCharsets.UTF_8), new byte[64]));
            }
            producer.flush();
        }
        // acks=0 as well (fire-and-forget): the sender's figures say so, and nothing is counted acknowledged.
        Map<String, String> o = options("kafka-leftovers", kafka.url(topic + "?group.id=fresh&acks=0"));
        o.put(TestOptions.RATE, "0");
        o.put(TestOptions.DURATION, "1000msg");
        o.put(TestOptions.MESSAGE_SIZE, "100");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.startsWith("received 1000 message(s) from 1 stream(s); lost 0, duplicated 0, out of order 0;"), received);
        assertFalse(received.contains("not from a Maestro sender"), "the 50 messages already there are not this test's: " + received);
        assertEquals(new DeliveryJson(DeliveryMode.PRESETTLED, null, null, null, 0),
                DeliveryJson.read(dataDir.resolve("kafka-leftovers/sender-1")).orElseThrow(), "acks=0: nothing acknowledged");
        String sent = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sent.contains("presettled: sent, not acknowledged"), sent);
    }

    @Test
    @Order(4)
    void aBadOptionIsRefusedAtSetNamingIt() throws Exception {
        Replies unknown = cluster.set(options("kafka-bad", kafka.url("t?acks=all&lingr.ms=5")));
        Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, unknown.of(cluster.sender.info()).payload());
        assertTrue(e.reason().contains("unknown option 'lingr.ms'") && e.reason().contains("linger.ms"), e.reason());
        Replies badValue = cluster.set(options("kafka-bad", kafka.url("t?compression.type=brotli")));
        assertTrue(((Payload.InternalError) badValue.of(cluster.receiver.info()).payload()).reason()
                .contains("compression.type must be one of none, gzip, snappy, lz4, zstd, not 'brotli'"), badValue.toString());
    }

    @Test
    @Order(5)
    void anUnreachableBrokerIsAClearErrorAtStart() throws Exception {
        int closed = LoopbackPorts.free();
        assertTrue(cluster.set(options("kafka-unreachable", "kafka://127.0.0.1:" + closed + "/t")).allOk());
        long started = System.nanoTime();
        Replies r = cluster.request(cluster.sender, new Payload.StartSender());
        Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, r.of(cluster.sender.info()).payload());
        assertTrue(e.reason().startsWith("cannot connect to kafka://127.0.0.1:" + closed + "/t"), e.reason());
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) < 20, "bounded by the driver's timeout");
    }

    @Test
    @Order(6)
    void roundTripsComeBackOnEachSenderConnectionsOwnTopic() throws Exception {
        Map<String, String> o = FixedRateRun.options(options("kafka-round-trip", kafka.url("maestro.kafka.rt?partitions=2")));
        o.put(TestOptions.LATENCY, LatencyMode.ROUND_TRIP);
        o.put(TestOptions.LATENCY_SAMPLE, "5");
        // One connection: each opens a reply consumer too, and a Kafka consumer's subscription took seconds on a busy host.
        o.put(TestOptions.CONNECTIONS, "1");
        Note[] end = cluster.run(o);
        // The load is exact as without round trips: the replies travel on topics of their own.
        FixedRateRun.assertExact(dataDir.resolve("kafka-round-trip"), end);
        // 1 in 5 by sequence number: 300 of the 1500 messages, 100 of them in the first second's warm-up.
        RunOutput.HdrCounts roundTrips = RunOutput.hdrCounts(dataDir.resolve("kafka-round-trip/sender-1/" + PeerFiles.LATENCY_ROUND_TRIP_HLOG));
        assertEquals(300, roundTrips.total());
        assertEquals(100, roundTrips.warmup());
        String sent = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sent.contains(LatencyMode.ROUND_TRIP_CLOCK + " (round-trip, 1 in 5 messages; 300 replies of 300 due)"), sent);
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.endsWith("sent 300 back for round trips (round-trip, 1 in 5 messages)"), received);
        assertEquals(2, partitions("maestro.kafka.rt.reply." + Long.toHexString(
                Long.parseUnsignedLong(cluster.sender.info().id(), 16) & ~0xffffL)), "a reply topic as the URL makes topics");
    }

    /** Runs last: it kills the class's broker. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aKilledBrokerEndsTheTestWithNotifyFailAndTheReason() throws Exception {
        String url = kafka.url("maestro.kafka.killed");
        Map<String, String> o = options("kafka-killed", url);
        o.put(TestOptions.RATE, "500");
        o.put(TestOptions.DURATION, "60s");
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender()).allOk());
        cluster.awaitReceived(500);
        WorkerCluster.Failures ends = cluster.killAndAwaitFailures(kafka::kill);
        assertTrue(ends.sender().reason().contains(url + " did not acknowledge a message"), ends.sender().reason());
        assertTrue(ends.receiver().reason().contains("connection to " + url + " lost"), ends.receiver().reason());
        assertTrue(ends.receiver().reason().contains("received "), "the counts so far are reported: " + ends.receiver().reason());
        assertTrue(ends.seconds() < 30, "ended " + ends.seconds() + " s after the kill");
    }
}
