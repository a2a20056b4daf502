package org.maestro.client.cli;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.RunRecord;
import org.maestro.common.util.SecretFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code maestro confirm-limit PLAN --runs DIR}: a {@code --local} limit search's confirmation run, started by the search
 * in a JVM of its own ({@link ColdConfirmation}), never by hand: the plan (a secret file: its URLs keep their
 * passwords) run as {@code maestro run --local} runs a script's test, on a cluster of its own.
 */
@Command(name = ConfirmLimitCommand.NAME, hidden = true, description = "Runs a --local limit search's confirmation (the search starts it).")
final class ConfirmLimitCommand implements Callable<Integer> {
    static final String NAME = "confirm-limit";
    static final String RUNS = "--runs";
    static final String HANDLERS = "--handlers";

    @Parameters(paramLabel = "PLAN", description = "the plan, as the search wrote it (readable by its owner only)")
    Path plan;

    @Option(names = RUNS, required = true, description = "where its run directory goes")
    Path runs;

    @Option(names = HANDLERS, description = "the handlers an agent without a source takes")
    Path handlers;

    @Override
    public Integer call() throws Exception {
        TestPlan test;
        try {
            test = RunRecord.plan(SecretFile.readAll(plan, NAME + " PLAN"));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("maestro: " + NAME + ": " + e.getMessage());
            return MaestroMain.CANNOT_RUN;
        }
        return PlanRunner.run(test, new RunInputs.Builder().local(true, handlers).runs(runs).build());
    }
}
