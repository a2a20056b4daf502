package org.maestro.common.testing;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.Replies;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.metrics.PeerMetrics;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.DataTokenAnswer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.PeerHandler;
import org.maestro.common.peer.PeerProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Peers in this JVM (the real {@link Peer} runtime with a role's handler) and a client, over a test's
 * control broker: what an integration test drives, as the Maestro client would. Made by
 * {@link TestLab#cluster()}; the lab closes it after the test, try-with-resources may close it earlier.
 * The client's notes go to one {@link NoteInbox}, queued by peer.
 */
public final class TestCluster implements AutoCloseable {
    /** How long a request waits for its replies unless the builder says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Duration timeout;
    private final Map<String, Peer> peers = new LinkedHashMap<>();
    private final NoteInbox inbox = new NoteInbox();
    private DataServer dataServer;
    /** With {@link Builder#metricsPerPeer()}: each data peer's own data server, serving its metrics. */
    private final Map<String, DataServer> peerServers = new LinkedHashMap<>();
    private Path dataDir;
    private ControlClient client;
    private boolean closed;

    private TestCluster(Duration timeout) {
        this.timeout = timeout;
    }

    /** The peer named {@code name}. */
    public Peer peer(String name) {
        Peer p = peers.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no peer '" + name + "' in this cluster; it has " + peers.keySet());
        }
        return p;
    }

    /** The identities of every peer, in the order they were added. */
    public List<PeerInfo> infos() {
        return peers.values().stream().map(Peer::info).toList();
    }

    public ControlClient client() {
        return client;
    }

    /** The notes the client heard. */
    public NoteInbox inbox() {
        return inbox;
    }

    /** The data directory every peer writes to (see {@link Builder#dataDir}). */
    public Path dataDir() {
        return dataDir;
    }

    /** The URL of the data server over {@link #dataDir()}. */
    public String dataUrl() {
        return dataServer.url().toString();
    }

    /** The token of the data server over {@link #dataDir()}, which every peer tells as its own (GET data.token). */
    public DataToken dataToken() {
        return dataServer.token();
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * The metrics URL ({@code http://127.0.0.1:PORT/metrics}) of peer {@code name}'s own data server, as a peer
     * command serves it (needs {@link Builder#metricsPerPeer()}).
     */
    public java.net.URI metricsUrl(String name) {
        DataServer server = peerServers.get(name);
        if (server == null) {
            throw new IllegalArgumentException("peer '" + name + "' serves no metrics: build the cluster with metricsPerPeer()"
                    + " and add it with peerWithData");
        }
        return server.url().resolve(PeerMetrics.PATH);
    }

    /** Peer {@code name}'s own data server (see {@link #metricsUrl}). */
    public DataServer dataServerOf(String name) {
        metricsUrl(name);
        return peerServers.get(name);
    }

    /** SET to every peer of the cluster, expecting each to answer. */
    public Replies setAll(Map<String, String> options) throws Exception {
        return client.request(Address.all(), new Payload.SetOptions(options), infos(), timeout);
    }

    /** {@code request} to one peer. */
    public Replies request(Peer peer, Payload request) throws Exception {
        return client.request(Address.peer(peer.info().id()), request, List.of(peer.info()), timeout);
    }

    /** The payload of {@code peer}'s answer to {@code request} (null if it did not answer). */
    public Payload answer(Peer peer, Payload request) throws Exception {
        Note reply = request(peer, request).of(peer.info());
        return reply == null ? null : reply.payload();
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    public Note awaitEnd(Peer peer, int seconds) throws InterruptedException {
        return inbox.awaitEnd(peer.info(), seconds);
    }

    /** Closes the client, the peers (in reverse order) and the data server; again is harmless. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (client != null) {
            client.close();
        }
        List<Peer> started = new ArrayList<>(peers.values());
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
        peerServers.values().forEach(DataServer::close);
        if (dataServer != null) {
            dataServer.close();
        }
    }

    @Override
    public String toString() {
        return "test cluster " + peers.keySet();
    }

    /** What to start: peers in the order given, then the client. */
    public static final class Builder {
        private final BrokerUrl broker;
        private final Consumer<AutoCloseable> closeLater;
        private final List<Spec> specs = new ArrayList<>();
        private Path dataDir;
        private Duration timeout = DEFAULT_TIMEOUT;
        private boolean metricsPerPeer;

        Builder(BrokerUrl broker, Consumer<AutoCloseable> closeLater) {
            this.broker = broker;
            this.closeLater = closeLater;
        }

        /** The peers' data directory, served by a data server on 127.0.0.1 whose URL the handlers get. */
        public Builder dataDir(Path dir) {
            this.dataDir = dir;
            return this;
        }

        /** How long requests wait for replies (default {@link #DEFAULT_TIMEOUT}); also the client's connect timeout. */
        public Builder timeout(Duration t) {
            this.timeout = t;
            return this;
        }

        /**
         * Gives each peer added with {@link #peerWithData} a data server of its own over the data directory, with its
         * own metrics at /metrics, as {@code maestro worker|inspector|agent} serve them (see {@link #metricsUrl}).
         */
        public Builder metricsPerPeer() {
            this.metricsPerPeer = true;
            return this;
        }

        /** A peer with this handler, in no group. */
        public Builder peer(String name, Role role, PeerHandler handler) {
            return peer(name, role, "", handler);
        }

        public Builder peer(String name, Role role, String group, PeerHandler handler) {
            specs.add(new Spec(name, role, group, (dir, url) -> handler, false));
            return this;
        }

        /**
         * A peer whose handler is made with the data directory and its server's URL, as the peer commands
         * make it (e.g. {@code WorkerHandler::new}); needs {@link #dataDir}.
         */
        public Builder peerWithData(String name, Role role, PeerProcess.HandlerFactory handlers) {
            return peerWithData(name, role, "", handlers);
        }

        /** As {@link #peerWithData(String, Role, PeerProcess.HandlerFactory)}, in a group (a route of a multipoint test). */
        public Builder peerWithData(String name, Role role, String group, PeerProcess.HandlerFactory handlers) {
            specs.add(new Spec(name, role, group, handlers, true));
            return this;
        }

        /** Starts the data server (if any), the peers and the client; on failure closes what started. */
        public TestCluster start() throws Exception {
            TestCluster c = new TestCluster(timeout);
            closeLater.accept(c);
            try {
                if (dataDir != null) {
                    c.dataDir = dataDir;
                    c.dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
                }
                for (Spec s : specs) {
                    if (s.needsData && c.dataServer == null) {
                        throw new IllegalStateException("peer '" + s.name + "' makes its handler with the data directory:"
                                + " give the cluster one with dataDir(...)");
                    }
                    PeerInfo identity = Peer.identity(s.name, s.role, s.group);
                    DataServer server = c.dataServer;
                    PeerMetrics metrics = null;
                    if (metricsPerPeer && s.needsData) {
                        metrics = PeerMetrics.of(identity);
                        server = DataServer.start(dataDir, "127.0.0.1", 0, metrics);
                        c.peerServers.put(s.name, server);
                    }
                    PeerHandler handler = s.handlers.create(dataDir, server == null ? "" : server.url().toString());
                    if (server != null) {
                        handler = new DataTokenAnswer(server.token(), handler); // as PeerProcess does
                    }
                    if (metrics != null) {
                        handler.registerMetrics(metrics.registry());
                    }
                    c.peers.put(s.name, new Peer(identity, PeerConfig.of(broker), handler));
                }
                startSideBySide(c.peers.values());
                c.client = new ControlClient(broker).connect(timeout);
                c.client.addListener(c.inbox);
                return c;
            } catch (Exception | Error e) {
                c.close();
                throw e;
            }
        }

        /**
         * Connects the peers at once rather than in turn: each connect and subscribe is a few round trips to the
         * broker (~0.3 s), which thirty peers in a row add up to seconds of every test that starts them.
         */
        private static void startSideBySide(java.util.Collection<Peer> peers) throws Exception {
            java.util.concurrent.ExecutorService starters = java.util.concurrent.Executors.newFixedThreadPool(
                    Math.max(1, Math.min(peers.size(), 8)));
            try {
                List<java.util.concurrent.Future<Peer>> started = new ArrayList<>();
                for (Peer peer : peers) {
                    started.add(starters.submit(peer::start));
                }
                for (java.util.concurrent.Future<Peer> f : started) {
                    try {
                        f.get();
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (e.getCause() instanceof Exception cause) {
                            throw cause;
                        }
                        throw (Error) e.getCause();
                    }
                }
            } finally {
                starters.shutdownNow();
            }
        }

        private record Spec(String name, Role role, String group, PeerProcess.HandlerFactory handlers, boolean needsData) {
        }
    }
}
