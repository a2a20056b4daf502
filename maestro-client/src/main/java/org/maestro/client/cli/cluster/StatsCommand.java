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
import org.maestro.common.util.SafeText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code maestro stats}: every peer's current figures. */
@Command(name = "stats", mixinStandardHelpOptions = true, description = "Shows every peer's current figures.")
public final class StatsCommand implements Callable<Integer> {
    @Mixin
    BrokerOption broker = new BrokerOption();

    @Override
    public Integer call() throws Exception {
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer).toList();
            Replies r = client.request(Address.all(), new Payload.StatsRequest(), peers, Duration.ofSeconds(5));
            for (PeerInfo p : peers) {
                System.out.println(SafeText.of(p.name()) + " (" + p.role().wireName() + "): " + (r.of(p) == null ? "no answer"
                        : r.of(p).payload() instanceof Payload.StatsReply reply ? StatsText.of(reply.stats())
                        : SafeText.of(r.of(p).payload().toString(), Integer.MAX_VALUE)));
            }
            return r.missing().isEmpty() ? MaestroMain.PASSED : MaestroMain.CANNOT_RUN;
        }
    }
}
