package org.maestro.common.dataserver;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.component.LifeCycle;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.eclipse.jetty.util.thread.Scheduler;
import org.maestro.common.metrics.PeerMetrics;
import org.maestro.common.util.HostNames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a peer's data directory read-only over HTTP (Jetty, core handler API): {@code /files/<path>},
 * {@code /manifest?dir=<dir>} and an index at {@code /}, to the holders of its {@link DataToken} alone. See the
 * package documentation for the protocol.
 *
 * <pre>{@code
 * try (DataServer server = DataServer.start(dataDir, "0.0.0.0", 0)) {
 *     report(server.url()); // and server.token(), over the control plane only
 *     ...
 * }
 * }</pre>
 */
public final class DataServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DataServer.class);
    /**
     * Threads for requests, beyond each server's selector: enough for the client's sequential downloads plus a few
     * curious humans, shared by every data server of the process.
     */
    private static final int REQUEST_THREADS = 16;
    /**
     * Jetty's default URI checks (which refuse encoded dot segments, encoded '/', empty segments, bad UTF-8),
     * except two that would make legal file names unreachable: an encoded '%' ("per%cent.txt" is sent as
     * {@code per%25cent.txt}) and encoded control or '\' characters. Both are safe here because the handler
     * never uses Jetty's decoded path: it decodes the raw path once, segment by segment, and refuses '/',
     * '\', NUL, "." and ".." itself ({@link RelativePath#fromRawUrlPath}).
     */
    private static final UriCompliance URI_COMPLIANCE = UriCompliance.DEFAULT.with("MAESTRO_DATA",
            UriCompliance.Violation.AMBIGUOUS_PATH_ENCODING, UriCompliance.Violation.SUSPICIOUS_PATH_CHARACTERS);

    private final Server server;
    private final ServerConnector connector;
    private final Path root;
    private final String host;
    private final String name;
    private final DataToken token;
    private final AtomicBoolean closed = new AtomicBoolean();

    private DataServer(Server server, ServerConnector connector, Path root, String host, String name, DataToken token) {
        this.server = server;
        this.connector = connector;
        this.root = root;
        this.host = host;
        this.name = name;
        this.token = token;
    }

    /**
     * Starts serving {@code root} to the holders of a fresh {@link #token()}: every request without it gets 401,
     * with another one 403.
     *
     * @param root an existing directory; its real path (symbolic links resolved) is what is served
     * @param host the address to listen on: "0.0.0.0" for every interface, "127.0.0.1" for tests
     * @param port the port, 0 to let the OS pick a free one (see {@link #port()})
     * @throws IOException when {@code root} is not a directory or the port cannot be bound
     */
    public static DataServer start(Path root, String host, int port) throws IOException {
        return start(root, host, port, null);
    }

    /**
     * As {@link #start(Path, String, int)}, and serves the peer's {@code metrics} at {@value PeerMetrics#PATH} to
     * anyone (a Prometheus server asks without a token): that route shows figures, never a file.
     *
     * @param metrics the peer's metrics, null for none
     */
    public static DataServer start(Path root, String host, int port, PeerMetrics metrics) throws IOException {
        DataToken token = DataToken.random();
        return start(root, host, port, "data server", realRoot -> new DataHandler(new DataRoot(realRoot), token, metrics),
                token);
    }

    /**
     * Starts serving {@code root} read-only with another set of routes, on the same Jetty set-up as the data
     * server (URI checks, plain-text errors, no version headers) but no token: {@code maestro serve} uses it for
     * a runs directory.
     *
     * @param name    what the server is, for its log lines and its errors ("runs server")
     * @param handler makes the routes from the root's real path (see {@link DataRoot} to resolve files)
     * @throws IOException when {@code root} is not a directory or the port cannot be bound
     */
    public static DataServer start(Path root, String host, int port, String name, Function<Path, Handler> handler)
            throws IOException {
        return start(root, host, port, name, handler, null);
    }

    private static DataServer start(Path root, String host, int port, String name, Function<Path, Handler> handler,
                                    DataToken token) throws IOException {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(host, "host");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 0..65535");
        }
        if (!Files.isDirectory(root)) {
            throw new IOException("cannot serve " + root + ": not an existing directory");
        }
        Path realRoot = root.toRealPath();

        // One pool and one scheduler for every server of the process (Shared): a process of N peers has N servers.
        Server server = new Server(Shared.THREADS, Shared.SCHEDULER, null);
        server.unmanage(Shared.THREADS); // stopping one peer's server must leave the others' threads alone
        server.unmanage(Shared.SCHEDULER);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setUriCompliance(URI_COMPLIANCE);
        // No acceptor thread: the selector accepts too, so an idle server costs one thread.
        ServerConnector connector = new ServerConnector(server, 0, 1, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(handler.apply(realRoot));
        server.setErrorHandler(new PlainTextErrorHandler());
        try {
            Shared.beforeStart();
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            Shared.afterStop();
            throw new IOException("cannot start the " + name + " on " + host + ":" + port + ": " + message(e), e);
        }
        DataServer started = new DataServer(server, connector, realRoot, host, name, token);
        LOG.info("{} serving {} at {}", name, realRoot, started.url());
        return started;
    }

    /**
     * The Jetty threads every data server of this process shares. Each server's connector keeps one thread of the
     * pool for its selector (it accepts too: no acceptor thread); requests take the others, idle ones leave after
     * a minute, and no thread is reserved ahead. Before, each server had its own pool (a selector, a reserved thread
     * and the request threads of a download) and its own scheduler: 4 to 5 threads a peer during collection, 1,250
     * for a {@code maestro worker --count 250}. A server's failure stays its own: its requests fail on their
     * threads, and stopping it releases only its selector's lease.
     */
    private static final class Shared {
        static final QueuedThreadPool THREADS = threads();
        static final Scheduler SCHEDULER = scheduler();
        /** Servers started and not stopped: each holds one selector thread of THREADS. */
        private static int servers;

        private static QueuedThreadPool threads() {
            QueuedThreadPool threads = new QueuedThreadPool(REQUEST_THREADS, 0);
            threads.setName("data-server");
            threads.setDaemon(true);
            threads.setReservedThreads(0);
            start(threads);
            return threads;
        }

        private static Scheduler scheduler() {
            Scheduler scheduler = new ScheduledExecutorScheduler("data-server-scheduler", true);
            start(scheduler);
            return scheduler;
        }

        private static void start(LifeCycle part) {
            try {
                part.start();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the data servers' shared " + part + ": " + message(e), e);
            }
        }

        /** Room in the pool for one more selector, beside the request threads (Jetty refuses a server without it). */
        static synchronized void beforeStart() {
            servers++;
            THREADS.setMaxThreads(REQUEST_THREADS + servers);
        }

        static synchronized void afterStop() {
            servers--;
            THREADS.setMaxThreads(REQUEST_THREADS + Math.max(servers, 0));
        }
    }

    /** The port it listens on (the one picked when started with port 0). */
    public int port() {
        return connector.getLocalPort();
    }

    /**
     * The base URL, ending in '/', e.g. {@code http://127.0.0.1:43121/}. When listening on every interface
     * (0.0.0.0, ::) the host part is this host's name, the address other machines use.
     */
    public URI url() {
        return urlAt(listensEverywhere(host) ? HostNames.local() : host);
    }

    /**
     * The base URL with another host part: the address a peer advertises when the clients reach it by another
     * name than the one it listens on (NAT, containers; {@code --data-address}).
     */
    public URI urlAt(String advertisedHost) {
        String name = advertisedHost;
        if (name.indexOf(':') >= 0 && !name.startsWith("[")) {
            name = "[" + name + "]"; // an IPv6 literal
        }
        return URI.create("http://" + name + ":" + port() + "/");
    }

    /** Whether {@code host} is the wildcard address (every interface): "", 0.0.0.0 or ::. */
    public static boolean listensEverywhere(String host) {
        return host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    /**
     * The token every request must carry, which the peer tells the client over the control plane
     * ({@code GET data.token}).
     *
     * @throws IllegalStateException for a server started with its own routes, which asks for none
     */
    public DataToken token() {
        if (token == null) {
            throw new IllegalStateException("the " + name + " asks for no token");
        }
        return token;
    }

    /** The directory served (its real path). */
    public Path root() {
        return root;
    }

    /** Stops listening and closes every connection (downloads in progress are cut). */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            server.stop();
            LOG.info("{} for {} stopped", name, root);
        } catch (Exception e) {
            LOG.warn("stopping the {} for {} failed: {}", name, root, e.toString());
        } finally {
            Shared.afterStop();
        }
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.debug("stopping a data server that failed to start: {}", e.toString());
        }
    }

    /** The exception's message, followed by its cause's when that adds something ("Failed to bind...: Address already in use"). */
    private static String message(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Throwable cause = e.getCause();
        if (cause != null && cause.getMessage() != null && !text.contains(cause.getMessage())) {
            text += ": " + cause.getMessage();
        }
        return text;
    }
}
