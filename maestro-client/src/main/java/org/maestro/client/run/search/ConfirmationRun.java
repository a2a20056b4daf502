package org.maestro.client.run.search;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.TestExecutor;
import org.maestro.results.Summary;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a limit search's confirmation runs: the search's test at one rate, from the state a user's next
 * {@code maestro run} of it starts in, so the rate the search reports is one the user can reproduce.
 */
public interface ConfirmationRun {
    /** The start a remote cluster's confirmation has, in words: the user's next run reaches the same workers. */
    String SAME_WORKERS = "the same long-running workers";

    /** A confirmation that ran: its summary and its run directory. */
    record Ran(Summary summary, Path runDir) {
    }

    /** Runs the search's confirmation at {@code rate} msg/s ({@link TestPlan#confirmationAt}), its run directory made under {@code dir}. */
    Ran run(long rate, Path dir) throws IOException, InterruptedException;

    /** The state it starts from, in words ("a cold start"), for "confirmed at 16500 msg/s for 30 s from a cold start". */
    String start();

    /**
     * On the cluster the steps ran on, with its own warm-up: right for remote workers, which stay up between runs, so a
     * user's next run starts on the workers as warm as the search left them.
     */
    static ConfirmationRun sameWorkers(TestExecutor.Factory executors, TestPlan plan) {
        return new ConfirmationRun() {
            @Override
            public Ran run(long rate, Path dir) throws IOException, InterruptedException {
                Summary s = executors.create(dir).runStep(plan.confirmationAt(rate));
                return new Ran(s, dir.resolve(s.testId()));
            }

            @Override
            public String start() {
                return SAME_WORKERS;
            }
        };
    }
}
