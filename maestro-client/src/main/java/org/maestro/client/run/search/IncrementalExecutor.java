package org.maestro.client.run.search;

import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;
import org.maestro.results.reduce.QueueBacklog;
import org.maestro.results.Summary;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.runfiles.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.maestro.client.run.Console;
import org.maestro.client.run.publish.RunPages;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.units.TestDuration;

/**
 * A search for the highest sustainable rate (an incremental test): fixed-rate steps, each a full run of its own under
 * {@code steps/}, chosen by {@link LimitSearch} (a coarse climb, then a bisection to the resolution, a borderline step
 * run again, all within the time cap) and judged by the results model's Sustainability. The search ends with a
 * confirmation run ({@link ConfirmationRun}) at the rate it found, from the state a user's next run starts in and for
 * at least three step durations; when it does not hold, the rate is lowered and confirmed again, at most
 * {@code confirmTries} times. The result, the confirmation and the throughput–latency curve go to
 * {@code incremental.json} ({@link Incremental}).
 */
public final class IncrementalExecutor {
    /** Where the confirmation runs' directories go, beside {@code steps/}. */
    public static final String CONFIRM_DIR = "confirm";
    /** How much lower than a confirmation that did not hold the next one runs, at least (and at least the resolution). */
    static final double LOWER_BY = 0.05;

    private final TestExecutor.Factory executors;
    private final Path runsDir;
    private final Console console;
    private final Function<TestPlan, ConfirmationRun> confirmation;

    /** Confirming on the cluster the steps ran on ({@link ConfirmationRun#sameWorkers}). */
    public IncrementalExecutor(TestExecutor.Factory executors, Path runsDir, Console console) {
        this(executors, runsDir, console, plan -> ConfirmationRun.sameWorkers(executors, plan));
    }

    /** @param confirmation given the search's plan, where its confirmation runs */
    public IncrementalExecutor(TestExecutor.Factory executors, Path runsDir, Console console,
                               Function<TestPlan, ConfirmationRun> confirmation) {
        this.executors = executors;
        this.runsDir = runsDir;
        this.console = console;
        this.confirmation = confirmation;
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
        if (result.sustainableRate() != null && inc.confirmTries() > 0 && Summary.PASSED.equals(result.verdict())) {
            result = result.withConfirmations(confirm(plan, result.sustainableRate(), top));
            result.write(top.resolve(RunLayout.INCREMENTAL_JSON));
        }
        console.line("");
        new CurveTable(result).lines().forEach(console::line);
        console.line("sustainable throughput: %s (%d step(s) in %.0f s); results in %s", result.sustainableText(), steps.size(),
                result.elapsedSeconds(), top.toAbsolutePath());
        if (result.confirmedText() != null) {
            console.line("%s", result.confirmedText());
            console.line("limit: %s", result.limitRate() == null ? "none confirmed (the steps' rate did not hold from "
                    + result.confirmations().get(0).start() + ")" : result.limitRate() + " msg/s (the confirmed rate: run at or below it, judged by "
                    + plan.criteria().stream().map(Criterion::text).collect(Collectors.joining(", ")) + ")");
        }
        RunPages.report(top, console);
        RunPages.index(runsDir, top, console);
        return switch (result.verdict()) {
            case Summary.PASSED -> 0;
            case Summary.FAILED -> 1;
            case Summary.INTERRUPTED -> Summary.INTERRUPTED_EXIT;
            default -> 2;
        };
    }

    /**
     * Confirmation runs from {@code rate} down: each at a rate the one before did not hold, lowered by {@link #lowered},
     * until one holds; then, while tries are left, up again by {@link #between} the highest that held and the lowest that
     * did not (a cold start that fell far behind achieved much less than it can hold). It stops when one cannot be
     * judged (an error, an interruption), the two are within {@link #LOWER_BY} or the resolution, or {@code confirmTries}
     * have run; the last that held (the highest) is the answer.
     */
    private List<Confirmation> confirm(TestPlan plan, long rate, Path top) throws IOException, InterruptedException {
        TestPlan.Incremental inc = plan.incremental();
        ConfirmationRun where = confirmation.apply(plan);
        List<Confirmation> runs = new ArrayList<>();
        long heldAt = -1;
        long failedAt = -1;
        for (int n = 1; n <= inc.confirmTries() && rate > 0; n++) {
            console.line("");
            console.line("=== confirmation %d (of at most %d) at %d msg/s for %s from %s, warm-up %s ===", n, inc.confirmTries(),
                    rate, inc.confirmDuration(), where.start(), plan.confirmationAt(rate).warmup());
            Incremental.Step figures;
            try {
                ConfirmationRun.Ran ran = where.run(rate, top.resolve(CONFIRM_DIR));
                figures = Incremental.Step.of(rate, Incremental.Step.CONFIRM, top.relativize(ran.runDir()).toString(),
                        ran.summary(), backlog(ran.runDir(), inc.confirmDuration()), inc.sustainability());
            } catch (IOException e) {
                // It could not run (its JVM did not start, left no run): the search's answer stays unconfirmed, an error.
                figures = Incremental.Step.builder().rate(rate).verdict(Summary.ERROR).phase(Incremental.Step.CONFIRM)
                        .reasons(List.of("the confirmation could not run: " + e.getMessage())).build();
            }
            Confirmation c = new Confirmation(rate, seconds(inc.confirmDuration(), rate), where.start(), figures);
            runs.add(c);
            console.line("confirmation at %d msg/s: %s%s", rate, c.held() ? "held" : judgement(figures),
                    figures.reasons().isEmpty() ? "" : " (" + String.join("; ", figures.reasons()) + ")");
            if (figures.sustainable() == null) {
                break;
            }
            if (c.held()) {
                heldAt = rate;
            } else {
                failedAt = rate;
            }
            rate = heldAt < 0 ? lowered(rate, figures.receiveRate(), inc.resolution())
                    : failedAt < 0 ? 0 : between(heldAt, failedAt, inc.resolution());
        }
        return runs;
    }

    /**
     * The rate to confirm after one that did not hold at {@code rate}: at least {@link #LOWER_BY} and the resolution
     * lower, and no higher than what that run achieved (rounded down to the resolution): a cold start that fell far
     * behind is not asked for nearly as much again. 0 or less: no rate is left to try.
     */
    static long lowered(long rate, Double achieved, long resolution) {
        long next = rate - Math.max(resolution, Math.round(rate * LOWER_BY));
        if (achieved != null && achieved < next) {
            next = (long) (achieved / resolution) * resolution;
        }
        return next;
    }

    /**
     * The rate to confirm between one that held and a higher one that did not: half-way, rounded down to the
     * resolution; 0 (none) when they are within {@link #LOWER_BY} of the higher or the resolution.
     */
    static long between(long held, long failed, long resolution) {
        if (failed - held <= Math.max(resolution, Math.round(failed * LOWER_BY))) {
            return 0;
        }
        long half = (held + failed) / 2 / resolution * resolution;
        return half > held ? half : 0;
    }

    /** A run's length in seconds: its time, or its message count at {@code rate}. */
    private static double seconds(TestDuration d, long rate) {
        return d instanceof TestDuration.ByTime t ? t.duration().toMillis() / 1000.0
                : ((TestDuration.ByCount) d).messages() / (double) rate;
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
