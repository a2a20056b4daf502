package org.maestro.inspector;

import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
        PeerConfig config = new PeerConfig(BrokerUrl.parse(broker), keepAlive, Duration.ofSeconds(10));
        Path data = Files.createDirectories(dataDir.toAbsolutePath());
        try (DataServer server = DataServer.start(data, dataHost, dataPort)) {
            Peer peer = new Peer(Peer.identity(name, Role.INSPECTOR, group), config,
                    new InspectorHandler(data, server.url().toString()));
            try {
                peer.start();
            } catch (TransportException e) {
                System.err.println("maestro-inspector: " + e.getMessage());
                return 2;
            }
            System.out.println("maestro-inspector: " + peer.info().describe() + " is ready on " + config.broker()
                    + "; data in " + data + ", served at " + server.url());
            Runtime.getRuntime().addShutdownHook(new Thread(peer::close, "inspector-shutdown"));
            peer.awaitHalt();
            return 0;
        }
    }
}
