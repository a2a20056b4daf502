package org.maestro.common.peer;

import org.maestro.common.cli.BrokerOption;
import org.maestro.common.note.Role;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options every peer command ({@code maestro-worker}, {@code maestro-inspector}, {@code maestro-agent})
 * has, as a picocli mixin: where the control broker is, who the peer is, and where its data server
 * serves its files. Each command adds only its own options and starts with {@link #launch}.
 */
public class PeerOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Mixin
    BrokerOption broker = new BrokerOption();

    // --broker and --name are checked in launch(), not by picocli, so that a peer command's
    // subcommands (maestro-inspector inspect) run without them.
    // From the environment too: a scaled container service (docker-compose.yml) gives each replica its own name.
    @Option(names = "--name", defaultValue = "${env:MAESTRO_NAME}",
            description = "this peer's name, unique in the cluster (required; env MAESTRO_NAME)")
    String name;

    @Option(names = "--group", defaultValue = "", description = "an optional group, for scenarios that address several groups of peers")
    String group;

    @Option(names = "--data-dir", defaultValue = "maestro-data", description = "where this peer writes its test files (default: ${DEFAULT-VALUE})")
    Path dataDir;

    @Option(names = "--data-host", defaultValue = "0.0.0.0",
            description = "address the data server listens on, for the client to download the files (default: ${DEFAULT-VALUE})")
    String dataHost;

    // The default is read from the environment so that containers (docker-compose.yml) set it per service.
    @Option(names = "--data-address", defaultValue = "${env:MAESTRO_DATA_ADDRESS}",
            description = "host name or address the client downloads this peer's files from, when it differs from the"
                    + " one the data server listens on (NAT, containers); env MAESTRO_DATA_ADDRESS (default: --data-host,"
                    + " or for 0.0.0.0 the address toward the control broker)")
    String dataAddress;

    @Option(names = "--data-port", defaultValue = "0", description = "data server port; 0 picks a free one (default: ${DEFAULT-VALUE})")
    int dataPort;

    @Option(names = "--keep-alive", defaultValue = "" + PeerConfig.DEFAULT_KEEP_ALIVE_SECONDS,
            description = "MQTT keep-alive in seconds (default: ${DEFAULT-VALUE})")
    int keepAlive;

    /**
     * What {@link PeerProcess#run} needs to start this peer.
     *
     * @param commandName the name the ready line starts with, e.g. {@code maestro-worker}
     * @throws CommandLine.ParameterException when {@code --broker} or {@code --name} is missing (a usage error)
     */
    public PeerProcess.Launch launch(String commandName, Role role) {
        List<String> missing = new ArrayList<>();
        if (!broker.isGiven()) {
            missing.add("'--broker'");
        }
        if (name == null) {
            missing.add("'--name'");
        }
        if (!missing.isEmpty()) {
            throw new CommandLine.ParameterException(command.commandLine(), "Missing required option"
                    + (missing.size() > 1 ? "s: " : ": ") + String.join(", ", missing));
        }
        return new PeerProcess.Launch(commandName, broker.url(), keepAlive, name, role, group, dataDir, dataHost, dataPort,
                DataAddress.advertised(dataAddress, dataHost, broker.url()));
    }
}
