package org.maestro.client.run;

import org.maestro.reports.results.Incremental;
import org.maestro.reports.results.Summary;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.runfiles.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * An incremental test: fixed-rate steps at a rising rate, each a full run of its own under
 * {@code steps/}, until a criterion fails or the maximum is reached. The highest passing step is
 * the sustainable throughput, written to {@code incremental.json} ({@link Incremental}): a lower bound when no
 * step failed.
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

    /** Returns the exit code: 0 when a step passed, 1 when none did, 2 when a step could not run, 130 when interrupted. */
    public int run(TestPlan plan) throws IOException, InterruptedException {
        TestPlan.Incremental inc = plan.incremental();
        Path top = Files.createDirectories(runsDir.resolve(RunLayout.runDirName(LocalDateTime.now(), plan.name())));
        List<Incremental.Step> steps = new ArrayList<>();
        for (long rate = inc.startRate(); rate <= inc.maxRate(); rate += inc.step()) {
            console.line("");
            console.line("=== step at %d msg/s ===", rate);
            Summary s = executors.create(top.resolve("steps")).runStep(plan.atRate(rate, inc.stepDuration()));
            steps.add(Incremental.Step.of(rate, top.relativize(top.resolve("steps").resolve(s.testId())).toString(), s));
            if (!Summary.PASSED.equals(s.verdict())) {
                break;
            }
        }
        Incremental result = Incremental.of(plan.name(), inc.maxRate(), steps);
        result.write(top.resolve(RunLayout.INCREMENTAL_JSON));
        console.line("");
        console.line("sustainable throughput: %s (%d step(s)); results in %s", result.sustainableText(), steps.size(),
                top.toAbsolutePath());
        RunPages.report(top, console);
        RunPages.index(runsDir, top, console);
        return switch (result.verdict()) {
            case Summary.PASSED -> 0;
            case Summary.FAILED -> 1;
            case Summary.INTERRUPTED -> Summary.INTERRUPTED_EXIT;
            default -> 2;
        };
    }
}
