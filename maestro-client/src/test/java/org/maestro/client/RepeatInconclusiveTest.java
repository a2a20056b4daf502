package org.maestro.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.Integration;
import org.maestro.results.ComparisonJson;
import org.maestro.results.Summary;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35: {@code --repeat-inconclusive} seen repeating, and stopping when decided. Ten baselines are copies of one
 * real 2 s {@code --local} run (as {@link HistoryOfRunsTest} builds its history; the real run itself is marked failed,
 * so it is no baseline), their rates scattered by ±0.71 % (a standard deviation of 0.75 %: alone, a 2 s run's rate
 * follows its schedule far more closely). With some 13 metrics judged, Holm's first step holds a fall to t(1 - 1 % / 13;
 * 9) ≈ 4.48 times its noise: against one run of tonight the smallest detectable fall is 4.48 · 0.75 % · √(1 + 1/10) =
 * 3.5 %, above the rates' 3 % floor (inconclusive); against the mean of two, 4.48 · 0.75 % · √(1/2 + 1/10) = 2.6 %
 * (decided). The window holds for 8 to 20 metrics judged. The copies' latencies are ten times the real run's, so that
 * tonight's (real, and on a shared host unsteady) latency tails are "better", not what decides: the rates are.
 */
@Integration
class RepeatInconclusiveTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final int BASELINES = 10;
    /** ±c gives 10 values of standard deviation c · √(10/9): 0.75 %. */
    private static final double RATE_SCATTER = 0.0075 / Math.sqrt(10.0 / 9);

    @TempDir
    Path tmp;

    @Test
    void anInconclusiveNightlyRunsAgainUntilTonightsRunsDecide() throws Exception {
        Path runs = tmp.resolve("runs");
        Summary seed = HistoryOfRunsTest.realNight(runs, 1000, 500);
        Instant first = Instant.now().minus(Duration.ofDays(BASELINES + 1));
        for (int i = 0; i < BASELINES; i++) {
            copy(runs, seed, i, first.plus(Duration.ofDays(i)), 1 + (i % 2 == 0 ? RATE_SCATTER : -RATE_SCATTER));
        }
        seed.toBuilder().verdict(Summary.FAILED).build().write(runs.resolve(seed.testId()).resolve(RunLayout.SUMMARY_JSON));

        List<Path> before = HistoryOfRunsTest.runDirs(runs);
        MaestroCommand.Result nightly = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "duration=2s", "-P", "warmup=0s", "-P", "rate=1000", "-P", "p99=10 s",
                "--baseline", runs.toString(), "--repeat-inconclusive", "3");
        String out = nightly.output();
        assertEquals(0, nightly.exitCode(), out);
        List<Path> tonight = HistoryOfRunsTest.runDirs(runs).stream().filter(d -> !before.contains(d)).sorted().toList();
        assertEquals(2, tonight.size(), "one repeat decided: " + out);
        String firstRun = tonight.get(0).getFileName().toString();
        assertTrue(out.matches("(?s).*\\ninconclusive \\([^)]*receive rate[^)]*\\): repeat 1 of 3, judged with tonight's \\["
                + firstRun + "]\\n.*"), out);
        assertFalse(out.contains("repeat 2 of 3"), out);
        assertTrue(out.contains("tonight's 2 runs [" + firstRun + ", " + tonight.get(1).getFileName() + "]: decided: better"), out);

        ComparisonJson alone = ComparisonJson.read(tonight.get(0).resolve(ComparisonJson.FILE));
        assertEquals("inconclusive", alone.verdict(), out);
        assertTrue(Files.readString(tonight.get(0).resolve(RunLayout.JUNIT_XML)).contains("<skipped message=\"receive rate: "));
        ComparisonJson together = ComparisonJson.read(tonight.get(1).resolve(ComparisonJson.FILE));
        assertEquals("better", together.verdict(), "tonight's latencies are a tenth of the copies'; the rates are the same: "
                + out);
        assertEquals(BASELINES, together.baselines().size());
        assertTrue(together.baselines().stream().noneMatch(b -> b.run().equals(firstRun)), "tonight's first run is no baseline");
        assertTrue(together.notes().get(0).startsWith("tonight's 2 runs judged together") && together.notes().get(0)
                .endsWith(firstRun + ", " + tonight.get(1).getFileName()), together.notes().toString());
    }

    /** Baseline {@code i}: the real run's files and summary.json at {@code start}, its rates times {@code rate}. */
    private static void copy(Path runs, Summary of, int i, Instant start, double rate) throws Exception {
        String id = of.testId() + "-copy-" + i;
        Summary.Totals t = of.totals();
        Summary.Totals moved = new Summary.Totals(t.sent(), t.received(), t.lost(), t.duplicated(), t.outOfOrder(),
                t.sendRate() * rate, t.receiveRate() * rate, tenfold(t.responseTime()), tenfold(t.serviceTime()),
                tenfold(t.sendDelay()));
        Path dir = runs.resolve(id);
        HistoryOfRunsTest.copyTree(runs.resolve(of.testId()), dir);
        of.toBuilder().testId(id).start(start.toString()).totals(moved).build().write(dir.resolve(RunLayout.SUMMARY_JSON));
    }

    private static Summary.Latency tenfold(Summary.Latency l) {
        return l == null ? null : new Summary.Latency(l.count(), 10 * l.p50(), 10 * l.p90(), 10 * l.p99(), 10 * l.p999(),
                10 * l.max());
    }
}
