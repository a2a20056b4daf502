package org.maestro.reports.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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

    @Test
    void aCounterThatDropsCountsFromZeroAgain() {
        assertEquals(30, CounterGrowth.between(70, 100, false));
        assertEquals(20, CounterGrowth.between(100, 20, false), "restarted: from 0");
        assertEquals(0, CounterGrowth.between(Double.NaN, 500, false), "the file's first sample");
        assertEquals(500, CounterGrowth.between(Double.NaN, 500, true), "appeared during the run");
    }
}
