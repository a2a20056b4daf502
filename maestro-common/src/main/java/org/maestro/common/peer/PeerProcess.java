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
import java.util.ArrayList;
import java.util.List;

/**
 * How a peer command ({@code maestro worker|inspector|agent}) runs: serve the data directory and the peer's
 * metrics ({@code /metrics}, see docs/metrics.md), connect, say it is ready, and wait for HALT (or the end of the
 * process). A process may run several peers ({@code maestro worker --count N}), each a peer of its own: identity,
 * connection, data directory, data server and token, metrics.
 */
public final class PeerProcess {
    /** The most peers one process runs: far more than a lab machine's cores, and each peer takes a port. */
    public static final int MAX_COUNT = 1_000;

    private PeerProcess() {
    }

    /**
     * What the command line gave.
     *
     * @param dataAddress the host the data URL names, for the client ({@link DataAddress#advertised})
     */
    public record Launch(String command, BrokerUrl broker, int keepAliveSeconds, String name, Role role, String group,
                         Path dataDir, String dataHost, int dataPort, String dataAddress) {

        /**
         * The {@code index}-th (1-based) of {@code count} peers of one process: named {@code NAME-index}, writing in
         * {@code DATA_DIR/NAME-index}, serving on {@code DATA_PORT + index - 1} (0 stays 0: each picks a free port).
         * With a count of 1, this launch unchanged.
         */
        public Launch nth(int index, int count) {
            if (index < 1 || index > count) {
                throw new IllegalArgumentException("peer " + index + " is not in 1.." + count);
            }
            if (count == 1) {
                return this;
            }
            String own = name + "-" + index;
            return new Launch(command, broker, keepAliveSeconds, own, role, group, dataDir.resolve(own), dataHost,
                    dataPort == 0 ? 0 : dataPort + index - 1, dataAddress);
        }

        /**
         * Refuses a count this launch cannot run.
         *
         * @throws IllegalArgumentException naming {@code --count} (or {@code --data-port}) and the value
         */
        public void checkCount(int count) {
            if (count < 1 || count > MAX_COUNT) {
                throw new IllegalArgumentException("--count must be 1.." + MAX_COUNT + ", not " + count);
            }
            if (dataPort > 0 && dataPort + count - 1 > 65_535) {
                throw new IllegalArgumentException("--data-port " + dataPort + " with --count " + count
                        + " would need ports past 65535");
            }
        }
    }

    /** Makes the role's handler once the data directory and its URL are known. */
    @FunctionalInterface
    public interface HandlerFactory {
        PeerHandler create(Path dataDir, String dataUrl) throws IOException;
    }

    /** One peer of the process and the data server beside it. */
    private record Running(Launch launch, Path data, DataServer server, URI dataUrl, Peer peer) {
        static Running open(Launch launch, HandlerFactory handlers) throws IOException {
            Path data = Files.createDirectories(launch.dataDir().toAbsolutePath());
            PeerInfo identity = Peer.identity(launch.name(), launch.role(), launch.group());
            PeerMetrics metrics = PeerMetrics.of(identity);
            DataServer server = DataServer.start(data, launch.dataHost(), launch.dataPort(), metrics);
            try {
                URI dataUrl = server.urlAt(launch.dataAddress());
                PeerHandler handler = new DataTokenAnswer(server.token(), handlers.create(data, dataUrl.toString()));
                handler.registerMetrics(metrics.registry());
                PeerConfig config = new PeerConfig(launch.broker(), launch.keepAliveSeconds(), Duration.ofSeconds(10));
                return new Running(launch, data, server, dataUrl, new Peer(identity, config, handler));
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
        }

        String readyLine(String readyDetail) {
            return launch.command() + ": " + peer.info().describe() + " is ready on " + peer.config().broker()
                    + (readyDetail.isEmpty() ? "" : "; " + readyDetail) + "; data in " + data + ", served at " + dataUrl
                    + " (metrics at " + dataUrl.resolve(PeerMetrics.PATH) + ")"
                    + (launch.dataHost().equals(launch.dataAddress()) ? "" : " (listening on " + launch.dataHost() + ")");
        }

        void close() {
            peer.close();
            server.close();
        }
    }

    /** Runs one peer until HALT: {@link #run(Launch, int, HandlerFactory, String)} with a count of 1. */
    public static int run(Launch launch, HandlerFactory handlers, String readyDetail) throws IOException, InterruptedException {
        return run(launch, 1, handlers, readyDetail);
    }

    /**
     * Runs {@code count} peers ({@link Launch#nth}) until each has been HALTed, or the process ends. Once all of
     * them answer requests, prints for each {@code <command>: <peer> is ready on <broker>; <detail>...}.
     *
     * @return the exit code: 0 after the last HALT, 2 when the MQTT broker cannot be reached (said once on stderr;
     * the peers already started are closed)
     * @throws IOException when a data directory cannot be made or a data server cannot listen (the peers
     *                     already started are closed)
     */
    public static int run(Launch launch, int count, HandlerFactory handlers, String readyDetail)
            throws IOException, InterruptedException {
        launch.checkCount(count);
        List<Running> peers = new ArrayList<>(count);
        try {
            for (int i = 1; i <= count; i++) {
                Running one = Running.open(launch.nth(i, count), handlers);
                peers.add(one);
                try {
                    one.peer().start();
                } catch (TransportException e) {
                    System.err.println(launch.command() + ": " + e.getMessage());
                    return 2;
                }
            }
            for (Running one : peers) {
                System.out.println(one.readyLine(readyDetail));
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> peers.forEach(p -> p.peer().close()),
                    launch.command() + "-shutdown"));
            for (Running one : peers) {
                one.peer().awaitHalt();
            }
            return 0;
        } finally {
            peers.forEach(Running::close);
        }
    }
}
