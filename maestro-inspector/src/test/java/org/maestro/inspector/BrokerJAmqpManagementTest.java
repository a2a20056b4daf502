package org.maestro.inspector;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.TestOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The AMQP-management inspector against a real Qpid Broker-J in its own process: QUERY of Broker-J's own entity
 * types through the same request building, response parsing and sampling the Qpid Dispatch data sets use.
 */
@Integration
class BrokerJAmqpManagementTest {
    /** The control broker, for the test that STARTs an inspector peer as the client does. */
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();
    private static QpidBrokerJ broker;

    @TempDir
    Path dataDir;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new QpidBrokerJ().start();
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    /** Sends to {@code queue}, which the virtual host creates on first use. */
    private static void send(String queue, int messages) throws Exception {
        JmsConnectionFactory factory = new JmsConnectionFactory(QpidBrokerJ.USER, QpidBrokerJ.PASSWORD, broker.amqpUri());
        try (Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            p.setDeliveryMode(DeliveryMode.NON_PERSISTENT); // a memory virtual host refuses persistent messages
            for (int i = 0; i < messages; i++) {
                p.send(s.createTextMessage("m" + i));
            }
        }
    }

    private static String[] once(String url, String dataSets) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = InspectOnce.run("amqp-management", url, dataSets, Duration.ofSeconds(5),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new String[]{Integer.toString(code), bytes.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void inspectOnceWithTheBrokerJPresetListsItsQueuesAndExchanges() throws Exception {
        send("maestro.once", 2);
        String[] r = once(broker.managementUrl(), "qpid-broker-j");
        assertEquals("0", r[0], r[1]);
        assertTrue(r[1].contains("== queues (org.apache.qpid.Queue): ") && r[1].contains("\nmaestro.once,standard,"), r[1]);
        assertTrue(r[1].contains("== exchanges (org.apache.qpid.Exchange): 4 rows") && r[1].contains("\namq.direct,direct,"), r[1]);
        assertTrue(r[1].contains("OK: amqp-management at amqp://admin@127.0.0.1:" + broker.port() + "/$management: 2 data sets"),
                r[1]);
    }

    @Test
    void aRunSamplesQueuesAsTheyAppearAndAnUnknownEntityTypeIsOnlyItsOwnDataSetMissing() throws Exception {
        send("maestro.first", 1);
        InspectorOptions options = InspectorOptions.parse(Map.of(
                TestOptions.TEST_ID, "broker-j",
                TestOptions.INSPECTOR_TYPE, "amqp-management",
                TestOptions.MANAGEMENT_URL, broker.managementUrl(),
                TestOptions.INSPECTOR_INTERVAL, "1s",
                TestOptions.INSPECTOR_DATASETS, "queues=org.apache.qpid.Queue:name,qpid-type,durable;"
                        + "unknown=org.example.NoSuchType:name;exchanges=org.apache.qpid.Exchange:name,qpid-type")).forStart("");
        Inspector inspector = options.kind().create(options.url(), options.dataSets(), options.readTimeout());
        InspectorJob run = new InspectorJob(Peer.identity("inspector-j", Role.INSPECTOR, ""), "", options, "broker-j",
                dataDir.resolve("broker-j/inspector-j"), inspector);
        String first;
        String summary;
        try {
            first = run.start();
            send("maestro.later", 1); // a queue created while sampling shows up in a later sample
            Csv.await(run.directory().resolve("queues.csv"), row -> row.get("name").equals("maestro.later"), 15);
        } finally {
            summary = run.stop();
        }
        assertTrue(first.contains("first sample partial (unknown: QUERY of org.example.NoSuchType at amqp://admin@127.0.0.1:"
                + broker.port() + "/$management failed: java.lang.IllegalArgumentException: Unknown entity type: 'org.example.NoSuchType'"),
                first);
        List<Map<String, String>> queues = Csv.rows(run.directory().resolve("queues.csv"));
        String firstStamp = queues.get(0).get("timestamp");
        Set<String> firstSample = queues.stream().filter(q -> q.get("timestamp").equals(firstStamp)).map(q -> q.get("name"))
                .collect(Collectors.toSet());
        assertTrue(firstSample.contains("maestro.first") && !firstSample.contains("maestro.later"), firstSample.toString());
        assertTrue(queues.stream().anyMatch(q -> q.get("name").equals("maestro.first") && q.get("qpid-type").equals("standard")));
        assertEquals(Set.of("amq.direct", "amq.fanout", "amq.match", "amq.topic"), Csv.rows(run.directory().resolve("exchanges.csv"))
                .stream().map(e -> e.get("name")).collect(Collectors.toSet()));

        // The unknown type misses in every sample; the other data sets are complete in every sample.
        long samples = run.tally().samples();
        assertEquals(samples, run.tally().missing("unknown"));
        assertEquals(0, run.tally().missing("queues"));
        assertEquals(0, run.tally().missing("exchanges"));
        List<Map<String, String>> sampling = Csv.rows(run.directory().resolve("sampling.csv"));
        LoggerFactory.getLogger(BrokerJAmqpManagementTest.class).info("read times of 3 QUERYs per sample (ms): {}",
                sampling.stream().map(r -> r.get("readMillis")).toList());
        assertEquals(samples, sampling.size());
        assertTrue(sampling.stream().allMatch(s -> s.get("outcome").equals("partial") && s.get("missingDataSets").equals("unknown")),
                sampling.toString());
        assertTrue(summary.contains(samples + " samples, " + samples + " missing (unknown " + samples + ")"), summary);
        assertTrue(Csv.rows(run.directory().resolve("unknown.csv")).isEmpty());
    }

    /** START calls verify(): Broker-J's GET-ATTRIBUTES tells a misspelled attribute from one it has. */
    @Test
    void aMisspelledAttributeIsRefusedAtStartWithTheNearestNameAndNothingIsWritten() throws Exception {
        String where = "amqp://admin@127.0.0.1:" + broker.port() + "/$management";
        String refusal = "data set 'queues': org.apache.qpid.Queue at " + where + " has no attribute 'durabel' (did you mean 'durable'?)";
        try (Inspector misspelled = InspectorKind.AMQP_MANAGEMENT.create(broker.managementUrl(),
                "queues=org.apache.qpid.Queue:name,durabel", Duration.ofSeconds(5))) {
            assertEquals(refusal, assertThrows(IllegalArgumentException.class, misspelled::verify).getMessage());
        }
        String[] once = once(broker.managementUrl(), "queues=org.apache.qpid.Queue:name,durabel");
        assertEquals("2", once[0], once[1]);
        assertEquals("FAILED: amqp-management at " + where + ": " + refusal, once[1].trim());
        for (String fine : List.of("qpid-broker-j", "queues=org.apache.qpid.Queue:name,durable,lifetimePolicy,qpid-type")) {
            try (Inspector inspector = InspectorKind.AMQP_MANAGEMENT.create(broker.managementUrl(), fine, Duration.ofSeconds(5))) {
                inspector.verify();
            }
        }
    }

    /** Over the control plane: START_INSPECTOR answers INTERNAL_ERROR with the one line; no CSV is created. */
    @Test
    void startInspectorOfAMisspelledAttributeFailsWithTheOneLine() throws Exception {
        TestCluster cluster = lab.cluster().dataDir(dataDir).peerWithData("inspector-j", Role.INSPECTOR, InspectorHandler::new).start();
        assertTrue(cluster.setAll(Map.of(TestOptions.TEST_ID, "misspelled", TestOptions.INSPECTOR_TYPE, "amqp-management",
                TestOptions.MANAGEMENT_URL, broker.managementUrl(), TestOptions.INSPECTOR_INTERVAL, "1s",
                TestOptions.INSPECTOR_DATASETS, "queues=org.apache.qpid.Queue:name,durabel;exchanges=org.apache.qpid.Exchange:name"))
                .allOk());
        Payload answer = cluster.answer(cluster.peer("inspector-j"), new Payload.StartInspector(""));
        assertEquals(new Payload.InternalError("data set 'queues': org.apache.qpid.Queue at amqp://admin@127.0.0.1:" + broker.port()
                + "/$management has no attribute 'durabel' (did you mean 'durable'?)"), answer);
        assertFalse(java.nio.file.Files.exists(dataDir.resolve("misspelled")), "nothing written for a test that did not start");
        assertEquals(new Payload.Ok("no inspection running"), cluster.answer(cluster.peer("inspector-j"), new Payload.StopInspector()));
    }

    @Test
    void wrongCredentialsAndAClosedPortAreClearErrors() {
        String[] wrong = once(broker.managementUrl().replace("admin:admin@", "admin:wrong@"), "qpid-broker-j");
        assertEquals("2", wrong[0]);
        assertTrue(wrong[1].startsWith("FAILED: amqp-management at amqp://admin@127.0.0.1:" + broker.port()
                + "/$management: cannot open AMQP management at amqp://admin@127.0.0.1:" + broker.port() + "/$management: "), wrong[1]);
        assertTrue(wrong[1].toLowerCase().contains("sasl") || wrong[1].toLowerCase().contains("authenticat"), wrong[1]);
        assertFalse(wrong[1].contains("wrong"), wrong[1]);

        int closed = LoopbackPorts.free();
        String[] refused = once("amqp://127.0.0.1:" + closed, "");
        assertEquals("2", refused[0]);
        assertTrue(refused[1].contains("cannot open AMQP management at amqp://127.0.0.1:" + closed + "/$management: ")
                && refused[1].toLowerCase().contains("refused"), refused[1]);

        String[] badUrl = once("http://127.0.0.1:" + closed, "");
        assertTrue(badUrl[1].startsWith("FAILED: bad AMQP management URL 'http://127.0.0.1:" + closed + "': scheme must be amqp://"),
                badUrl[1]);
    }
}
