package org.maestro.reports;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code report RUN_DIR}: builds the run's self-contained report.html and prints its path. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Builds RUN_DIR/report.html: one self-contained page (no network needed) with the verdict, "
                + "criteria, peers, throughput, latency, inspector metrics and agent actions of a run.")
public final class ReportMain implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "the run directory (holds summary.json and peers/)")
    Path runDir;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        try {
            Path report = ReportBuilder.build(runDir);
            spec.commandLine().getOut().println(report.toAbsolutePath());
            return 0;
        } catch (ReportException e) {
            spec.commandLine().getErr().println("report: " + e.getMessage());
            return 2;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportMain()).execute(args));
    }
}
