package org.maestro.client.run;

import org.maestro.reports.results.Summary;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.runfiles.RunLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An incremental test: fixed-rate steps at a rising rate, each a full run of its own under
 * {@code steps/}, until a criterion fails or the maximum is reached. The highest passing step is
 * the sustainable throughput, written to {@code incremental.json}.
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
        List<Map<String, Object>> steps = new ArrayList<>();
        long sustainable = 0;
        String verdict = Summary.FAILED;
        for (long rate = inc.startRate(); rate <= inc.maxRate(); rate += inc.step()) {
            console.line("");
            console.line("=== step at %d msg/s ===", rate);
            Summary s = executors.create(top.resolve("steps")).runStep(plan.atRate(rate, inc.stepDuration()));
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("rate", rate);
            step.put("verdict", s.verdict());
            step.put("run", top.relativize(top.resolve("steps").resolve(s.testId())).toString());
            // A step that did not run has no figures (NotRun): none, not 0.
            step.put("receiveRate", s.totals() == null ? null : s.totals().receiveRate());
            step.put("p99Millis", s.totals() == null || s.totals().responseTime() == null ? null : s.totals().responseTime().p99());
            step.put("reasons", s.reasons());
            steps.add(step);
            if (Summary.ERROR.equals(s.verdict()) || Summary.INTERRUPTED.equals(s.verdict())) {
                verdict = s.verdict();
                break;
            }
            if (!Summary.PASSED.equals(s.verdict())) {
                break;
            }
            sustainable = rate;
            verdict = Summary.PASSED;
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("name", plan.name());
        result.put("sustainableRate", sustainable);
        result.put("verdict", verdict);
        result.put("steps", steps);
        RunFilesWriter.JSON.writeValue(top.resolve(RunLayout.INCREMENTAL_JSON).toFile(), result);
        console.line("");
        console.line("sustainable throughput: %d msg/s (%d step(s)); results in %s", sustainable, steps.size(), top.toAbsolutePath());
        RunPages.report(top, console);
        RunPages.index(runsDir, console);
        return switch (verdict) {
            case Summary.PASSED -> 0;
            case Summary.FAILED -> 1;
            case Summary.INTERRUPTED -> Summary.INTERRUPTED_EXIT;
            default -> 2;
        };
    }
}
