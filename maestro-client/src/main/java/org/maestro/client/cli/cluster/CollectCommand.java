package org.maestro.client.cli.cluster;

import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.client.run.Console;
import org.maestro.client.run.collect.RunFinisher;
import org.maestro.client.run.RunRecord;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.mqtt.BrokerUrl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code maestro collect}: finishes a run its client left. */
@Command(name = "collect", mixinStandardHelpOptions = true,
        description = {"Finishes a run whose client was killed or interrupted twice: ends the test if the peers still run it,"
                + " fetches their files, writes summary.json, junit.xml and report.html (verdict interrupted).",
                "Give the run directory (its run.json names the test and the broker; a broker with a password needs"
                        + " --broker or MAESTRO_BROKER again), or --broker and --test-id."})
public final class CollectCommand implements Callable<Integer> {
    @Parameters(paramLabel = "RUN_DIR", arity = "0..1", description = "the run directory the client left")
    Path runDir;

    @Mixin
    BrokerOption broker = new BrokerOption();

    @Option(names = "--test-id", paramLabel = "ID", description = "without RUN_DIR: the test to collect, into RUNS/ID")
    String testId;

    @Option(names = "--runs", defaultValue = "runs", description = "with --test-id: where run directories go (default: ${DEFAULT-VALUE})")
    Path runs;

    @Override
    public Integer call() throws Exception {
        if ((runDir == null) == (testId == null)) {
            System.err.println("maestro: give a run directory, or --broker and --test-id");
            return MaestroMain.CANNOT_RUN;
        }
        Console console = new Console(System.out);
        if (runDir != null) {
            RunRecord record = RunRecord.read(runDir);
            if (!broker.isGiven() && record.brokerNeedsPassword()) {
                System.err.println("maestro: " + runDir + " ran over " + record.broker() + ", whose password is not kept:"
                        + " give it with --broker or " + BrokerOption.ENV);
                return MaestroMain.CANNOT_RUN;
            }
            try (ControlClient client = broker.isGiven() ? MaestroMain.connect(broker.url())
                    : MaestroMain.connect(BrokerUrl.parse(record.broker()))) {
                return new RunFinisher(client, console).finish(runDir) ? MaestroMain.PASSED : MaestroMain.CANNOT_RUN;
            }
        }
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            new RunFinisher(client, console).finish(runs, testId);
            return MaestroMain.PASSED;
        }
    }
}
