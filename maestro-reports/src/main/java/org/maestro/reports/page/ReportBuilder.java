package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.RunLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.ReportException;
import org.maestro.reports.RunDirectory;

/**
 * Builds {@code report.html} in a run directory: one self-contained page (data inline as JSON, chart
 * libraries inlined from webjars) that opens from {@code file://} with no network. An incremental run
 * ({@code incremental.json}, no summary.json) gets a report per step and a top page linking them. Reads the run's files in
 * one streaming pass, so memory stays bounded whatever the number of messages.
 */
public final class ReportBuilder {
    public static final String REPORT_FILE = "report.html";
    private static final Logger LOG = LoggerFactory.getLogger(ReportBuilder.class);

    private ReportBuilder() {
    }

    /**
     * Writes {@code runDir/report.html} (and, for an incremental run, one in each step's directory).
     *
     * @return the report's path
     * @throws ReportException if the directory is not a run directory or one of its files cannot be read
     */
    public static Path build(Path runDir) throws ReportException {
        if (!Files.exists(runDir.resolve(RunLayout.SUMMARY_JSON))
                && Files.isRegularFile(runDir.resolve(RunLayout.INCREMENTAL_JSON))) {
            return IncrementalReport.build(runDir);
        }
        RunDirectory run = RunDirectory.open(runDir);
        ObjectNode data;
        try {
            data = ReportData.build(run);
        } catch (IOException e) {
            throw new ReportException("cannot read run directory " + runDir + ": " + e.getMessage(), e);
        }
        ReportData.dropEmptyCharts(data);
        Path report = runDir.resolve(REPORT_FILE);
        HtmlPage.write(report, "Maestro: " + run.name() + " (" + Objects.requireNonNullElse(run.summary.verdict(), "?") + ")", data);
        LOG.debug("report of {}: {} charts, {} bytes", runDir, data.path("charts").size(), report.toFile().length());
        return report;
    }
}
