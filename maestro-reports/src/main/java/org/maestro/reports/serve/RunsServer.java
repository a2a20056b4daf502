package org.maestro.reports.serve;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.maestro.common.dataserver.DataServer;

/**
 * A runs directory served read-only over HTTP ({@link RunsHandler}): the run index at {@code /}, the runs'
 * files and directory listings under it. Jetty as set up by {@link DataServer} (same URI checks, plain-text
 * errors).
 */
public final class RunsServer implements AutoCloseable {
    private final DataServer server;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();

    private RunsServer(DataServer server) {
        this.server = server;
    }

    /**
     * Starts serving {@code runsDir}.
     *
     * @param host the address to listen on: "0.0.0.0" for every interface, "127.0.0.1" for this machine only
     * @param port the port, 0 for any free one (see {@link #url()})
     * @throws IOException when {@code runsDir} is not a directory or the port cannot be bound (the message says which)
     */
    public static RunsServer start(Path runsDir, String host, int port) throws IOException {
        return new RunsServer(DataServer.start(runsDir, host, port, "runs server", RunsHandler::new));
    }

    /** Where it serves, e.g. {@code http://lab-7:8080/} (this host's name when listening on every interface). */
    public URI url() {
        return server.url();
    }

    public int port() {
        return server.port();
    }

    /** Blocks until {@link #close()} is called (by a shutdown hook, for {@code maestro serve}). */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    /** Stops serving; again is a no-op. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        server.close();
        stopped.countDown();
    }
}
