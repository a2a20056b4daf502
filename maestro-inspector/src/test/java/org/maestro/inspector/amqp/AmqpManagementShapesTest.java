package org.maestro.inspector.amqp;

import org.junit.jupiter.api.Test;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.inspector.InspectorException;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request building and response parsing of the Qpid Dispatch data sets, with answers shaped as the router's
 * management agent sends them: {@code attributeNames} plus {@code results}, a list of lists.
 */
class AmqpManagementShapesTest {
    private static final String WHERE = "amqp://router:5672/$management";

    @Test
    void theDefaultDataSetsAreTheDispatchRoutersEntities() {
        List<EntityQuery> sets = DataSetConfig.parse("");
        assertEquals(List.of("router", "links", "addresses", "memory", "allocator", "connections"),
                sets.stream().map(EntityQuery::name).toList());
        assertEquals(List.of("org.apache.qpid.dispatch.router", "org.apache.qpid.dispatch.router.link",
                "org.apache.qpid.dispatch.router.address", "org.apache.qpid.dispatch.router", "org.apache.qpid.dispatch.allocator",
                "org.apache.qpid.dispatch.connection"),
                sets.stream().map(EntityQuery::entityType).toList());
        assertEquals(List.of("name", "version", "linkRouteCount", "autoLinkCount", "linkCount", "nodeCount", "addrCount",
                "connectionCount"), sets.get(0).attributeNames().subList(0, 8));
        assertTrue(sets.stream().noneMatch(EntityQuery::strict), "a preset keeps what an older router lacks, as empty columns");
        assertEquals(sets, DataSetConfig.parse("qpid-dispatch"));
        assertEquals(sets.get(2).attributeNames(), sets.get(2).dataSet().columns());
        assertEquals("queues.csv", DataSetConfig.parse("qpid-broker-j").get(0).dataSet().fileName());
    }

    @Test
    void everyPresetColumnHasAKindAndEveryEntityDataSetNamesItsRows() {
        for (EntityQuery q : java.util.stream.Stream.concat(DataSetConfig.DISPATCH.stream(), DataSetConfig.BROKER_J.stream()).toList()) {
            assertEquals(q.attributeNames(), List.copyOf(q.kinds().keySet()), q.name());
            org.maestro.inspector.DataSet d = LinkLabels.appliesTo(q) ? LinkLabels.dataSet(q) : q.dataSet();
            assertTrue(q.name().equals("router") || d.kinds().containsValue(ColumnKind.KEY), q.name() + " has a key column");
        }
        Map<String, ColumnKind> router = DataSetConfig.DISPATCH.get(0).kinds();
        for (String total : List.of("deliveriesIngress", "deliveriesEgress", "acceptedDeliveries")) {
            assertEquals(ColumnKind.COUNTER, router.get(total), total);
        }
        Map<String, ColumnKind> addresses = DataSetConfig.DISPATCH.get(2).kinds();
        assertEquals(ColumnKind.COUNTER, addresses.get("deliveriesIngress"));
        assertEquals(ColumnKind.COUNTER, addresses.get("deliveriesEgress"));
        assertEquals(ColumnKind.IDENTITY, DataSetConfig.DISPATCH.get(1).kinds().get("linkName"), "never charted");
    }

    @Test
    void aQueryRequestNamesTheOperationTheNodeAndTheEntityTypeAndAsksForTheAttributes() {
        EntityQuery links = DataSetConfig.DISPATCH.get(1);
        QueryRequest r = QueryRequest.of(links);
        assertEquals(Map.of("operation", "QUERY", "type", "org.amqp.management", "name", "self", "identity", "self",
                "entityType", "org.apache.qpid.dispatch.router.link"), r.applicationProperties());
        assertEquals(Map.of("attributeNames", links.attributeNames()), r.body());
    }

    @Test
    void routerAnswersBecomeRowsInTheQueriedColumnOrder() throws Exception {
        EntityQuery router = DataSetConfig.DISPATCH.get(0);
        // The router answers with its own attribute order and may leave out what it does not know.
        Map<String, Object> body = Map.of(
                "attributeNames", List.of("version", "name", "addrCount", "linkCount", "connectionCount", "nodeCount",
                        "autoLinkCount"),
                "results", List.of(List.of("1.19.0", "Router.A", 12L, 7L, 3L, 1L, 0L)));
        List<String> row = QueryResponse.rows(router, 200, "OK", body, WHERE).get(0);
        assertEquals(List.of("Router.A", "1.19.0", "", "0", "7", "1", "12", "3"), row.subList(0, 8));
        assertTrue(row.subList(8, row.size()).stream().allMatch(String::isEmpty), "delivery totals not answered: empty " + row);

        EntityQuery memory = DataSetConfig.DISPATCH.get(4); // the allocator's counts
        Map<String, Object> allocator = Map.of("attributeNames", memory.attributeNames(), "results", List.of(
                List.of("qd_bitmask_t", 24, 64, 128, 0, 64L, 0L, 64L, 1L, 0L),
                java.util.Arrays.asList("qdr_delivery_t", 312, 16, 32, null, 4096L, 3968L, 96L, 250L, 242L)));
        List<List<String>> rows = QueryResponse.rows(memory, 200, null, allocator, WHERE);
        assertEquals(2, rows.size());
        assertEquals(List.of("qdr_delivery_t", "312", "16", "32", "", "4096", "3968", "96", "250", "242"), rows.get(1));
    }

    @Test
    void failuresSayWhatTheServerAnswered() {
        EntityQuery links = DataSetConfig.DISPATCH.get(1);
        InspectorException notFound = assertThrows(InspectorException.class,
                () -> QueryResponse.rows(links, 404, "Unknown entity type", null, WHERE));
        assertEquals("QUERY of org.apache.qpid.dispatch.router.link at " + WHERE + " failed with statusCode 404: Unknown entity type",
                notFound.getMessage());
        assertTrue(assertThrows(InspectorException.class, () -> QueryResponse.rows(links, null, null, Map.of(), WHERE))
                .getMessage().endsWith("answered without a numeric statusCode (null): is this an AMQP management node?"));
        assertTrue(assertThrows(InspectorException.class, () -> QueryResponse.rows(links, "200", null, "text", WHERE))
                .getMessage().endsWith("answered a body that is not a map: String"));
        assertTrue(assertThrows(InspectorException.class,
                () -> QueryResponse.rows(links, 200L, null, Map.of("attributeNames", List.of()), WHERE))
                .getMessage().endsWith("answered without a list as results (none)"));
    }

    @Test
    void dataSetsAreConfigurationSoAnyManagementServerCanBeInspected() {
        List<EntityQuery> sets = DataSetConfig.parse(" queues = org.apache.qpid.Queue : name, durable ;bindings=org.apache.qpid.Binding:name;");
        assertEquals(List.of(new EntityQuery("queues", "org.apache.qpid.Queue", List.of("name", "durable"),
                        Map.of("name", ColumnKind.KEY, "durable", ColumnKind.IDENTITY), true),
                new EntityQuery("bindings", "org.apache.qpid.Binding", List.of("name"))), sets);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DataSetConfig.parse("queues=org.apache.qpid.Queue")).getMessage()
                .startsWith("data set 'queues=org.apache.qpid.Queue' is not name=entityType:attributes (expected"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DataSetConfig.parse("a=t:x;a=t:y")).getMessage()
                .equals("data set 'a' is given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DataSetConfig.parse("a=t:")).getMessage()
                .startsWith("data set 'a' names no attribute"));
    }

    @Test
    void aMisspelledAttributeInAListTheUserWroteIsRefusedWithTheNearestName() throws Exception {
        EntityQuery links = DataSetConfig.parse("perf=org.apache.qpid.dispatch.router.link:identity,deliveryCont,capacity").get(0);
        assertEquals(Map.of("identity", ColumnKind.IDENTITY, "capacity", ColumnKind.GAUGE), links.kinds(),
                "a preset's kinds for the attributes it knows");
        assertEquals(Map.of("operation", "GET-ATTRIBUTES", "type", "org.amqp.management", "name", "self", "identity", "self",
                "entityType", "org.apache.qpid.dispatch.router.link"), QueryRequest.getAttributes(links.entityType()).applicationProperties());
        // As the router answers GET-ATTRIBUTES: entity type to its attribute names (identity is every entity's).
        Map<String, List<String>> known = AttributeCheck.answer("GET-ATTRIBUTES", 200, Map.of(links.entityType(),
                List.of("linkName", "linkType", "linkDir", "owningAddr", "capacity", "deliveryCount", "acceptedCount")), WHERE);
        List<String> unknown = AttributeCheck.unknown(links, known);
        assertEquals(List.of("deliveryCont"), unknown);
        assertEquals("data set 'perf': org.apache.qpid.dispatch.router.link at " + WHERE
                        + " has no attribute 'deliveryCont' (did you mean 'deliveryCount'?)",
                AttributeCheck.refusal(links, unknown, known, WHERE));
        EntityQuery far = DataSetConfig.parse("l=org.apache.qpid.dispatch.router.link:heapBytes,linkName,x").get(0);
        assertEquals("data set 'l': org.apache.qpid.dispatch.router.link at " + WHERE + " has no attribute 'heapBytes' (it has"
                        + " acceptedCount, capacity, deliveryCount, linkDir, linkName, linkType, owningAddr); nor x",
                AttributeCheck.refusal(far, AttributeCheck.unknown(far, known), known, WHERE));
    }

    @Test
    void aServerThatCannotTellRefusesNothing() throws Exception {
        EntityQuery links = DataSetConfig.parse("l=org.apache.qpid.dispatch.router.link:nonsense").get(0);
        assertEquals(Map.of(), AttributeCheck.answer(links.entityType(), 501, null, WHERE), "GET-ATTRIBUTES not implemented");
        assertEquals(List.of(), AttributeCheck.unknown(links, Map.of("org.apache.qpid.dispatch.router", List.of("name"))),
                "the answer does not name the entity type");
    }

    @Test
    void managementUrlsKeepCredentialsOutOfTheConnectionUriAndRefuseUnknownOptions() {
        ManagementUrl u = ManagementUrl.parse("amqp://guest:s3cret@router.lab:5673?amqp.vhost=default&transport.tcpNoDelay=true");
        assertEquals("$management", u.address());
        assertEquals("guest", u.user());
        assertEquals("s3cret", u.password());
        assertTrue(u.connectionUri().startsWith("amqp://router.lab:5673?") && !u.connectionUri().contains("s3cret"), u.connectionUri());
        assertEquals("amqp://guest@router.lab:5673/$management", u.toString());
        assertEquals("amqps://h:5671/my.mgmt", ManagementUrl.parse("amqps://h/my.mgmt").toString());
        assertEquals("bad AMQP management URL 'amqp://guest:***@h:5672?colour=red': unknown option 'colour'"
                        + " (qpid-jms options start with jms., amqp. or transport.)",
                assertThrows(IllegalArgumentException.class, () -> ManagementUrl.parse("amqp://guest:pw@h:5672?colour=red")).getMessage());
    }
}
