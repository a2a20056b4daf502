package org.maestro.client.run.publish;

import java.io.IOException;
import java.nio.file.Path;

import org.maestro.common.runfiles.RunLayout;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.ReportException;
import org.maestro.reports.index.RunIndex;
import org.maestro.client.run.Console;

/**
 * The pages a run leaves behind: its report.html, the index.html of the runs directory that lists it, and the
 * directory's {@code latest} file naming it. Any failing is a console line saying why; the run's results (summary.json,
 * junit.xml) stand without them.
 */
public final class RunPages {
    private RunPages() {
    }

    /** Builds {@code runDir/report.html}. */
    public static void report(Path runDir, Console console) {
        try {
            console.line("report: %s", ReportBuilder.build(runDir).toAbsolutePath());
        } catch (ReportException | RuntimeException e) {
            console.line("report: not written: %s", e.getMessage());
        }
    }

    /** Rebuilds {@code runsDir/index.html}, so the run that just ended ({@code runDir}) is listed, and names it in {@code latest}. */
    public static void index(Path runsDir, Path runDir, Console console) {
        try {
            console.line("runs index: %s", RunIndex.build(runsDir).toAbsolutePath());
        } catch (ReportException | RuntimeException e) {
            console.line("runs index: not written: %s", e.getMessage());
        }
        try {
            RunLayout.pointLatestAt(runsDir, runDir);
        } catch (IOException | RuntimeException e) {
            console.line("%s: not written: %s", RunLayout.latest(runsDir), e.getMessage());
        }
    }
}
