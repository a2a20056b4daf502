package org.maestro.results.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.results.ComparisonJson;
import org.maestro.results.ActionResult;
import org.maestro.results.Summary;

/** A runs directory read into each test's series and change points; what is not a run skipped with a note. */
class HistoryScanTest {
    @TempDir
    Path runs;

    private static final Instant FIRST = Instant.parse("2026-11-01T02:00:00Z");

    /** Night {@code night} of test {@code name}: build 400 + night, receive rate {@code rate}, p99 {@code p99}. */
    private void night(String name, int night, double rate, double p99, String verdict, List<Summary.RouteResult> routes)
            throws Exception {
        Path dir = Files.createDirectories(runs.resolve(String.format("202611%02d-020000-%s", night + 1, name)));
        Summary.Latency response = new Summary.Latency(1000, p99 / 10, p99 / 2, p99, p99 * 1.5, p99 * 2);
        Summary.Totals totals = new Summary.Totals(1000L, 1000L, 0L, 0L, 0L, 1000.0, rate, response, null, null);
        Summary.builder().testId(dir.getFileName().toString()).name(name).start(FIRST.plusSeconds(86400L * night).toString())
                .verdict(verdict).totals(totals).routes(routes).build(Map.of("build", Integer.toString(400 + night)))
                .build().write(dir.resolve("summary.json"));
    }

    @Test
    void theFirstSlowRunIsNamedByItsBuildAndTheSteadyMetricsHaveNone() throws Exception {
        Random random = new Random(1);
        for (int night = 0; night < 15; night++) {
            double level = night < 10 ? 1000 : 800;
            night("nightly", night, level + 10 * random.nextGaussian(), 5 + 0.2 * random.nextGaussian(), "passed", List.of());
        }
        Files.createDirectories(runs.resolve("20261130-020000-killed"));   // no summary.json
        night("nightly", 20, 0, 0, "error", List.of());                    // measured nothing

        History history = HistoryScan.of(runs, null);
        History.TestHistory test = history.test("nightly");
        assertEquals(15, test.runs().size());
        assertEquals("412", test.runs().get(12).build());
        History.Series rate = test.series().stream().filter(s -> s.metric().equals("receive rate")).findFirst().orElseThrow();
        assertEquals(1, rate.changePoints().size(), rate.changePoints().toString());
        History.ChangePoint at = rate.changePoints().get(0);
        assertEquals("410", at.build());
        assertEquals(10, at.index());
        assertEquals(4, at.runsAgo());
        assertEquals(-20, at.changePercent(), 2);
        assertTrue(at.confidence() >= 0.999);
        History.Series p99 = test.series().stream().filter(s -> s.metric().equals("response time p99")).findFirst().orElseThrow();
        assertEquals(List.of(), p99.changePoints(), "p99 did not move");
        assertEquals(List.of("20261121-020000-nightly: error, measured nothing to follow, skipped",
                "20261130-020000-killed: no summary.json, skipped"), history.notes(), "in the directories' order");

        String table = HistoryTable.of(history);
        assertTrue(table.contains("receive rate build 410  2026-11-11 02:00 4"), table);
        assertTrue(table.contains("no change point: send rate, response time p50, response time p99"), table);

        Path json = runs.resolve("history.json");
        history.write(json);
        assertEquals(history, History.read(json), "--json reads back as written");
    }

    @Test
    void anActionsOutageIsFollowedAsTheComparisonNamesItAndANightWithoutResumeIsUnknown() throws Exception {
        Random random = new Random(2);
        for (int night = 0; night < 15; night++) {
            long outage = night == 5 ? -1 : Math.round((night < 10 ? 4000 : 8000) + 100 * random.nextGaussian());
            Path dir = Files.createDirectories(runs.resolve(String.format("202611%02d-020000-fault", night + 1)));
            Summary.builder().testId(dir.getFileName().toString()).name("fault")
                    .start(FIRST.plusSeconds(86400L * night).toString()).verdict("passed")
                    .totals(new Summary.Totals(1000L, 1000L, 0L, 0L, 0L, 500.0, 500.0, null, null, null))
                    .actions(List.of(ActionResult.builder().handler("restart-router.sh").outcome("succeeded")
                            .outageMillis(outage).build()))
                    .build(Map.of("build", Integer.toString(400 + night))).build().write(dir.resolve("summary.json"));
        }
        History.Series outage = HistoryScan.of(runs, null).test("fault").series().stream()
                .filter(x -> x.metric().equals(ActionResult.outageLabel(0, "restart-router.sh"))).findFirst().orElseThrow();
        assertEquals("outage after action 1 (restart-router.sh)", outage.metric());
        assertEquals("ms", outage.unit());
        assertNull(outage.values().get(5), "a flow that never resumed has no outage length to follow");
        assertEquals(1, outage.changePoints().size(), outage.changePoints().toString());
        assertEquals("410", outage.changePoints().get(0).build());
        assertEquals(100, outage.changePoints().get(0).changePercent(), 10);
    }

    @Test
    void theLatestRunContinuesAStepThatBeganEarlier() throws Exception {
        Random random = new Random(2);
        for (int night = 0; night < 14; night++) {
            double p99 = (night < 10 ? 5 : 5.9) * (1 + 0.01 * random.nextGaussian());
            night("nightly", night, 1000 + random.nextGaussian(), p99, "passed", List.of());
        }
        History.TestHistory test = HistoryScan.of(runs, null).test("nightly");
        String tonight = test.runs().get(13).run();
        List<String> steps = OngoingShifts.of(test, tonight).stream().map(ComparisonJson.Step::text).toList();
        // night() derives every percentile from the p99: they all moved, the rates did not.
        assertEquals(List.of("response time p50", "response time p99", "response time p99.9"),
                OngoingShifts.of(test, tonight).stream().map(ComparisonJson.Step::metric).toList(), steps.toString());
        assertTrue(steps.get(1).matches("response time p99 \\+1[78](\\.\\d)? % since build 410 \\(3 runs ago\\),"
                + " confidence > 99\\.999 %"), steps.get(1));
        assertEquals(List.of(), OngoingShifts.of(test, test.runs().get(12).run()), "only the latest run continues a step");
    }

    @Test
    void routesHaveSeriesOfTheirOwnAndATestCanBeChosen() throws Exception {
        for (int night = 0; night < 8; night++) {
            Summary.Totals east = new Summary.Totals(10L, 10L, 0L, 0L, 0L, 10.0, 10.0 + night % 2, null, null, null);
            List<Summary.RouteResult> routes = List.of(new Summary.RouteResult("east", "amqp", "", List.of(), east, null),
                    new Summary.RouteResult("west", "core", "", List.of(), east, null));
            night("two-routes", night, 20, 1, "failed", routes);
            night("other", night, 20, 1, "passed", List.of());
        }
        History history = HistoryScan.of(runs, "two-routes");
        assertEquals(List.of("two-routes"), history.tests().stream().map(History.TestHistory::name).toList());
        assertTrue(history.tests().get(0).series().stream().anyMatch(s -> "route west: receive rate".equals(s.label())));

        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> HistoryScan.of(runs, "nightly"));
        assertEquals("no run of test 'nightly' in " + runs + " (its tests: other, two-routes)", none.getMessage());
        IllegalArgumentException notADir = assertThrows(IllegalArgumentException.class,
                () -> HistoryScan.of(runs.resolve("nope"), null));
        assertEquals(runs.resolve("nope") + " is not a directory of runs", notADir.getMessage());
    }

    @Test
    void aConfidenceIsShownDownToItsDigitAndAShiftWithItsSign() {
        assertEquals("99.9 %", HistoryTable.confidence(1 - 0.001));
        assertEquals("99.958 %", HistoryTable.confidence(0.999_589));
        assertEquals("> 99.999 %", HistoryTable.confidence(1 - 1e-7));
        assertEquals("+18.2", HistoryTable.signed(18.24));
        assertEquals("-50", HistoryTable.signed(-50.01));
    }
}
