package org.maestro.inspector;

import org.maestro.common.cli.OneLineErrors;
import org.maestro.common.note.Role;
import org.maestro.common.peer.PeerOptions;
import org.maestro.common.peer.PeerProcess;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/**
 * {@code maestro-inspector --broker mqtt://… --name … --data-dir …}: an inspector peer, which samples the SUT's
 * management when the client says so. {@code maestro-inspector inspect --type … --url … --once} checks a
 * management URL instead (see {@link InspectMain}).
 */
@Command(name = "maestro-inspector", mixinStandardHelpOptions = true, subcommands = InspectMain.class,
        description = "Starts an inspector peer that samples the SUT's management (Jolokia or AMQP management) when the client says so.")
public final class InspectorMain implements Callable<Integer> {
    @Mixin
    PeerOptions peer = new PeerOptions();

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new InspectorMain(), "maestro-inspector", args));
    }

    @Override
    public Integer call() throws Exception {
        return PeerProcess.run(peer.launch("maestro-inspector", Role.INSPECTOR), InspectorHandler::new, "");
    }
}
