package org.maestro.common.peer;

import org.maestro.common.dataserver.DataServer;
import org.maestro.common.metrics.PeerMetrics;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * How a peer command ({@code maestro worker|inspector|agent}) runs: serve the data directory and the peer's
 * metrics ({@code /metrics}, see docs/metrics.md), connect, say it is ready, and wait for HALT (or the end of the
 * process).
 */
public final class PeerProcess {
    private PeerProcess() {
    }

    /**
     * What the command line gave.
     *
     * @param dataAddress the host the data URL names, for the client ({@link DataAddress#advertised})
     */
    public record Launch(String command, BrokerUrl broker, int keepAliveSeconds, String name, Role role, String group,
                         Path dataDir, String dataHost, int dataPort, String dataAddress) {
    }

    /** Makes the role's handler once the data directory and its URL are known. */
    @FunctionalInterface
    public interface HandlerFactory {
        PeerHandler create(Path dataDir, String dataUrl) throws IOException;
    }

    /**
     * Runs the peer until HALT. Prints {@code <command>: <peer> is ready on <broker>; <detail>...}
     * once it answers requests.
     *
     * @return the exit code: 0 after HALT, 2 when the MQTT broker cannot be reached (said on stderr)
     */
    public static int run(Launch launch, HandlerFactory handlers, String readyDetail) throws IOException, InterruptedException {
        PeerConfig config = new PeerConfig(launch.broker(), launch.keepAliveSeconds(), Duration.ofSeconds(10));
        Path data = Files.createDirectories(launch.dataDir().toAbsolutePath());
        PeerInfo identity = Peer.identity(launch.name(), launch.role(), launch.group());
        PeerMetrics metrics = PeerMetrics.of(identity);
        try (DataServer server = DataServer.start(data, launch.dataHost(), launch.dataPort(), metrics)) {
            URI dataUrl = server.urlAt(launch.dataAddress());
            PeerHandler handler = new DataTokenAnswer(server.token(), handlers.create(data, dataUrl.toString()));
            handler.registerMetrics(metrics.registry());
            Peer peer = new Peer(identity, config, handler);
            try {
                peer.start();
            } catch (TransportException e) {
                System.err.println(launch.command() + ": " + e.getMessage());
                return 2;
            }
            System.out.println(launch.command() + ": " + peer.info().describe() + " is ready on " + config.broker()
                    + (readyDetail.isEmpty() ? "" : "; " + readyDetail) + "; data in " + data + ", served at " + dataUrl
                    + " (metrics at " + dataUrl.resolve(PeerMetrics.PATH) + ")"
                    + (launch.dataHost().equals(launch.dataAddress()) ? "" : " (listening on " + launch.dataHost() + ")"));
            Runtime.getRuntime().addShutdownHook(new Thread(peer::close, launch.command() + "-shutdown"));
            peer.awaitHalt();
            return 0;
        }
    }
}
