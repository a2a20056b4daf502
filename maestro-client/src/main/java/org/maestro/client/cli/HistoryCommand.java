package org.maestro.client.cli;

import org.maestro.results.history.History;
import org.maestro.results.history.HistoryScan;
import org.maestro.results.history.HistoryTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code maestro history RUNS_DIR}: where each headline metric of each test shifted over its runs (change points). */
@Command(name = "history", mixinStandardHelpOptions = true, description = {"Finds, for each headline metric of each test"
        + " in a directory of runs (receive and send rate, response time p50/p99/p99.9, send delay p99, lost; per route),"
        + " the runs where its series shifts: E-divisive means with a t-test at p 0.001, as Apache Otava does. Each change"
        + " point names the first run after the shift by its build (--tag build=), the mean before and after, the shift"
        + " in % and its confidence."})
final class HistoryCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUNS_DIR", description = "the directory of runs (e.g. runs)")
    Path runs;

    @Option(names = "--test", paramLabel = "NAME", description = "only the runs of the test named NAME")
    String test;

    @Option(names = "--json", description = "print the history as JSON (every series and its change points) for a pipeline")
    boolean json;

    @Override
    public Integer call() throws IOException {
        History history;
        try {
            history = HistoryScan.of(runs, test);
        } catch (IllegalArgumentException e) {
            System.err.println("maestro history: " + e.getMessage());
            return MaestroMain.CANNOT_RUN;
        }
        System.out.print(json ? history.toJson() + System.lineSeparator() : HistoryTable.of(history));
        return MaestroMain.PASSED;
    }
}
