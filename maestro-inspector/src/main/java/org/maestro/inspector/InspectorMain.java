package org.maestro.inspector;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.peer.PeerProcess;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code maestro-inspector --broker mqtt://… --name … --data-dir …}: an inspector peer, which samples the SUT's
 * management when the client says so. {@code maestro-inspector inspect --type … --url … --once} checks a
 * management URL instead (see {@link InspectMain}).
 */
@Command(name = "maestro-inspector", mixinStandardHelpOptions = true, subcommands = InspectMain.class,
        description = "Starts an inspector peer that samples the SUT's management (Jolokia or AMQP management) when the client says so.")
public final class InspectorMain implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    // --broker and --name are checked in call(), not by picocli, so that "inspect" runs without them.
    @Option(names = "--broker", description = "the MQTT control broker, e.g. mqtt://broker.lab:1883 (required)")
    String broker;

    @Option(names = "--name", description = "this peer's name, unique in the cluster (required)")
    String name;

    @Option(names = "--group", defaultValue = "", description = "an optional group")
    String group;

    @Option(names = "--data-dir", defaultValue = "maestro-data", description = "where test files are written (default: ${DEFAULT-VALUE})")
    Path dataDir;

    @Option(names = "--data-host", defaultValue = "0.0.0.0",
            description = "address the data server listens on, for the client to download the files (default: ${DEFAULT-VALUE})")
    String dataHost;

    @Option(names = "--data-port", defaultValue = "0", description = "data server port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int dataPort;

    @Option(names = "--keep-alive", defaultValue = "2", description = "MQTT keep-alive in seconds (default: ${DEFAULT-VALUE})")
    int keepAlive;

    public static void main(String[] args) {
        System.exit(new CommandLine(new InspectorMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (broker == null || name == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing required option"
                    + (broker == null && name == null ? "s: '--broker', '--name'" : broker == null ? ": '--broker'" : ": '--name'"));
        }
        return PeerProcess.run(new PeerProcess.Launch("maestro-inspector", BrokerUrl.parse(broker), keepAlive, name,
                Role.INSPECTOR, group, dataDir, dataHost, dataPort), InspectorHandler::new, "");
    }
}
