package org.maestro.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.results.BuildTags;
import org.maestro.results.ComparisonJson;
import org.maestro.results.Summary;
import org.maestro.results.history.History;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35, "what must be shown": a history of 15 real nights, each a {@code --local} run of 2 s recorded by {@code
 * --tag build=}, 10 at 400 msg/s, then a slowed SUT (the senders' rate capped at half); {@code maestro history} names
 * the first slow night's build as the change point and finds none in the first 10. A 16th night, still slowed, run with
 * {@code --baseline runs}, says since which build its receive rate fell, on the console and in comparison.json.
 *
 * <p>The SUT is one standalone Artemis started once for the class (an embedded one per run would add seconds to each of
 * the 16), sampled by an inspector over its Jolokia, so every night also records the broker's version as its SUT.
 */
@Integration
class HistoryOfRunsTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final int FIRST_BUILD = 401;
    private static final int STEADY_NIGHTS = 10;
    private static final int NIGHTS = 15;
    private static final String QUEUE = "history.queue";
    /**
     * The steady nights' rate, msg/s; the slowed nights' is half. Low enough that a 2-core host shared with other builds
     * (a load of 15 and more) keeps up with it, so every night passes its own criteria, as a nightly's baselines must.
     */
    private static final int STEADY_RATE = 400;

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path tmp;

    @Test
    void theFirstSlowNightIsTheChangePointNamedByItsBuild() throws Exception {
        Path runs = tmp.resolve("runs");
        for (int night = 0; night < NIGHTS; night++) {
            Summary s = night(runs, night < STEADY_NIGHTS ? STEADY_RATE : STEADY_RATE / 2, FIRST_BUILD + night, List.of());
            assertEquals(Integer.toString(FIRST_BUILD + night), BuildTags.build(s.build()), "--tag build= is in summary.json");
            assertTrue(String.valueOf(BuildTags.sut(s.build())).startsWith("ActiveMQ Artemis 2."),
                    "the inspector read the broker's version: " + s.build());
        }

        MaestroCommand.Result table = MaestroCommand.run("history", runs.toString(), "--test", "fixed-rate");
        assertEquals(0, table.exitCode(), table.output());
        assertTrue(table.output().contains("test fixed-rate: 15 runs, build 401 "), table.output());
        assertTrue(table.output().matches("(?s).*receive rate +build 411 .*"), table.output());

        MaestroCommand.Result json = MaestroCommand.run("history", runs.toString(), "--json");
        Path file = Files.writeString(tmp.resolve("history.json"), json.output());
        History history = History.read(file);
        History.TestHistory test = history.test("fixed-rate");
        assertEquals(NIGHTS, test.runs().size());
        History.Series rate = test.series().stream().filter(s -> s.metric().equals("receive rate")).findFirst().orElseThrow();
        assertEquals(1, rate.changePoints().size(), rate.changePoints().toString());
        History.ChangePoint at = rate.changePoints().get(0);
        assertEquals("411", at.build());
        assertEquals(NIGHTS - 1 - STEADY_NIGHTS, at.runsAgo());
        assertEquals(-50, at.changePercent(), 5, "the rate was capped at half");
        assertTrue(at.confidence() >= 0.999, at.toString());
        // The figures the schedule sets have no change among the steady nights. Latency is left out: a 2 s night's
        // p99 moves with the host and with this JVM's JIT, which warms over the first nights (p99 11 ms, then 4 ms,
        // was seen), a change that is really in the data.
        for (History.Series s : test.series()) {
            if (s.unit().equals("ms")) {
                continue;
            }
            assertFalse(s.changePoints().stream().anyMatch(c -> c.index() < STEADY_NIGHTS),
                    s.label() + ": a change point among the steady nights: " + s.changePoints());
        }
        assertTrue(history.notes().isEmpty(), history.notes().toString());

        // Tonight, build 416, still slowed, judged against the runs: the nightly says since which build.
        MaestroCommand.Result nightly = run(runs, STEADY_RATE / 2, FIRST_BUILD + NIGHTS, List.of("--baseline", runs.toString()));
        ComparisonJson comparison = ComparisonJson.read(RunLayout.latestRun(runs).orElseThrow().resolve(ComparisonJson.FILE));
        ComparisonJson.Step step = comparison.steps().stream().filter(st -> st.metric().equals("receive rate")).findFirst()
                .orElseThrow(() -> new AssertionError(comparison.steps().toString()));
        // Tonight's rate is measured (about 200 msg/s against the steady ~400): the step is -50 % within the 5
        // points the history's own change point is held to above, and the console shows comparison.json's line.
        assertEquals(-50, step.changePercent(), 5, step.toString());
        assertTrue(step.text().matches("receive rate -\\d+(\\.\\d)? % since build 411 \\(5 runs ago\\),"
                + " confidence > 99\\.999 %"), step.text());
        assertTrue(nightly.output().contains("\nhistory: " + step.text() + "\n"), nightly.output());
        assertEquals("build 411", step.since());
        assertEquals(5, step.runsAgo());
    }

    /** A real 2 s night against the class's Artemis at {@code rate} msg/s, recorded as build {@code build}. */
    private static Summary night(Path runs, int rate, int build, List<String> more) throws Exception {
        List<Path> before = runDirs(runs);
        MaestroCommand.Result r = run(runs, rate, build, more);
        assertEquals(0, r.exitCode(), r.output());
        Path dir = runDirs(runs).stream().filter(d -> !before.contains(d)).findFirst().orElseThrow();
        return Summary.read(dir.resolve(RunLayout.SUMMARY_JSON));
    }

    /** {@code maestro run fixed-rate.groovy --local} against the class's Artemis, its inspector on the broker's Jolokia. */
    private static MaestroCommand.Result run(Path runs, int rate, int build, List<String> more) {
        List<String> args = new ArrayList<>(List.of("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "url=" + lab.sut().amqpUrl(QUEUE), "-P", "jolokia=" + lab.sut().jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD),
                "-P", "duration=2s", "-P", "warmup=0s", "-P", "rate=" + rate, "-P", "p99=10 s",
                "--tag", BuildTags.BUILD + "=" + build));
        args.addAll(more);
        return MaestroCommand.run(args.toArray(String[]::new));
    }

    /**
     * A real 2 s run at {@code rate} msg/s on this machine, recorded as build {@code build}; its p99 bound is wide (a
     * busy host's p99 of 130 ms failed the script's 100 ms), since only its figures matter here.
     */
    static Summary realNight(Path runs, int rate, int build) throws Exception {
        List<Path> before = runDirs(runs);
        MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "duration=2s", "-P", "warmup=0s", "-P", "rate=" + rate,
                "-P", "p99=10 s", "--tag", BuildTags.BUILD + "=" + build);
        assertEquals(0, r.exitCode(), r.output());
        Path dir = runDirs(runs).stream().filter(d -> !before.contains(d)).findFirst().orElseThrow();
        return Summary.read(dir.resolve(RunLayout.SUMMARY_JSON));
    }

    static List<Path> runDirs(Path runs) throws Exception {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            return dirs.filter(Files::isDirectory).filter(d -> !Files.isSymbolicLink(d)).toList();
        }
    }

    /** The run's files too, so that a comparison with it can measure its spread from its own rate and HDR logs. */
    static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
