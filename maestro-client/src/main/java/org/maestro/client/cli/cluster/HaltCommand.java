package org.maestro.client.cli.cluster;

import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code maestro halt}: ends peers' processes. */
@Command(name = "halt", mixinStandardHelpOptions = true, description = "Stops peers: all, one role, or one peer.")
public final class HaltCommand implements Callable<Integer> {
    @Mixin
    BrokerOption broker = new BrokerOption();

    @Option(names = "--role", description = "only peers of this role")
    String role;

    @Option(names = "--name", description = "only the peer with this name")
    String name;

    @Override
    public Integer call() throws Exception {
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer)
                    .filter(p -> role == null || p.role() == Role.parse(role))
                    .filter(p -> name == null || p.name().equals(name)).toList();
            int halted = 0;
            for (PeerInfo p : peers) {
                Replies r = client.request(Address.peer(p.id()), new Payload.Halt(), List.of(p), Duration.ofSeconds(5));
                System.out.println(p.describe() + ": " + (r.allOk() ? "halted" : String.join("; ", r.problems())));
                halted += r.allOk() ? 1 : 0;
            }
            System.out.println(halted + " of " + peers.size() + " peer(s) halted");
            return halted == peers.size() ? MaestroMain.PASSED : MaestroMain.CANNOT_RUN;
        }
    }
}
