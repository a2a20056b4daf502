package org.maestro.inspector.amqp;

import org.junit.jupiter.api.Test;
import org.maestro.common.router.RouterKind;
import org.maestro.common.runfiles.ColumnKind;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pure logic of the router presets: links named so a line survives a restart (rows as Qpid Dispatch 1.19 answers a
 * QUERY of its links), and the same preset for skupper-router, whose GET-TYPES names the entities io.skupper.router.*
 * and which keeps the router's counters and memory in routerMetrics.
 */
class RouterNamesTest {
    private static final EntityQuery LINKS = DataSetConfig.DISPATCH.get(1);

    @Test
    void aLinkIsNamedByItsAddressDirectionAndTheRouterAtItsOtherEndNotByItsIdentity() {
        assertEquals("perf in", LinkLabels.name("endpoint", "in", "M0perf", "ID:6f2e-client:1"));
        assertEquals("perf out", LinkLabels.name("endpoint", "out", "M0perf", ""));
        assertEquals("temp.8u2k84 out", LinkLabels.name("endpoint", "out", "Ltemp.8u2k84", ""));
        assertEquals("(no address) in", LinkLabels.name("endpoint", "in", "", ""));
        assertEquals("inter-router out to router-3", LinkLabels.name("inter-router", "out", "", "router-3"));
        assertEquals("router-control in from router-1", LinkLabels.name("router-control", "in", "", "router-1"));
        assertEquals("queue", LinkLabels.address("Cqueue"), "a link route's prefix C");
    }

    @Test
    void theInspectorsOwnLinksAreLeftOutAndEveryOtherRowGetsItsName() {
        List<String> columns = LINKS.attributeNames();
        List<List<String>> rows = List.of(row(columns, "7", "2", "endpoint", "in", "M0$management"),
                row(columns, "8", "2", "endpoint", "out", "Ltemp.abc"),
                row(columns, "12", "5", "endpoint", "in", "M0perf"),
                row(columns, "3", "1", "inter-router", "out", ""),
                row(columns, "4", "1", "inter-router", "out", ""));
        Map<String, String> containers = Map.of("1", "router-1", "2", "ID:inspector:1", "5", "ID:sender:1");
        List<List<String>> labelled = LinkLabels.label(LINKS, rows, containers, "ID:inspector:1");
        assertEquals(List.of("perf in", "inter-router out to router-1", "inter-router out to router-1"),
                labelled.stream().map(r -> r.get(r.size() - 1)).toList(), "two priority lanes share a name; the report adds them");
        assertEquals(columns.size() + 1, labelled.get(0).size());
        org.maestro.inspector.DataSet d = LinkLabels.dataSet(LINKS);
        assertEquals(LinkLabels.LINK, d.columns().get(d.columns().size() - 1));
        assertEquals(ColumnKind.KEY, d.kinds().get(LinkLabels.LINK));
        assertEquals(List.of(LinkLabels.LINK), d.kinds().entrySet().stream().filter(e -> e.getValue() == ColumnKind.KEY)
                .map(Map.Entry::getKey).toList(), "the identity, which renumbers, names no line");
        assertEquals("org.apache.qpid.dispatch.connection", LinkLabels.connectionType(LINKS));
    }

    @Test
    void onSkupperRouterThePresetReadsItsEntitiesAndItsRouterCountersFromRouterMetrics() {
        Set<String> skupper = Set.of("io.skupper.router.router", "io.skupper.router.routerMetrics", "io.skupper.router.router.link",
                "io.skupper.router.router.address", "io.skupper.router.allocator", "io.skupper.router.connection");
        List<EntityQuery> mapped = EntityTypes.forServer(DataSetConfig.DISPATCH, skupper);
        assertEquals(List.of("io.skupper.router.routerMetrics", "io.skupper.router.router.link", "io.skupper.router.router.address",
                "io.skupper.router.routerMetrics", "io.skupper.router.allocator", "io.skupper.router.connection"),
                mapped.stream().map(EntityQuery::entityType).toList());
        assertEquals(DataSetConfig.router(RouterKind.SKUPPER), mapped);
        for (int i = 0; i < mapped.size(); i++) {
            assertEquals(DataSetConfig.DISPATCH.get(i).columns(), mapped.get(i).columns(), "the same CSV columns on both kinds");
        }
        assertEquals(DataSetConfig.DISPATCH.get(1).attributeNames(), mapped.get(1).attributeNames());
        EntityQuery memory = mapped.get(3);
        assertEquals(List.of("id", "memoryUsage"), memory.attributeNames(), "the router is named by its id");
        assertEquals("io.skupper.router.routerMetrics; name from id", memory.source());
        EntityQuery router = mapped.get(0);
        assertEquals(List.of("version", "linkRouteCount"), router.absent(), "no link routes, no readable version");
        assertFalse(router.attributeNames().contains("version"));
        assertTrue(router.source().endsWith("; none: version, linkRouteCount"), router.source());
        assertEquals("io.skupper.router.connection", LinkLabels.connectionType(mapped.get(1)));

        assertEquals(DataSetConfig.DISPATCH, EntityTypes.forServer(DataSetConfig.DISPATCH, Set.of()), "a server that cannot tell");
        assertEquals(DataSetConfig.DISPATCH, EntityTypes.forServer(DataSetConfig.DISPATCH,
                Set.of("org.apache.qpid.dispatch.router", "org.apache.qpid.dispatch.router.link")), "Dispatch keeps its names");
        assertEquals(DataSetConfig.DISPATCH, EntityTypes.forServer(mapped, Set.of("org.apache.qpid.dispatch.router")),
                "the preset named for skupper on Dispatch");
        assertEquals(mapped, DataSetConfig.parse("skupper"));
        assertEquals(DataSetConfig.DISPATCH, DataSetConfig.parse("router"));
    }

    @Test
    void aListTheUserWroteForOneRouterIsRenamedForTheOtherWhenTheServerListsItSoAndOnlyThen() {
        List<EntityQuery> written = DataSetConfig.parse("l=io.skupper.router.router.link:linkName;m=io.skupper.router.routerMetrics:id,deliveriesTransit");
        List<EntityQuery> back = EntityTypes.forServer(written, Set.of("org.apache.qpid.dispatch.router",
                "org.apache.qpid.dispatch.router.link"));
        assertEquals("org.apache.qpid.dispatch.router.link", back.get(0).entityType(), "a list written for skupper on Dispatch");
        assertEquals("io.skupper.router.routerMetrics", back.get(1).entityType(), "a type the server does not list stays as written");
        assertEquals(ColumnKind.COUNTER, back.get(1).kinds().get("deliveriesTransit"), "the preset's kind of skupper's attribute");
        Set<String> skupper = Set.of("io.skupper.router.router", "io.skupper.router.router.link");
        EntityQuery queue = new EntityQuery("q", "org.apache.qpid.Queue", List.of("name"));
        assertEquals(List.of(queue), EntityTypes.forServer(List.of(queue), skupper));
        assertEquals(Map.of("operation", "GET-TYPES", "type", "org.amqp.management", "name", "self", "identity", "self"),
                QueryRequest.getTypes().applicationProperties());
    }

    @Test
    void aColumnTheServerDoesNotKeepIsEmptyAndAnAttributeItLacksIsNotAsked() throws Exception {
        EntityQuery router = DataSetConfig.router(RouterKind.SKUPPER).get(0);
        // routerMetrics as skupper-router 3.5.1 answers: its own order, the router's id.
        Map<String, Object> body = Map.of("attributeNames", List.of("deliveriesTransit", "id", "addrCount"),
                "results", List.of(List.of(42L, "router-2", 17L)));
        List<String> row = QueryResponse.rows(router, 200, "OK", body, "amqp://r:5672/$management").get(0);
        assertEquals(List.of("router-2", "", ""), row.subList(0, 3), "name from id; version and linkRouteCount kept by none");
        assertEquals("42", row.get(router.columns().indexOf("deliveriesTransit")));
        EntityQuery older = router.without(List.of("deliveriesDelayed1Sec"));
        assertFalse(older.attributeNames().contains("deliveriesDelayed1Sec"));
        assertEquals(router.columns(), older.columns(), "its column stays, empty");
        assertEquals(List.of("version", "linkRouteCount", "deliveriesDelayed1Sec"), older.absent());
    }

    private static List<String> row(List<String> columns, String identity, String connectionId, String type, String dir, String addr) {
        String[] values = new String[columns.size()];
        java.util.Arrays.fill(values, "0");
        values[columns.indexOf("identity")] = identity;
        values[columns.indexOf("connectionId")] = connectionId;
        values[columns.indexOf("linkType")] = type;
        values[columns.indexOf("linkDir")] = dir;
        values[columns.indexOf("owningAddr")] = addr;
        return List.of(values);
    }
}
