package org.maestro.reports.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.reports.Json;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.Series;
import org.maestro.reports.SyntheticRun;

/**
 * The inspector charts of a run whose inspector read a Qpid Dispatch router with the qpid-dispatch preset's column
 * kinds (recorded as the preset writes them, synthetic figures): counters are rates, only what moved is drawn, the
 * top movers first, identities never, and each chart says what it left out.
 */
class InspectorChartsTest {
    @TempDir
    static Path tmp;
    static SyntheticRun run;
    static JsonNode data;

    @BeforeAll
    static void build() throws Exception {
        run = new SyntheticRun(Files.createDirectories(tmp.resolve("run")), 1_795_000_000_000_000L, 10, 300, 2).write();
        data = ReportData.build(RunDirectory.open(run.dir));
    }

    @Test
    void thePerfLinksAreChartedAsRatesAmongTheTopMoversAndTheFlatOnesAreNamedAsLeftOut() {
        JsonNode rates = chart("links.csv: rates");
        List<String> labels = labels(rates);
        assertEquals(InspectorCsv.TOP_MOVERS, labels.size(), labels.toString());
        // Links 69 and 70 (in and out of M0perf) were beyond the 60 lines the old chart kept.
        for (String perf : List.of("69 in M0perf deliveryCount", "70 out M0perf deliveryCount", "69 in M0perf acceptedCount")) {
            JsonNode line = line(rates, perf);
            assertEquals(run.seconds, line.path("y").size(), perf);
            line.path("y").forEach(y -> assertEquals(run.ratePerSecond, y.asDouble(), 1e-6, perf + " in deliveries per second"));
        }
        int movers = 2 * (SyntheticRun.TRICKLE_LINKS + 2);
        int neverGrew = 2 * SyntheticRun.LINKS - movers;
        assertEquals("the " + InspectorCsv.TOP_MOVERS + " of " + movers + " series that grew most; "
                + (movers - InspectorCsv.TOP_MOVERS) + " that grew less left out; " + neverGrew
                + " counter series that never grew left out", rates.path("note").asText());
        assertEquals("/s", rates.path("unit").asText());
    }

    @Test
    void identitiesAndSettingsThatNeverMoveAreNotCharted() {
        JsonNode levels = chart("links.csv: levels");
        assertEquals(List.of("69 in M0perf undeliveredCount"), labels(levels), "capacity (250 throughout) is left out");
        assertTrue(levels.path("note").asText().endsWith("identities not charted: linkName, linkType"), levels.path("note").asText());
        for (JsonNode c : data.path("charts")) {
            for (String l : labels(c)) {
                assertFalse(l.endsWith(" identity") || l.endsWith(" linkName") || l.endsWith(" version") || l.endsWith(" capacity")
                        || l.endsWith(" typeSize"), c.path("title").asText() + ": " + l);
            }
        }
    }

    @Test
    void memoryShowsTheAllocatorTypesThatChangeUnderLoadNotTheFirstSeven() {
        List<String> moving = new ArrayList<>();
        for (int t = SyntheticRun.ALLOCATOR_TYPES - 1; t >= SyntheticRun.ALLOCATOR_TYPES - SyntheticRun.MOVING_TYPES; t--) {
            moving.add(String.format("qd_type_%02d_t", t));
        }
        List<String> rates = labels(chart("memory.csv: rates"));
        assertEquals(moving.stream().map(t -> t + " totalAllocFromHeap").toList(), rates, "biggest mover first");
        assertEquals(moving.stream().map(t -> t + " heldByThreads").toList(), labels(chart("memory.csv: levels")));
    }

    @Test
    void connectionsAreChartedAsHowManyThereAreNotByTheirIdentityNumbers() {
        JsonNode levels = chart("connections.csv: levels");
        assertEquals(List.of("number of connections"), labels(levels));
        List<Double> counts = new ArrayList<>();
        line(levels, "number of connections").path("y").forEach(y -> counts.add(y.asDouble()));
        assertEquals(1.0, counts.get(0));
        assertEquals(3.0, counts.get(counts.size() - 1));
        assertEquals("identities not charted: identity, role, dir", levels.path("note").asText());
        assertTrue(data.path("charts").findValuesAsText("title").stream().noneMatch(t -> t.contains("connections.csv: rates")));
    }

    @Test
    void theRoutersDeliveryTotalsAreRates() {
        List<String> labels = labels(chart("router.csv: rates"));
        assertEquals(List.of("acceptedDeliveries", "deliveriesEgress", "deliveriesIngress"), labels);
        line(chart("router.csv: rates"), "acceptedDeliveries").path("y")
                .forEach(y -> assertEquals(run.ratePerSecond, y.asDouble(), 1e-6));
    }

    @Test
    void aCsvWithoutKindsIsGuessedAndOneWhereNothingMovedSaysSo(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("pools.csv");
        Files.writeString(csv, "timestamp,pool,usedBytes,maxBytes\n"
                + "2026-01-01T00:00:00.000Z,eden,10,100\n2026-01-01T00:00:01.000Z,eden,30,100\n"
                + "2026-01-01T00:00:00.000Z,old,5,100\n2026-01-01T00:00:01.000Z,old,5,100\n");
        long origin = java.time.Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
        InspectorCsv c = InspectorCsv.read(csv, Map.of(), "", origin, 1);
        assertEquals(1, c.charts.size());
        assertFalse(c.charts.get(0).rates());
        assertEquals(List.of("eden usedBytes"), c.charts.get(0).lines().stream().map(s -> s.label).toList());
        assertEquals("3 gauge series that never changed left out", c.charts.get(0).note());

        InspectorCsv flat = InspectorCsv.read(csv, Map.of("pool", ColumnKind.KEY, "usedBytes", ColumnKind.IDENTITY,
                "maxBytes", ColumnKind.COUNTER), "pools", origin, 1);
        assertTrue(flat.charts.isEmpty());
        assertEquals("2 counter series that never grew left out; 1 gauge series that never changed left out;"
                + " identities not charted: usedBytes", flat.nothing);
    }

    @Test
    void aCounterThatDropsWhenTheSutRestartsGivesNoNegativeRate(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("router.csv");
        Files.writeString(csv, "timestamp,deliveriesIngress\n2026-01-01T00:00:00.000Z,0\n2026-01-01T00:00:01.000Z,100\n"
                + "2026-01-01T00:00:02.000Z,200\n2026-01-01T00:00:03.000Z,10\n2026-01-01T00:00:04.000Z,110\n");
        long origin = java.time.Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
        Series rates = InspectorCsv.read(csv, Map.of("deliveriesIngress", ColumnKind.COUNTER), "router", origin, 1)
                .charts.get(0).lines().get(0);
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < rates.size(); i++) {
            assertEquals(100, rates.y(i), 1e-9);
            xs.add(rates.x(i));
        }
        assertEquals(List.of(1.0, 2.0, 4.0), xs, "the restart (200 to 10) is a gap, not a rate");
    }

    /**
     * A router's links as LinkLabels names them: the two priority lanes to router-1 are one line (added up), the line
     * breaks where the inspector's sample was missing instead of bridging it, the router's restart (new identities,
     * counts from 0) continues the same line, and the link's deliveries over the run skip the restart's drop.
     */
    @Test
    void aLinkKeepsItsLineThroughARestartItsLanesAddUpAndAMissingSampleBreaksTheLine(@TempDir Path dir) throws Exception {
        String link = "inter-router out to router-1";
        Path csv = dir.resolve("links.csv");
        Files.writeString(csv, "timestamp,identity,deliveryCount,link\n"
                + "2026-01-01T00:00:00.000Z,3,0," + link + "\n2026-01-01T00:00:00.000Z,4,0," + link + "\n"
                + "2026-01-01T00:00:01.000Z,3,100," + link + "\n2026-01-01T00:00:01.000Z,4,50," + link + "\n"
                // 00:00:02: the router did not answer (sampling.csv has the sample, links.csv no row)
                + "2026-01-01T00:00:03.000Z,13,10," + link + "\n2026-01-01T00:00:03.000Z,14,0," + link + "\n"
                + "2026-01-01T00:00:04.000Z,13,110," + link + "\n2026-01-01T00:00:04.000Z,14,40," + link + "\n"
                + "2026-01-01T00:00:04.000Z,15,7,perf in\n"); // a receiver attached: one link more, 7 deliveries already
        Path sampling = dir.resolve("sampling.csv");
        StringBuilder ticks = new StringBuilder("timestamp,readMillis,outcome,missingDataSets,reason\n");
        for (int t = 0; t <= 4; t++) {
            ticks.append("2026-01-01T00:00:0").append(t).append(".000Z,3,").append(t == 2 ? "missing,links,refused" : "complete,,").append('\n');
        }
        Files.writeString(sampling, ticks.toString());
        long origin = java.time.Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
        InspectorCsv c = InspectorCsv.read(csv, Map.of("identity", ColumnKind.IDENTITY, "deliveryCount", ColumnKind.COUNTER,
                "link", ColumnKind.KEY), "links", origin, 1, InspectorCsv.ticks(sampling, origin));
        Series rates = c.charts.get(0).lines().get(0);
        assertEquals(link + " deliveryCount", rates.label);
        JsonNode line = Json.series(rates);
        assertEquals("[1.0,2.0,4.0]", line.path("x").toString());
        assertEquals("[150.0,null,140.0]", line.path("y").toString(), "150/s of both lanes; no value (a break) at the missing sample");
        // The hop figures (summary.json's hops) from the same file: the same rule as the chart's rates.
        assertEquals(Map.of(link, Map.of("deliveryCount", 300L), "perf in", Map.of("deliveryCount", 7L)),
                org.maestro.results.reduce.RouterHops.linkTotals(csv), "150 before the restart and 150 after it (from 0)");
        assertEquals(List.of("number of links"), c.charts.stream().filter(x -> !x.rates()).flatMap(x -> x.lines().stream())
                .map(s -> s.label).toList());
        Series count = c.charts.get(1).lines().get(0);
        assertEquals(Double.NaN, count.y(2), "the number of links breaks at the missing sample too");
    }

    private static JsonNode chart(String titlePart) {
        for (JsonNode c : data.path("charts")) {
            if (c.path("title").asText().contains(titlePart)) {
                return c;
            }
        }
        throw new AssertionError("no chart titled ..." + titlePart + "... among " + data.path("charts").findValuesAsText("title"));
    }

    private static List<String> labels(JsonNode chart) {
        List<String> labels = new ArrayList<>();
        chart.path("series").forEach(s -> labels.add(s.path("label").asText()));
        return labels;
    }

    private static JsonNode line(JsonNode chart, String label) {
        for (JsonNode s : chart.path("series")) {
            if (s.path("label").asText().equals(label)) {
                return s;
            }
        }
        throw new AssertionError("no line " + label + " in " + chart.path("title").asText() + ": " + labels(chart));
    }
}
