package org.maestro.client.run.publish;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.maestro.reports.compare.Baselines;
import org.maestro.reports.compare.Comparison;
import org.maestro.reports.compare.MetricVerdict;
import org.maestro.reports.ReportException;
import org.maestro.client.run.Console;
import org.maestro.results.ComparisonJson;

/**
 * {@code maestro run --baseline}: once the run's files are written, compares it with its baseline(s) (see
 * {@link Comparison}) and prints the verdicts. A regression makes the run's exit code 1. A directory of runs that
 * holds no earlier passed run of the test (the first nightly) is said and is no failure. An inconclusive comparison
 * passes with a warning unless {@code failInconclusive}; {@code --repeat-inconclusive} runs the test again while it is
 * (see {@code PlanRunner}), each repeat compared together with tonight's earlier runs ({@code tonight}), which are no
 * baselines of it.
 *
 * @param baselines          run directories, or directories of runs
 * @param minChange          the smallest relative change that counts for every metric, or null for each metric's own
 * @param repeatInconclusive how many more runs an inconclusive comparison may ask for (0: none)
 * @param failInconclusive   whether an inconclusive final answer fails the run (exit 1, a junit failure)
 * @param tonight            tonight's earlier runs of the test, judged together with the next one
 */
public record BaselineCheck(List<Path> baselines, Double minChange, int repeatInconclusive, boolean failInconclusive,
                            List<Path> tonight) {
    /** The option that runs an inconclusive test again. */
    public static final String REPEAT_OPTION = "--repeat-inconclusive";
    /** The option that fails the run on an inconclusive final answer: the comparison's, as {@code maestro compare} takes it. */
    public static final String FAIL_OPTION = Comparison.FAIL_INCONCLUSIVE_OPTION;

    /** Checks before the test runs, so a mistyped path costs nothing: every baseline must be a directory. */
    public BaselineCheck {
        baselines = List.copyOf(baselines);
        tonight = List.copyOf(tonight);
        for (Path b : baselines) {
            if (!Files.isDirectory(b)) {
                throw new IllegalArgumentException("--baseline " + b + " does not exist or is not a directory");
            }
        }
        if (repeatInconclusive < 0) {
            throw new IllegalArgumentException(REPEAT_OPTION + " " + repeatInconclusive + " must be 0 or more");
        }
        if (repeatInconclusive > 0 && baselines.isEmpty()) {
            throw new IllegalArgumentException(REPEAT_OPTION + " repeats a run whose comparison is inconclusive: give --baseline");
        }
    }

    public BaselineCheck(List<Path> baselines, Double minChange) {
        this(baselines, minChange, 0, false, List.of());
    }

    public boolean isEmpty() {
        return baselines.isEmpty();
    }

    /** The same check for the next run of tonight, judged together with {@code runs} (tonight's so far). */
    public BaselineCheck withTonight(List<Path> runs) {
        return new BaselineCheck(baselines, minChange, repeatInconclusive, failInconclusive, runs);
    }

    /** The overall verdict of the comparison written into {@code runDir}, or "not compared" when it holds none. */
    public String verdict(Path runDir) {
        try {
            return ComparisonJson.read(runDir.resolve(ComparisonJson.FILE)).verdict();
        } catch (IOException e) {
            return "not compared";
        }
    }

    /**
     * The headline metrics the comparison written into {@code runDir} found inconclusive, when its overall verdict is
     * inconclusive; empty otherwise (no comparison, or another verdict).
     */
    public List<String> inconclusive(Path runDir) {
        Path file = runDir.resolve(ComparisonJson.FILE);
        if (isEmpty() || !Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            ComparisonJson c = ComparisonJson.read(file);
            if (!MetricVerdict.INCONCLUSIVE.equals(c.verdict())) {
                return List.of();
            }
            return c.metrics().stream().filter(m -> MetricVerdict.INCONCLUSIVE.equals(m.verdict()))
                    .map(ComparisonJson.MetricResult::metric).toList();
        } catch (IOException e) {
            return List.of();   // an unreadable comparison was said when it was written; nothing to repeat for
        }
    }

    /**
     * Compares and writes comparison.json/html and the junit.xml suite; returns whether the run regressed, its load
     * differs from every baseline's (not comparable), or a figure could not be judged: each fails a nightly (and an
     * inconclusive answer when {@link #failInconclusive}).
     */
    boolean compare(Path runDir, Console console) {
        List<Path> resolved;
        try {
            resolved = Baselines.resolve(baselines, runDir, tonight);
        } catch (ReportException e) {
            console.line("baseline: nothing compared: %s", e.getMessage());
            return false;
        }
        try {
            List<Path> runs = new ArrayList<>(tonight);
            runs.add(runDir);
            Comparison c = Comparison.of(resolved, runs, minChange).withHistory(baselines);
            Path page = c.write(failInconclusive);
            console.line("");
            c.lines().forEach(console::line);
            console.line("comparison: %s", page.toAbsolutePath());
            if (c.isInconclusive() && !failInconclusive) {
                console.line("warning: the comparison is inconclusive; the run passes (%s N runs the test again while it is, "
                        + "%s fails the run on it)", REPEAT_OPTION, FAIL_OPTION);
            }
            return c.fails(failInconclusive);
        } catch (ReportException e) {
            // The run stands without the comparison; a nightly must still see that it was not made.
            console.line("baseline: comparison not made: %s", e.getMessage());
            return false;
        }
    }
}
