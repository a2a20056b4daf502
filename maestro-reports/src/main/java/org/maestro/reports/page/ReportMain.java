package org.maestro.reports.page;

import org.maestro.common.cli.OneLineErrors;
import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import org.maestro.reports.ReportException;
import org.maestro.reports.index.RunIndex;
import org.maestro.reports.StreamsCommand;

/**
 * {@code report RUN_DIR}: builds the run's self-contained report.html and prints its path;
 * {@code report --index RUNS_DIR}: builds the runs directory's index.html.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Builds RUN_DIR/report.html: one self-contained page (no network needed) with the verdict, "
                + "criteria, peers, throughput, latency, inspector metrics and agent actions of a run. With --index, "
                + "builds RUNS_DIR/index.html: every run of a runs directory, newest first, with trend charts.")
public final class ReportMain extends StreamsCommand {

    @Parameters(index = "0", paramLabel = "DIR",
            description = "the run directory (holds summary.json and peers/), or with --index the runs directory")
    Path dir;

    @Option(names = "--index", description = "DIR is a runs directory (e.g. runs): build DIR/index.html listing its runs")
    boolean index;

    @Override
    public Integer call() {
        try {
            Path page = index ? RunIndex.build(dir) : ReportBuilder.build(dir);
            out().println(page.toAbsolutePath());
            return 0;
        } catch (ReportException e) {
            err().println("report: " + e.getMessage());
            return 2;
        }
    }

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new ReportMain(), "report", args));
    }
}
