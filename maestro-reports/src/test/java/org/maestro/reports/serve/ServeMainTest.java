package org.maestro.reports.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.util.LoopbackPorts;
import picocli.CommandLine;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.RunsFixture;

/** The {@code serve} command: prints where it serves, serves until stopped, and says clearly why it cannot. */
class ServeMainTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @Test
    void servesTheRunsDirectoryUntilStopped() throws Exception {
        Path runs = RunsFixture.write(tmp.resolve("runs")).dir;
        ServeMain serve = new ServeMain();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> exit = thread.submit(() -> command(serve).execute(runs.toString(), "--port", "0"));
            RunsServer server = awaitServer(serve, exit);
            int port = server.port();
            String url = "http://127.0.0.1:" + port + "/";
            assertTrue(out.toString().contains("serving " + runs.toAbsolutePath() + " at " + url
                    + " (Ctrl-C to stop); this machine only: --host 0.0.0.0 opens it to the network"), "loopback by default: " + out);
            HttpResponse<String> index = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, index.statusCode());
            assertEquals(RunsFixture.LISTED_IN_ORDER.size(), ReportHtml.parse(index.body()).path("index").path("runs").size());
            serve.stop();
            assertEquals(0, exit.get(10, TimeUnit.SECONDS), err.toString());
            assertFalse(LoopbackPorts.isListening(port), "the port is released");
        } finally {
            serve.stop();
            thread.shutdownNow();
        }
    }

    @Test
    void aMissingDirectoryIsExitTwoNamingIt() {
        Path missing = tmp.resolve("no-runs-here");
        assertEquals(2, command(new ServeMain()).execute(missing.toString(), "--port", "0", "--host", "127.0.0.1"));
        assertTrue(err.toString().contains(missing + " does not exist or is not a directory"), err.toString());
    }

    @Test
    void aPortInUseIsExitTwoNamingIt() throws Exception {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(LoopbackPorts.IPV4, 0));
            int port = taken.getLocalPort();
            assertEquals(2, command(new ServeMain()).execute(runs.toString(), "--port", String.valueOf(port), "--host", "127.0.0.1"));
            assertTrue(err.toString().contains("cannot start the runs server on 127.0.0.1:" + port), err.toString());
            assertTrue(err.toString().toLowerCase(java.util.Locale.ROOT).contains("in use"), err.toString());
        }
    }

    @Test
    void aPortOutOfRangeIsExitTwo() throws Exception {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        assertEquals(2, command(new ServeMain()).execute(runs.toString(), "--port", "70000"));
        assertTrue(err.toString().contains("--port 70000 is not a port"), err.toString());
    }

    private CommandLine command(ServeMain serve) {
        return new CommandLine(serve).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
    }

    private RunsServer awaitServer(ServeMain serve, Future<Integer> exit) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (serve.server != null && out.toString().contains("serving ")) {
                return serve.server;
            }
            if (exit.isDone()) {
                fail("serve ended with " + exit.get() + " before serving: " + err);
            }
            Thread.sleep(20);
        }
        return fail("serve did not start within 30 s: " + out + err);
    }
}
