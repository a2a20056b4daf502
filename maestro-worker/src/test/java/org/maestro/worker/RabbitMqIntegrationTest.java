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
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.TestOptions;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.RabbitMqBroker;
import org.maestro.common.testing.TestLab;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AMQP driver (Qpid JMS) against a third broker, independent of Artemis and Qpid Broker-J: Debian's RabbitMQ
 * with its AMQP 1.0 plugin, one node for the class. Its address forms (maestro-worker/README.md): a bare name or
 * {@code /queue/NAME} is a queue, declared on first use; {@code /topic/KEY} goes through the amq.topic exchange.
 */
@Integration
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RabbitMqIntegrationTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();
    private static RabbitMqBroker rabbit;
    private WorkerCluster cluster;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startRabbitMq() throws Exception {
        rabbit = RabbitMqBroker.launch();
    }

    @AfterAll
    static void stopRabbitMq() {
        if (rabbit != null) {
            rabbit.close();
        }
    }

    @BeforeEach
    void startPeers() throws Exception {
        cluster = new WorkerCluster(lab, dataDir);
    }

    /**
     * With {@code jms.receiveLocalOnly=true}: otherwise each receive that times out makes qpid-jms drain the link's
     * credit, and RabbitMQ 3.10.8 (Debian 12's) closes the link on a drain from a classic queue with a function_clause
     * in rabbit_classic_queue:handle_event (rabbitmq-server issue 7119, fixed in later 3.10/3.11 releases).
     */
    private static Map<String, String> options(String testId, String destination, String urlOptions) {
        Map<String, String> o = new HashMap<>();
        o.put(TestOptions.TEST_ID, testId);
        o.put(TestOptions.SEND_URL, rabbit.amqpUrl(destination + "?jms.receiveLocalOnly=true" + urlOptions));
        o.put(TestOptions.DRAIN_QUIET, "1s");
        return o;
    }

    @Test
    @Order(1)
    void fixedRateToAQueueSendsExactlyTheScheduleAndLosesNothing() throws Exception {
        Note[] end = cluster.run(FixedRateRun.options(options("rabbit-fixed", "/queue/maestro.rabbit.fixed", "")));
        FixedRateRun.assertExact(dataDir.resolve("rabbit-fixed"), end);
    }

    /**
     * The MQTT driver through RabbitMQ's rabbitmq_mqtt plugin: MQTT 3.1.1 only in 3.x, and no shared subscriptions, so
     * one receiving connection on the topic; QoS 1, every message once and in order.
     */
    @Test
    @Order(1)
    void mqtt311AtQos1ThroughTheMqttPluginIsExact() throws Exception {
        Map<String, String> o = FixedRateRun.options(new HashMap<>(Map.of(TestOptions.TEST_ID, "rabbit-mqtt",
                TestOptions.SEND_URL, rabbit.mqttUrl("maestro/rabbit?version=3.1.1&qos=1&type=topic"), TestOptions.DRAIN_QUIET, "1s")));
        o.put(TestOptions.CONNECTIONS, "1");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        assertEquals(1500, RunOutput.rateLogRecords(dataDir.resolve("rabbit-mqtt/receiver-1"), "receiver-"));
        String sent = ((Payload.NotifySuccess) end[0].payload()).detail();
        assertTrue(sent.contains("sent 1500 message(s), settled: 1500 acknowledged"), sent);
        String received = ((Payload.NotifySuccess) end[1].payload()).detail();
        assertTrue(received.contains("received 1500 message(s)") && received.contains("lost 0, duplicated 0, out of order 0"),
                received);
    }

    @Test
    @Order(2)
    void flatOutToATopicAddressGivesEachSubscriberEveryMessage() throws Exception {
        // RabbitMQ 3.x takes a bare name for a queue whatever the JMS destination type: a topic is /topic/KEY.
        Map<String, String> o = options("rabbit-topic", "/topic/maestro.rabbit.topic", "&type=topic");
        o.put(TestOptions.RATE, "0");
        o.put(TestOptions.DURATION, "4000msg");
        o.put(TestOptions.CONNECTIONS, "2");
        o.put(TestOptions.MESSAGE_SIZE, "100");
        Note[] end = cluster.run(o);
        WorkerIntegrationTest.assertSuccess(end);
        assertEquals(4000, RunOutput.rateLogRecords(dataDir.resolve("rabbit-topic/sender-1"), "sender-"));
        // Each of the receiver's two subscriptions (a queue of its own bound to amq.topic) gets every message.
        assertEquals(8000, RunOutput.rateLogRecords(dataDir.resolve("rabbit-topic/receiver-1"), "receiver-"));
        assertTrue(((Payload.NotifySuccess) end[1].payload()).detail().contains("lost 0, duplicated 0"), end[1].toString());
    }

    /** Runs last: it kills the class's node. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aKilledBrokerEndsTheTestWithNotifyFailAndTheReason() throws Exception {
        Map<String, String> o = options("rabbit-killed", "maestro.rabbit.killed", "");
        o.put(TestOptions.RATE, "500");
        o.put(TestOptions.DURATION, "12s");
        assertTrue(cluster.set(o).allOk());
        assertTrue(cluster.request(cluster.receiver, new Payload.StartReceiver()).allOk());
        assertTrue(cluster.request(cluster.sender, new Payload.StartSender()).allOk());
        cluster.awaitReceived(500);
        WorkerCluster.Failures ends = cluster.killAndAwaitFailures(rabbit::kill);
        Payload.NotifyFail s = ends.sender();
        Payload.NotifyFail r = ends.receiver();
        long seconds = ends.seconds();
        String where = "connection to amqp://" + RabbitMqBroker.USER + "@127.0.0.1:" + rabbit.amqpPort() + "/maestro.rabbit.killed lost";
        assertTrue(s.reason().contains(where) || s.reason().contains("refused"), s.reason());
        assertTrue(r.reason().contains(where), r.reason());
        assertTrue(r.reason().contains("received "), "the counts so far are reported: " + r.reason());
        assertTrue(seconds < 30, "ended " + seconds + " s after the kill");
    }
}
