package org.maestro.worker;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.peer.PeerProcess;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code maestro-worker --role sender|receiver --broker mqtt://… --name … --data-dir …}: a worker peer. */
@Command(name = "maestro-worker", mixinStandardHelpOptions = true,
        description = "Starts a sender or receiver peer that loads the system under test when the client says so.")
public final class WorkerMain implements Callable<Integer> {
    @Option(names = "--role", required = true, description = "sender or receiver")
    String role;

    @Option(names = "--broker", required = true, description = "the MQTT control broker, e.g. mqtt://broker.lab:1883")
    String broker;

    @Option(names = "--name", required = true, description = "this peer's name (unique in the cluster)")
    String name;

    @Option(names = "--group", defaultValue = "", description = "an optional group, for scenarios with several sender/receiver groups")
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
        System.exit(new CommandLine(new WorkerMain()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Role r = Role.parse(role);
        if (r != Role.SENDER && r != Role.RECEIVER) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--role must be sender or receiver, not " + role);
        }
        return PeerProcess.run(new PeerProcess.Launch("maestro-worker", BrokerUrl.parse(broker), keepAlive, name, r, group,
                dataDir, dataHost, dataPort), WorkerHandler::new, "");
    }
}
