package org.maestro.client.local;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maestro.client.topology.Topology;
import org.maestro.common.router.RouterKind;
import org.maestro.common.testing.Integration;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Sample;
import org.maestro.inspector.amqp.AmqpManagementInspector;
import org.maestro.inspector.amqp.DataSetConfig;
import org.maestro.inspector.amqp.EntityQuery;
import org.maestro.inspector.amqp.LinkLabels;
import org.maestro.inspector.amqp.ManagementUrl;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The router preset ({@code qpid-dispatch}, the name scripts give it) against a real router of each kind (a line of
 * two, {@link TestRouters}): every entity type is one the router has and every attribute one its QUERY answers with a
 * value (GET-ATTRIBUTES is not enough: Qpid Dispatch 1.19 lists {@code blockedLinkCount} there and answers QUERY without
 * it; skupper-router 3.5.1 lists an address's {@code containerCount} and does not answer it); the CSV columns are the same
 * on both; the router's memory is bytes; links are named by their far router, and the inspector's own management links
 * are not among them; messages sent through the line are counted.
 */
@Integration
class RouterPresetsTest {
    private static final String ADDRESS = "presets";
    private static final int MESSAGES = 5;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(RouterKind.class)
    void everyDataSetOfTheRouterPresetIsOneTheRealRouterAnswers(RouterKind kind) throws Exception {
        RouterBinary binary = TestRouters.binary(kind);
        try (LocalRouters routers = LocalRouters.start(Topology.line(2), binary, dir, TestRouters.READY_WITHIN);
             AmqpManagementInspector inspector = new AmqpManagementInspector(ManagementUrl.parse(routers.managementUrl("router-2")),
                     DataSetConfig.parse(DataSetConfig.QPID_DISPATCH), Duration.ofSeconds(5))) {
            List<DataSet> before = inspector.dataSets();
            assertEquals(Map.of(), inspector.unanswered(), "attributes of the preset the router does not answer");
            assertEquals(before.stream().map(DataSet::columns).toList(), inspector.dataSets().stream().map(DataSet::columns).toList(),
                    "the same CSV columns whichever router answers");
            assertTrue(inspector.entityTypes().stream().allMatch(t -> t.startsWith(kind.entityType(""))),
                    "the types as this router names them: " + inspector.entityTypes());
            sendThroughTheLine(routers);

            Sample s = inspector.sample();
            assertEquals(Map.of(), s.failures());
            List<EntityQuery> asked = DataSetConfig.router(kind);
            assertEquals(Map.of(), emptyColumns(asked, s), "attributes the router answers without a value in any row");
            List<String> memory = s.rowsOf(DataSetConfig.MEMORY).get(0);
            assertEquals("router-2", memory.get(0));
            assertTrue(Long.parseLong(memory.get(1)) > 1 << 20, "the router process's memory in bytes: " + memory);

            DataSet router = dataSet(inspector, DataSetConfig.ROUTER);
            List<String> figures = s.rowsOf(DataSetConfig.ROUTER).get(0);
            assertEquals("router-2", figures.get(router.columns().indexOf("name")));
            assertEquals("1", figures.get(router.columns().indexOf("nodeCount")), "router-1, the line's other router: " + figures);
            assertTrue(Long.parseLong(figures.get(router.columns().indexOf("deliveriesEgress"))) >= MESSAGES, figures.toString());
            DataSet addresses = dataSet(inspector, "addresses");
            List<String> perf = s.rowsOf("addresses").stream().filter(r -> r.get(0).endsWith(ADDRESS)).findFirst().orElseThrow();
            assertEquals(String.valueOf(MESSAGES), perf.get(addresses.columns().indexOf("deliveriesEgress")),
                    "router-2 gave its receiver what router-1 took: " + perf);

            DataSet links = dataSet(inspector, LinkLabels.LINKS);
            int name = links.columns().indexOf(LinkLabels.LINK);
            List<String> names = s.rowsOf(LinkLabels.LINKS).stream().map(r -> r.get(name)).toList();
            assertTrue(names.contains("inter-router out to router-1") && names.contains("inter-router in from router-1"), names.toString());
            assertTrue(names.contains("router-control out to router-1"), names.toString());
            assertFalse(names.stream().anyMatch(n -> n.startsWith("$management") || n.startsWith("temp.")),
                    "the inspector's own management links are left out: " + names);
        }
    }

    /**
     * {@value #MESSAGES} messages sent on router-1 and received on router-2. A router settles a send when the receiver
     * accepts it, so the receiver takes them on a thread of its own (a listener) while this one sends.
     */
    private static void sendThroughTheLine(LocalRouters routers) throws JMSException, InterruptedException {
        Connection receiving = new JmsConnectionFactory(routers.managementUrl("router-2")).createConnection();
        Connection sending = new JmsConnectionFactory(routers.managementUrl("router-1")).createConnection();
        try {
            CountDownLatch received = new CountDownLatch(MESSAGES);
            Session in = receiving.createSession(false, Session.AUTO_ACKNOWLEDGE);
            in.createConsumer(in.createQueue(ADDRESS)).setMessageListener(m -> received.countDown());
            receiving.start();
            Session out = sending.createSession(false, Session.AUTO_ACKNOWLEDGE);
            // router-1 gives the producer credit once it knows router-2's receiver: a send waits for that.
            MessageProducer producer = out.createProducer(out.createQueue(ADDRESS));
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(out.createTextMessage("m" + i));
            }
            assertTrue(received.await(TestRouters.READY_WITHIN.toSeconds(), TimeUnit.SECONDS),
                    received.getCount() + " of " + MESSAGES + " messages not through the line");
        } finally {
            sending.close();
            receiving.close();
        }
    }

    /** Each data set's asked columns that are empty in every row it answered: an attribute answered without a value. */
    private static Map<String, List<String>> emptyColumns(List<EntityQuery> asked, Sample s) {
        Map<String, List<String>> empty = new TreeMap<>();
        for (EntityQuery q : asked) {
            List<List<String>> rows = s.rowsOf(q.name());
            List<String> none = new ArrayList<>();
            for (String column : q.attributes().keySet()) {
                int i = q.columns().indexOf(column);
                if (!rows.isEmpty() && rows.stream().allMatch(r -> r.get(i).isEmpty())) {
                    none.add(column);
                }
            }
            if (!none.isEmpty()) {
                empty.put(q.name() + " (" + q.entityType() + ")", none);
            }
        }
        return empty;
    }

    private static DataSet dataSet(AmqpManagementInspector inspector, String name) {
        return inspector.dataSets().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }
}
