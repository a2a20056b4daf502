package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.maestro.inspector.InspectorException;
import org.maestro.inspector.Sample;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Jolokia bulk request and the parsing of its answers, on answers shaped as Jolokia 1.x and 2.x write them. */
class JolokiaInspectorTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final JolokiaEndpoint endpoint = JolokiaEndpoint.parse("http://admin:admin@127.0.0.1:8161/console/jolokia");
    private final JolokiaInspector inspector = new JolokiaInspector(endpoint, Duration.ofSeconds(1));

    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    private static String answers(String queuesValue) {
        return json("""
                [ {'status':200,'value':{'HeapMemoryUsage':{'init':1,'committed':2,'max':3,'used':4},
                                         'NonHeapMemoryUsage':{'init':5,'committed':6,'max':-1,'used':7}}},
                  {'status':200,'value':{'java.lang:type=MemoryPool,name=G1 Eden Space':{'Usage':{'init':8,'committed':9,'max':-1,'used':10},'Type':'HEAP'},
                                         'java.lang:name=Metaspace,type=MemoryPool':{'Usage':{'init':0,'committed':11,'max':-1,'used':12},'Type':'NON_HEAP'}}},
                  {'status':200,'value':{'SystemLoadAverage':1.5,'AvailableProcessors':2,'FreePhysicalMemorySize':100,
                                         'TotalPhysicalMemorySize':200,'FreeSwapSpaceSize':0,'TotalSwapSpaceSize':0,
                                         'OpenFileDescriptorCount':160,'MaxFileDescriptorCount':20000,'ProcessCpuLoad':0.25,'CpuLoad':0.5}},
                  {'status':200,'value':%s},
                  {'status':404,'error_type':'javax.management.InstanceNotFoundException','error':'no MBean matches'} ]
                """.formatted(queuesValue));
    }

    /** The broker's Version names the SUT; a JVM with no Artemis broker (no MBean: 404) or a blank version names none. */
    @Test
    void theBrokersVersionIsReadFromItsMBeanAndNoBrokerNamesNothing() throws Exception {
        JsonNode answer = JSON.readTree("{\"status\":200,\"value\":{\"org.apache.activemq.artemis:broker=\\\"0.0.0.0\\\"\":"
                + "{\"Version\":\"2.44.0\"}}}");
        assertEquals(Optional.of(JolokiaInspector.ARTEMIS + " 2.44.0"), JolokiaInspector.artemisVersion(answer));
        assertTrue(JolokiaInspector.artemisVersion(JSON.readTree("{\"status\":404,\"error\":\"no MBean\"}")).isEmpty());
        assertTrue(JolokiaInspector.artemisVersion(JSON.readTree("{\"status\":200,\"value\":{\"b\":{\"Version\":\" \"}}}")).isEmpty());
    }

    @Test
    void aSampleIsOneBulkRequestOfEveryPattern() {
        JsonNode bulk = inspector.bulkRequest();
        assertEquals(5, bulk.size());
        assertEquals("java.lang:type=MemoryPool,name=*", bulk.get(1).path("mbean").asText());
        assertEquals("[\"Usage\",\"Type\"]", bulk.get(1).path("attribute").toString());
        assertTrue(bulk.get(2).path("config").path("ignoreErrors").asBoolean(), "the OS read survives renamed attributes");
        assertEquals("org.apache.activemq.artemis:broker=*,component=addresses,address=*,subcomponent=queues,routing-type=*,queue=*",
                bulk.get(3).path("mbean").asText());
    }

    @Test
    void rowsComeFromTheKeysOfMBeanNamesWhateverTheirOrder() throws Exception {
        // Jolokia 1.x writes names sorted by key; 2.x keeps the broker's registration order: both give the same rows.
        String sorted = json("""
                {'org.apache.activemq.artemis:address=\\"orders\\",broker=\\"b1\\",component=addresses,\
                queue=\\"orders\\",routing-type=\\"anycast\\",subcomponent=queues':
                   {'MessageCount':3,'MessagesAdded':10,'MessagesAcknowledged':7,'MessagesExpired':0,'ConsumerCount':1},
                 'org.apache.activemq.artemis:address=\\"DLQ\\",broker=\\"b1\\",component=addresses,\
                queue=\\"DLQ\\",routing-type=\\"anycast\\",subcomponent=queues':
                   {'MessageCount':0,'MessagesAdded':0,'MessagesAcknowledged':0,'MessagesExpired':0,'ConsumerCount':0}}""");
        String registered = json("""
                {'org.apache.activemq.artemis:broker=\\"b1\\",component=addresses,address=\\"orders\\",\
                subcomponent=queues,routing-type=\\"anycast\\",queue=\\"orders\\"':
                   {'MessageCount':3,'MessagesAdded':10,'MessagesAcknowledged':7,'MessagesExpired':0,'ConsumerCount':1},
                 'org.apache.activemq.artemis:broker=\\"b1\\",component=addresses,address=\\"DLQ\\",\
                subcomponent=queues,routing-type=\\"anycast\\",queue=\\"DLQ\\"':
                   {'MessageCount':0,'MessagesAdded':0,'MessagesAcknowledged':0,'MessagesExpired':0,'ConsumerCount':0}}""");
        Sample a = inspector.toSample(JSON.readTree(answers(sorted)));
        Sample b = inspector.toSample(JSON.readTree(answers(registered)));
        List<List<String>> expected = List.of(List.of("DLQ", "DLQ", "anycast", "0", "0", "0", "0", "0"),
                List.of("orders", "orders", "anycast", "3", "10", "7", "0", "1"));
        assertEquals(expected, a.rowsOf("queues"));
        assertEquals(expected, b.rowsOf("queues"));
        assertTrue(a.complete());
        assertEquals(List.of(), a.rowsOf("addresses"), "a pattern nothing matches yet (404) gives no rows, not a failure");
        assertEquals(List.of(List.of("heap", "heap", "1", "2", "3", "4"), List.of("non-heap", "non-heap", "5", "6", "-1", "7"),
                List.of("G1 Eden Space", "heap", "8", "9", "-1", "10"), List.of("Metaspace", "non-heap", "0", "11", "-1", "12")),
                a.rowsOf("jvm-memory"));
        assertEquals(List.of(List.of("1.5", "2", "100", "200", "0", "0", "160", "20000", "0.25", "0.5")), a.rowsOf("os"));
    }

    @Test
    void anAttributeNoMBeanHasIsNamedOnceNotASilentlyEmptyColumn() throws Exception {
        // Jolokia leaves out of a pattern read an attribute the MBeans lack (e.g. an older broker, or a misspelled read).
        String lacking = json("""
                {'org.apache.activemq.artemis:broker=\\"b1\\",component=addresses,address=\\"q\\",subcomponent=queues,routing-type=\\"anycast\\",queue=\\"q\\"':
                   {'MessageCount':3,'MessagesAdded':10,'MessagesAcknowledged':7,'ConsumerCount':1}}""");
        Sample s = inspector.toSample(JSON.readTree(answers(lacking)));
        assertEquals(List.of(List.of("q", "q", "anycast", "3", "10", "7", "", "1")), s.rowsOf("queues"));
        assertEquals(java.util.Set.of("queues.MessagesExpired"), inspector.lacking());
        inspector.toSample(JSON.readTree(answers("{}")));
        assertEquals(java.util.Set.of("queues.MessagesExpired"), inspector.lacking(), "no queue yet: nothing to tell");
    }

    @Test
    void aReadThatFailsFailsOnlyItsDataSet() throws Exception {
        String text = answers("{}").replace("{'status':200,'value':{}}".replace('\'', '"'),
                json("{'status':500,'error':'java.lang.RuntimeException : broken'}"));
        Sample s = inspector.toSample(JSON.readTree(text));
        assertEquals("Jolokia status 500 reading org.apache.activemq.artemis:broker=*,component=addresses,address=*,"
                + "subcomponent=queues,routing-type=*,queue=*: java.lang.RuntimeException : broken", s.failures().get("queues"));
        assertEquals(1, s.failures().size());
        assertEquals(null, s.rowsOf("queues"));
        InspectorException short1 = assertThrows(InspectorException.class, () -> inspector.toSample(JSON.readTree("[]")));
        assertEquals("Jolokia at http://127.0.0.1:8161/console/jolokia gave 0 answers to a bulk request of 5 reads", short1.getMessage());
    }

    @Test
    void theJsonStatusIsCheckedNotOnlyTheHttpStatus() {
        JolokiaClient client = new JolokiaClient(endpoint, Duration.ofSeconds(1));
        InspectorException origin = assertThrows(InspectorException.class, () -> client.checked(200,
                json("{'error_type':'java.lang.Exception','error':'java.lang.Exception : Origin null is not allowed to call this agent','status':403}")));
        assertTrue(origin.getMessage().startsWith("Jolokia at http://127.0.0.1:8161/console/jolokia refused the request with status 403:"
                + " java.lang.Exception : Origin null is not allowed"), origin.getMessage());
        assertTrue(origin.getMessage().contains("this request sent Origin http://127.0.0.1:8161"), origin.getMessage());
        assertTrue(assertThrows(InspectorException.class, () -> client.checked(200, "<html>login</html>")).getMessage()
                .contains("answered with something that is not JSON, so it is not a Jolokia agent: <html>login</html>"));
        assertTrue(assertThrows(InspectorException.class, () -> client.checked(401, "")).getMessage()
                .contains("refused the credentials of user 'admin' (HTTP 401)"));
        assertTrue(assertThrows(InspectorException.class, () -> client.checked(500, "boom")).getMessage()
                .endsWith("answered HTTP 500: boom"));
    }

    @Test
    void anEndpointThatAcceptsButNeverAnswersTimesOut() throws Exception {
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress("127.0.0.1", 0));
            List<Socket> held = new ArrayList<>();
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // keep the connection open, answer nothing
                    }
                } catch (IOException e) {
                    // closed at the end of the test
                }
            }, "silent-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            JolokiaEndpoint frozen = JolokiaEndpoint.parse("http://127.0.0.1:" + silent.getLocalPort() + "/console/jolokia");
            // The timeout bounds the connection too: long enough that a loopback connection is made on a loaded host
            // (300 ms was not, at a load of 30 on 2 cores), so that it is the answer that times out.
            long t0 = System.nanoTime();
            InspectorException e = assertThrows(InspectorException.class,
                    () -> new JolokiaInspector(frozen, Duration.ofSeconds(2)).sample());
            long tookMillis = (System.nanoTime() - t0) / 1_000_000;
            assertEquals("Jolokia at " + frozen + " did not answer within 2000 ms", e.getMessage());
            assertTrue(tookMillis < 20_000, "bounded by the timeout, not waiting for ever: " + tookMillis + " ms");
            for (Socket s : held) {
                s.close();
            }
        }
    }

    @Test
    void endpointsTakeCredentialsAndAnOriginFromTheUrl() {
        assertEquals("http://127.0.0.1:8161", endpoint.origin());
        assertEquals("admin", endpoint.user());
        assertEquals("http://127.0.0.1:8161/console/jolokia", endpoint.toString());
        JolokiaEndpoint other = JolokiaEndpoint.parse("https://u:p%40ss@broker.lab/jolokia?origin=http://localhost");
        assertEquals("p@ss", other.password());
        assertEquals("http://localhost", other.origin());
        assertEquals("https://broker.lab/jolokia", other.uri().toString());
        assertEquals("bad Jolokia URL 'http://u:***@h:1/j?color=red': unknown option 'color' (the only one is origin=, the Origin"
                        + " header to send)",
                assertThrows(IllegalArgumentException.class, () -> JolokiaEndpoint.parse("http://u:secret@h:1/j?color=red")).getMessage());
    }

    @Test
    void mbeanKeysAreUnquoted() {
        assertEquals("a,b", MBeanNames.key("d:queue=\"a,b\",type=x", "queue"));
        assertEquals("", MBeanNames.key("d:type=x", "queue"));
        assertEquals("", MBeanNames.key("not an object name", "queue"));
    }
}
