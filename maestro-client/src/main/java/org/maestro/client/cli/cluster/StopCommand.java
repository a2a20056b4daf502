package org.maestro.client.cli.cluster;

import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.client.run.stop.RunningTests;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.SafeText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code maestro stop}: ends a test the peers still run, leaving the peers up. */
@Command(name = "stop", mixinStandardHelpOptions = true,
        description = "Ends a test still running on the peers (its client was interrupted or killed); the peers stay up.")
public final class StopCommand implements Callable<Integer> {
    @Mixin
    BrokerOption broker = new BrokerOption();

    @Option(names = "--test-id", paramLabel = "ID", description = "only this test (default: whatever test the peers run)")
    String testId;

    @Override
    public Integer call() throws Exception {
        try (ControlClient client = MaestroMain.connect(broker.url())) {
            List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer).toList();
            List<PeerInfo> stopped = RunningTests.stop(client, peers, testId, System.out::println);
            System.out.println(stopped.isEmpty() ? "no peer of " + peers.size() + " runs " + (testId == null ? "a test"
                    : "test " + SafeText.of(testId)) : stopped.size() + " peer(s) stopped; maestro collect fetches their files");
            return MaestroMain.PASSED;
        }
    }
}
