package org.maestro.client.cli;

import org.maestro.client.control.ControlClient;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.Console;
import org.maestro.client.local.LocalCluster;
import org.maestro.client.run.TestExecutor;

import java.io.IOException;

/**
 * Where a test's peers are: the cluster behind {@code --broker}, which the script's SUT must name, or with
 * {@code --local} a cluster started on this machine for the test (broker, peers, and a SUT when the script names none),
 * closed when the test ends.
 */
final class LocalOrRemote {
    /** The test on its cluster: the plan as that cluster completed it, a client of its control broker, its run files. */
    @FunctionalInterface
    interface OnCluster {
        int run(TestPlan plan, ControlClient client, TestExecutor.RunFiles runFiles) throws IOException, InterruptedException;
    }

    private LocalOrRemote() {
    }

    static int run(TestPlan plan, RunInputs inputs, Console console, OnCluster test) throws Exception {
        if (!inputs.local()) {
            if (plan.lacksSut()) {
                System.err.println("maestro: the script names no SUT (url '...'); give one, or use --local for an embedded SUT");
                return MaestroMain.CANNOT_RUN;
            }
            try (ControlClient client = MaestroMain.connect(inputs.broker().url())) {
                return test.run(plan, client, dir -> { });
            }
        }
        try (LocalCluster cluster = LocalCluster.start(plan, inputs.handlers(), console);
             ControlClient client = MaestroMain.connect(cluster.controlUrl())) {
            return test.run(cluster.complete(plan), client, cluster);
        }
    }
}
