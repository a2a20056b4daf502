package org.maestro.client.run;

import java.nio.file.Path;

import org.maestro.reports.ReportBuilder;
import org.maestro.reports.ReportException;
import org.maestro.reports.RunIndex;

/**
 * The pages a run leaves behind: its report.html, and the index.html of the runs directory that lists it.
 * Either failing is a console line saying why; the run's results (summary.json, junit.xml) stand without them.
 */
final class RunPages {
    private RunPages() {
    }

    /** Builds {@code runDir/report.html}. */
    static void report(Path runDir, Console console) {
        try {
            console.line("report: %s", ReportBuilder.build(runDir).toAbsolutePath());
        } catch (ReportException | RuntimeException e) {
            console.line("report: not written: %s", e.getMessage());
        }
    }

    /** Rebuilds {@code runsDir/index.html}, so the new run is listed. */
    static void index(Path runsDir, Console console) {
        try {
            console.line("runs index: %s", RunIndex.build(runsDir).toAbsolutePath());
        } catch (ReportException | RuntimeException e) {
            console.line("runs index: not written: %s", e.getMessage());
        }
    }
}
