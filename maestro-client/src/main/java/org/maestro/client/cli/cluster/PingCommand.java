package org.maestro.client.cli.cluster;

import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.util.SafeText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code maestro ping}: the peers that answer PING. */
@Command(name = "ping", mixinStandardHelpOptions = true, description = "Lists the peers that answer, with round trip and clock offset.")
public final class PingCommand implements Callable<Integer> {
    @Mixin
    BrokerOption broker = new BrokerOption();

    @Mixin
    PingWindowOption ping = new PingWindowOption();

    @Override
    public Integer call() throws Exception {
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            List<PingResult> found = PeerDirectory.discover(client, ping.window);
            for (PingResult p : found) {
                System.out.printf("%-10s %-20s %-24s round trip %7.3f ms, %s, id %s%n",
                        p.peer().role().wireName(), SafeText.of(p.peer().name()), SafeText.of(p.peer().host()),
                        p.roundTripMicros() / 1000.0, p.clockText(), SafeText.of(p.peer().id()));
            }
            System.out.println(found.size() + " peer(s) answered");
            return found.isEmpty() ? MaestroMain.CANNOT_RUN : MaestroMain.PASSED;
        }
    }
}
