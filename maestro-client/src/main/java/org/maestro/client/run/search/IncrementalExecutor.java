package org.maestro.client.run.search;

import org.maestro.results.Incremental;
import org.maestro.results.reduce.QueueBacklog;
import org.maestro.results.Summary;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.runfiles.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.maestro.client.run.Console;
import org.maestro.client.run.publish.RunPages;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.units.TestDuration;

/**
 * A search for the highest sustainable rate (an incremental test): fixed-rate steps, each a full run of its own under
 * {@code steps/}, chosen by {@link LimitSearch} (a coarse climb, then a bisection to the resolution, a borderline step
 * run again, all within the time cap) and judged by the results model's Sustainability. The result and the
 * throughput–latency curve go to {@code incremental.json} ({@link Incremental}).
 */
public final class IncrementalExecutor {
    private final TestExecutor.Factory executors;
    private final Path runsDir;
    private final Console console;

    public IncrementalExecutor(TestExecutor.Factory executors, Path runsDir, Console console) {
        this.executors = executors;
        this.runsDir = runsDir;
        this.console = console;
    }

    /**
     * Returns the exit code: 0 when a rate was sustainable, 1 when none was, 2 when a step could not run, 130 when
     * interrupted.
     */
    public int run(TestPlan plan) throws IOException, InterruptedException {
        TestPlan.Incremental inc = plan.incremental();
        Path top = Files.createDirectories(runsDir.resolve(RunLayout.runDirName(LocalDateTime.now(), plan.name())));
        LimitSearch search = new LimitSearch(inc);
        List<Incremental.Step> steps = new ArrayList<>();
        long startNanos = System.nanoTime();
        double longestStepSeconds = inc.stepDuration() instanceof TestDuration.ByTime t
                ? t.duration().toMillis() / 1000.0 : 0;
        for (LimitSearch.Next next = search.next(0, longestStepSeconds); next != null;
             next = search.next(secondsSince(startNanos), longestStepSeconds)) {
            console.line("");
            console.line("=== step %d at %d msg/s (%s) ===", steps.size() + 1, next.rate(), next.phase());
            long stepStart = System.nanoTime();
            Summary s = executors.create(top.resolve("steps")).runStep(plan.atRate(next.rate(), inc.stepDuration()));
            longestStepSeconds = Math.max(longestStepSeconds, secondsSince(stepStart));
            Path stepDir = top.resolve("steps").resolve(s.testId());
            Incremental.Step step = search.record(Incremental.Step.of(next.rate(), next.phase(), top.relativize(stepDir).toString(), s,
                    backlog(stepDir, inc.stepDuration()), inc.sustainability()));
            steps.add(step);
            console.line("step at %d msg/s: %s%s", step.rate(), judgement(step),
                    step.reasons().isEmpty() ? "" : " (" + String.join("; ", step.reasons()) + ")");
        }
        Incremental result = Incremental.of(plan.name(), inc.maxRate(), steps, inc.resolution(),
                search.stoppedBy(), inc.sustainability().rule(), secondsSince(startNanos), inc.maxTime().toMillis() / 1000.0);
        result.write(top.resolve(RunLayout.INCREMENTAL_JSON));
        console.line("");
        new CurveTable(result).lines().forEach(console::line);
        console.line("sustainable throughput: %s (%d step(s) in %.0f s); results in %s", result.sustainableText(), steps.size(),
                result.elapsedSeconds(), top.toAbsolutePath());
        RunPages.report(top, console);
        RunPages.index(runsDir, top, console);
        return switch (result.verdict()) {
            case Summary.PASSED -> 0;
            case Summary.FAILED -> 1;
            case Summary.INTERRUPTED -> Summary.INTERRUPTED_EXIT;
            default -> 2;
        };
    }

    /** The SUT's queues over the step's measured span when an inspector sampled them; null otherwise (or by count). */
    private static QueueBacklog backlog(Path stepDir, TestDuration length) throws IOException {
        if (!(length instanceof TestDuration.ByTime t) || !Files.isDirectory(stepDir)) {
            return null;
        }
        return QueueBacklog.readMeasured(stepDir, t.duration().toNanos() / 1000).orElse(null);
    }

    private static String judgement(Incremental.Step step) {
        if (step.sustainable() == null) {
            return step.verdict();
        }
        return (step.sustainable() ? "sustainable" : "not sustainable") + (step.borderline() ? ", borderline" : "");
    }

    private static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }
}
