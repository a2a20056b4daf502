package org.maestro.results.reduce;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.maestro.results.Summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** A router inspector's links.csv as the qpid-dispatch preset writes it, reduced to each link's deliveries over the run. */
class RouterHopsTest {
    @TempDir
    Path dir;

    @Test
    void eachLinkAddsUpItsLanesAndCountsAcrossARestartAndFromZeroWhenItAppears() throws Exception {
        Path csv = Files.writeString(dir.resolve("links.csv"), """
                timestamp,identity,linkType,deliveryCount,acceptedCount,releasedCount,link
                2026-11-27T10:00:00Z,7,inter-router,100,100,0,inter-router out to router-3
                2026-11-27T10:00:00Z,8,inter-router,5,5,0,inter-router out to router-3
                2026-11-27T10:00:01Z,7,inter-router,300,290,10,inter-router out to router-3
                2026-11-27T10:00:01Z,8,inter-router,9,9,0,inter-router out to router-3
                2026-11-27T10:00:01Z,12,endpoint,40,40,0,maestro.local in
                not a time,7,inter-router,999999,0,0,inter-router out to router-3
                2026-11-27T10:00:02Z,3,inter-router,50,50,,inter-router out to router-3
                2026-11-27T10:00:02Z,12,endpoint,70,70,0,maestro.local in
                """);
        Map<String, Map<String, Long>> totals = RouterHops.linkTotals(csv);
        // Lane 7: 100 -> 300 (+200); lane 8: 5 -> 9 (+4); the router restarted and renumbered: lane 3 appeared at 50,
        // counted from 0. Nothing at the file's first sample: what came before the run is not the run's.
        assertEquals(254L, totals.get("inter-router out to router-3").get("deliveryCount"));
        assertEquals(244L, totals.get("inter-router out to router-3").get("acceptedCount"));
        // A blank value is no sample: lane 3's released is not known, the others' 10 stays.
        assertEquals(10L, totals.get("inter-router out to router-3").get("releasedCount"));
        // A client's link that appeared during the run: from 0.
        assertEquals(70L, totals.get("maestro.local in").get("deliveryCount"));
        assertFalse(totals.get("maestro.local in").containsKey("modifiedCount"), "a counter the file lacks is no figure");
    }

    /** One inspector peer of two routers: each router's links.csv in its own directory, as its test.json lists them. */
    @Test
    void anInspectorOfSeveralRoutersGivesEachRoutersHopsFromItsOwnDirectory() throws Exception {
        Path inspector = Files.createDirectories(dir.resolve("inspector-1"));
        java.util.List<org.maestro.common.runfiles.TestJson.Target> targets = new java.util.ArrayList<>();
        for (String router : java.util.List.of("router-1", "router-2")) {
            int n = router.charAt(router.length() - 1) - '0';
            Files.writeString(Files.createDirectories(inspector.resolve(router)).resolve("links.csv"), """
                    timestamp,identity,deliveryCount,acceptedCount,link
                    2026-11-27T10:00:00Z,7,0,0,inter-router out to router-%d
                    2026-11-27T10:00:01Z,7,%d,%d,inter-router out to router-%d
                    """.formatted(n + 1, 10 * n, 10 * n, n + 1));
            targets.add(new org.maestro.common.runfiles.TestJson.Target(router, "amqp://127.0.0.1:" + (5670 + n), Map.of("links",
                    new org.maestro.common.runfiles.TestJson.DataSet("links.csv", "router.link",
                            java.util.List.of("identity", "deliveryCount", "acceptedCount", "link"), Map.of()))));
        }
        org.maestro.common.runfiles.TestJson.write(inspector, new org.maestro.common.runfiles.TestJson.Inspector("t",
                new org.maestro.common.runfiles.TestJson.Peer("1", "inspector-1", "h", "inspector", ""), "2026-11-27T10:00:00Z",
                "amqp-management", "router-1=amqp://127.0.0.1:5671,router-2=amqp://127.0.0.1:5672", 1000, 1000, Map.of(), Map.of(),
                targets));
        // Without a topology each hop's router is its target's name; with one, the router at the target's URL.
        assertEquals(java.util.List.of(new Summary.Hop("router-1", "inspector-1", "inter-router out to router-2", 10L, 10L, null, null, null, null),
                        new Summary.Hop("router-2", "inspector-1", "inter-router out to router-3", 20L, 20L, null, null, null, null)),
                RouterHops.of(null, Map.of("inspector-1", inspector)));
    }

    @Test
    void aCounterThatDropsCountsFromZeroAgain() {
        assertEquals(30, CounterGrowth.between(70, 100, false));
        assertEquals(20, CounterGrowth.between(100, 20, false), "restarted: from 0");
        assertEquals(0, CounterGrowth.between(Double.NaN, 500, false), "the file's first sample");
        assertEquals(500, CounterGrowth.between(Double.NaN, 500, true), "appeared during the run");
    }
}
