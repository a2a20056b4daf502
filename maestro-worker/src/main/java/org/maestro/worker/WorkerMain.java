package org.maestro.worker;

import org.maestro.common.cli.OneLineErrors;
import org.maestro.common.note.Role;
import org.maestro.common.peer.PeerOptions;
import org.maestro.common.peer.PeerProcess;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code maestro-worker --role sender|receiver --broker mqtt://… --name … --data-dir … [--count N]}: a worker peer, or N. */
@Command(name = "maestro-worker", mixinStandardHelpOptions = true,
        description = "Starts a sender or receiver peer that loads the system under test when the client says so.")
public final class WorkerMain implements Callable<Integer> {
    @Option(names = "--role", required = true, description = "sender or receiver")
    String role;

    @Mixin
    PeerOptions peer = new PeerOptions();

    @Option(names = "--count", defaultValue = "1",
            description = "how many peers this process runs (1.." + PeerProcess.MAX_COUNT + "), for a big machine: each has its own identity,"
                    + " named NAME-1..NAME-N, writes in DATA_DIR/NAME-i and serves on a port of its own (--data-port P"
                    + " gives P..P+N-1; 0 a free one each). With 1, the name and data directory are as given"
                    + " (default: ${DEFAULT-VALUE})")
    int count;

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new WorkerMain(), "maestro-worker", args));
    }

    @Override
    public Integer call() throws Exception {
        Role r = Role.parse(role);
        if (r != Role.SENDER && r != Role.RECEIVER) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--role must be sender or receiver, not " + role);
        }
        HeapHeadroom.keep();
        // A count out of range is refused there, before anything starts: one line and exit 2.
        return PeerProcess.run(peer.launch("maestro-worker", r), count, WorkerHandler::new, "");
    }
}
