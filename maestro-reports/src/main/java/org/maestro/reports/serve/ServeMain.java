package org.maestro.reports.serve;

import org.maestro.common.cli.OneLineErrors;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import org.maestro.reports.StreamsCommand;

/** {@code serve RUNS_DIR}: the runs directory over HTTP, read-only, until Ctrl-C. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serves RUNS_DIR read-only over HTTP: at / the index of its runs (always current: new runs "
                + "appear without rebuilding), under it every run's report.html and files, with directory listings. "
                + "Runs until Ctrl-C.")
public final class ServeMain extends StreamsCommand {
    static final int CANNOT_SERVE = 2;

    @Parameters(index = "0", paramLabel = "RUNS_DIR", description = "the runs directory (e.g. runs)")
    Path runsDir;

    @Option(names = "--port", defaultValue = "8080", description = "the port; 0 for any free one (default: ${DEFAULT-VALUE})")
    int port;

    // Loopback by default: the runs hold test data and the server asks no one who they are (issue 13).
    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "the address to listen on (default: ${DEFAULT-VALUE}, this machine only); 0.0.0.0 opens it to "
                    + "every interface, i.e. to anyone who can reach this host")
    String host;

    /** The running server, for a test to stop (what Ctrl-C does through the shutdown hook). */
    volatile RunsServer server;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = err();
        if (!Files.isDirectory(runsDir)) {
            err.println("serve: " + runsDir + " does not exist or is not a directory: give a runs directory, e.g. runs");
            return CANNOT_SERVE;
        }
        if (port < 0 || port > 65535) {
            err.println("serve: --port " + port + " is not a port (0 to 65535; 0 for any free one)");
            return CANNOT_SERVE;
        }
        RunsServer started;
        try {
            started = RunsServer.start(runsDir, host, port);
        } catch (IOException e) {
            err.println("serve: " + e.getMessage());
            return CANNOT_SERVE;
        }
        Thread stop = new Thread(started::close, "maestro-serve-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        server = started;
        PrintWriter out = out();
        out.println("serving " + runsDir.toAbsolutePath().normalize() + " at " + started.url() + " (Ctrl-C to stop)"
                + (isLoopback(host) ? "; this machine only: --host 0.0.0.0 opens it to the network" : ""));
        out.flush();
        try {
            started.awaitStop();
        } finally {
            started.close();
            removeHook(stop);
        }
        return 0;
    }

    /** Stops serving: {@link #call()} returns 0. */
    void stop() {
        RunsServer s = server;
        if (s != null) {
            s.close();
        }
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // RunsServer.start has already refused a host it cannot resolve
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down (Ctrl-C): the hook is what stopped the server.
        }
    }

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new ServeMain(), "serve", args));
    }
}
