package org.maestro.client.cli;

import org.maestro.client.control.ControlClient;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.Console;
import org.maestro.client.run.search.ConfirmationRun;
import org.maestro.client.run.search.IncrementalExecutor;
import org.maestro.client.run.Interruption;
import org.maestro.client.run.start.PeerRefusals;
import org.maestro.client.run.TestExecutor;
import org.maestro.client.run.publish.BaselineCheck;
import org.maestro.results.Summary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One test of {@code run} or {@code demo}, from the checks that cost nothing to its exit code: refused before any peer
 * is touched when it cannot run, then on the cluster {@link LocalOrRemote} picks, Ctrl-C and SIGTERM ending it in order.
 */
final class PlanRunner {
    private PlanRunner() {
    }

    static int run(TestPlan plan, RunInputs inputs) throws Exception {
        return run(plan, inputs, new ArrayList<>());
    }

    /** @param runDirs given the run directory the test wrote (none for an incremental test, which has steps) */
    static int run(TestPlan plan, RunInputs inputs, List<Path> runDirs) throws Exception {
        if (!inputs.baseline().isEmpty() && plan.incremental() != null) {
            System.err.println("maestro: --baseline compares runs of a fixed test; this script is incremental (compare its steps "
                    + "with maestro compare)");
            return MaestroMain.CANNOT_RUN;
        }
        Console console = new Console(System.out);
        Interruption interruption = new Interruption(Thread.currentThread());
        try (InterruptSignals signals = InterruptSignals.install(interruption, console)) {
            int code = run(plan, inputs, console, interruption, runDirs);
            return interruption.requested() ? Summary.INTERRUPTED_EXIT : code;
        }
    }

    private static int run(TestPlan plan, RunInputs inputs, Console console, Interruption interruption, List<Path> runDirs)
            throws Exception {
        // Before any peer is touched: a setting the peers would refuse costs nothing and leaves no run directory.
        Optional<String> refused = PeerRefusals.of(plan);
        if (refused.isPresent()) {
            System.err.println("maestro: the peers would refuse this test: " + refused.get());
            return MaestroMain.CANNOT_RUN;
        }
        return LocalOrRemote.run(plan, inputs, console,
                (complete, client, runFiles) -> execute(plan, complete, client, inputs, console, interruption, runDirs, runFiles));
    }

    /** @param scripted the plan as the script built it, before the cluster completed it ({@code plan}) */
    private static int execute(TestPlan scripted, TestPlan plan, ControlClient client, RunInputs inputs, Console console,
                               Interruption interruption, List<Path> runDirs, TestExecutor.RunFiles runFiles)
            throws IOException, InterruptedException {
        if (plan.incremental() != null) {
            RunInputs steps = inputs.withoutBaseline();
            TestExecutor.Factory executors = dir -> executor(client, dir, steps, console, interruption, runFiles);
            // A user's next run reaches a remote cluster's same long-running workers; with --local it is a fresh JVM.
            return new IncrementalExecutor(executors, inputs.runs(), console, searched -> inputs.local()
                    ? new ColdConfirmation(scripted, inputs.handlers(), console)
                    : ConfirmationRun.sameWorkers(executors, searched)).run(plan);
        }
        TestExecutor executor = executor(client, inputs.runs(), inputs, console, interruption, runFiles);
        Summary s = executor.run(plan);
        List<Path> tonight = new ArrayList<>(List.of(inputs.runs().resolve(s.testId())));
        BaselineCheck check = inputs.baseline();
        List<String> inconclusive = check.inconclusive(tonight.get(0));
        // --repeat-inconclusive: while a headline metric cannot be told from the noise, run again; the next comparison
        // judges all of tonight's runs together, so the answer sharpens with each run.
        while (!inconclusive.isEmpty() && tonight.size() <= check.repeatInconclusive() && s.exitCode() == MaestroMain.PASSED
                && !interruption.requested()) {
            console.line("");
            console.line("inconclusive (%s): repeat %d of %d, judged with tonight's %s", String.join(", ", inconclusive),
                    tonight.size(), check.repeatInconclusive(), tonight.stream().map(p -> p.getFileName().toString()).toList());
            executor = executor(client, inputs.runs(), inputs.withBaseline(check.withTonight(tonight)), console, interruption,
                    runFiles);
            s = executor.run(plan);
            tonight.add(inputs.runs().resolve(s.testId()));
            inconclusive = check.inconclusive(tonight.get(tonight.size() - 1));
        }
        if (tonight.size() > 1) {
            console.line("tonight's %d runs %s: %s", tonight.size(), tonight.stream().map(p -> p.getFileName().toString())
                    .toList(), inconclusive.isEmpty() ? "decided: " + check.verdict(tonight.get(tonight.size() - 1))
                    : "still inconclusive after " + (tonight.size() - 1) + " repeats (" + String.join(", ", inconclusive) + ")");
        }
        runDirs.add(tonight.get(tonight.size() - 1));
        // A run that passed its criteria but is worse than its baseline fails the nightly all the same.
        return s.exitCode() == MaestroMain.PASSED && executor.regressed() ? 1 : s.exitCode();
    }

    private static TestExecutor executor(ControlClient client, Path runs, RunInputs inputs, Console console,
                                         Interruption interruption, TestExecutor.RunFiles runFiles) {
        return new TestExecutor(client, runs, console, inputs.discovery(), inputs.baseline(), inputs.controlGrace())
                .interruptedBy(interruption).withRunFiles(runFiles);
    }
}
