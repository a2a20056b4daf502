package org.maestro.client.run.publish;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.maestro.reports.compare.Baselines;
import org.maestro.reports.compare.Comparison;
import org.maestro.reports.ReportException;
import org.maestro.client.run.Console;

/**
 * {@code maestro run --baseline}: once the run's files are written, compares it with its baseline(s) (see
 * {@link Comparison}) and prints the verdicts. A regression makes the run's exit code 1. A directory of runs that
 * holds no earlier passed run of the test (the first nightly) is said and is no failure.
 *
 * @param baselines run directories, or directories of runs
 * @param minChange the smallest relative change that counts for every metric, or null for each metric's own
 */
public record BaselineCheck(List<Path> baselines, Double minChange) {

    /** Checks before the test runs, so a mistyped path costs nothing: every baseline must be a directory. */
    public BaselineCheck {
        baselines = List.copyOf(baselines);
        for (Path b : baselines) {
            if (!Files.isDirectory(b)) {
                throw new IllegalArgumentException("--baseline " + b + " does not exist or is not a directory");
            }
        }
    }

    public boolean isEmpty() {
        return baselines.isEmpty();
    }

    /**
     * Compares and writes comparison.json/html and the junit.xml suite; returns whether the run regressed, its load
     * differs from every baseline's (not comparable), or a figure could not be judged: each fails a nightly.
     */
    boolean compare(Path runDir, Console console) {
        List<Path> resolved;
        try {
            resolved = Baselines.resolve(baselines, runDir);
        } catch (ReportException e) {
            console.line("baseline: nothing compared: %s", e.getMessage());
            return false;
        }
        try {
            Comparison c = Comparison.of(resolved, runDir, minChange).withHistory(baselines);
            Path page = c.write();
            console.line("");
            c.lines().forEach(console::line);
            console.line("comparison: %s", page.toAbsolutePath());
            return c.fails();
        } catch (ReportException e) {
            // The run stands without the comparison; a nightly must still see that it was not made.
            console.line("baseline: comparison not made: %s", e.getMessage());
            return false;
        }
    }
}
