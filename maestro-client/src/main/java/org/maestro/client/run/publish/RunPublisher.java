package org.maestro.client.run.publish;

import org.maestro.results.Summary;

import java.nio.file.Path;
import org.maestro.client.run.Console;
import org.maestro.results.StartSkew;

/**
 * What a finished run shows and leaves behind, once its summary is written: the summary's lines on the console, the
 * comparison with its baselines, report.html, and the runs directory's index.html listing it.
 */
public final class RunPublisher {
    private final Console console;
    private final BaselineCheck baseline;

    public RunPublisher(Console console, BaselineCheck baseline) {
        this.console = console;
        this.baseline = baseline;
    }

    /**
     * @param runsDir the runs directory whose index lists the run, or null to leave the index alone (the steps of an
     *                incremental test, which refreshes it at its end)
     * @return whether the run was worse than its baseline (always false without one)
     */
    public boolean publish(Summary summary, Path runDir, Path runsDir) {
        console.line("");
        SummaryTable.print(summary, console);
        if (summary.startSkew() != null) {
            console.line("%s", StartSkew.describe(summary.startSkew()));
        }
        if (summary.clockCheck() != null) {
            summary.clockCheck().warnings().forEach(w -> console.line("warning: %s", w));
        }
        console.line("run directory: %s", runDir.toAbsolutePath());
        boolean regressed = !baseline.isEmpty() && baseline.compare(runDir, console);
        RunPages.report(runDir, console);
        if (runsDir != null) {
            // After the comparison: the index shows its verdict.
            RunPages.index(runsDir, runDir, console);
        }
        return regressed;
    }
}
