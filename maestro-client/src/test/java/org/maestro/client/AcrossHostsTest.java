package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What loopback hides, on one machine: worker processes on Mosquitto whose data servers listen on every
 * interface but advertise another address (127.0.0.2 stands for the lab address a NAT or a container hands
 * out), the client's probe of each peer's host, data server and clock before the test (worker JVMs on the client's
 * host read its clock: "same host", no offset estimated), and what it says when a data server cannot be reached.
 */
@Integration
class AcrossHostsTest {
    private static final Path SCRIPTS = Path.of("..", "test-scripts");
    private static final ObjectMapper JSON = new ObjectMapper();
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** Workers started and not yet seen ready: {@link #run} waits for them, so a test's two start side by side. */
    private final List<ChildJvm> starting = new ArrayList<>();

    private void worker(String role, String name, String... dataOptions) throws Exception {
        List<String> args = new ArrayList<>(List.of("--role", role, "--broker", lab.controlUrl().toString(), "--name", name,
                "--data-dir", data.resolve(name).toString()));
        args.addAll(List.of(dataOptions));
        starting.add(lab.closeAfterEach(ChildJvm.start(WorkerMain.class, args.toArray(String[]::new))));
    }

    /** Runs fixed-rate.groovy against the lab; returns {exit code, what it printed}. */
    /** Waits until every worker started so far says it is ready. */
    private void workersReady() throws InterruptedException {
        for (ChildJvm w : starting) {
            w.awaitLine("maestro-worker: ", 30L * starting.size()); // side by side: the 30 s each had in turn
        }
        starting.clear();
    }

    private Object[] run(String queue, String duration) throws InterruptedException {
        workersReady();
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = MaestroMain.execute("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker",
                    lab.controlUrl().toString(), "--runs", runs.toString(), "-P", "url=" + lab.sut().amqpUrl(queue),
                    "-P", "rate=200", "-P", "duration=" + duration, "-P", "warmup=0s", "-P", "p99=1 s");
            return new Object[]{code, captured.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(out);
            System.out.print(captured.toString(StandardCharsets.UTF_8));
        }
    }

    private JsonNode summary() throws IOException {
        try (Stream<Path> dirs = Files.list(runs)) {
            Path run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
            return JSON.readTree(run.resolve("summary.json").toFile());
        }
    }

    @Test
    void theClientCollectsFromTheAdvertisedAddressAndRecordsEachPeersHostAndClock() throws Exception {
        worker("receiver", "receiver-1", "--data-host", "0.0.0.0", "--data-address", "127.0.0.2");
        worker("sender", "sender-1", "--data-host", "0.0.0.0", "--data-address", "127.0.0.2");
        Object[] r = run("hosts.advertised", "2s");
        String console = (String) r[1];
        // The test ran (a loaded machine may miss the rate or latency criteria: exit 1, not 2); hosts are the point.
        assertNotEquals(2, r[0], console);
        assertTrue(console.contains("sender-1 on ") && console.contains("(127.0.0.2), data at http://127.0.0.2:"), console);

        JsonNode s = summary();
        assertEquals(400, s.path("totals").path("received").asLong(), "the files were collected from 127.0.0.2");
        JsonNode hosts = s.path("peerHosts");
        assertEquals(2, hosts.size(), hosts.toString());
        for (JsonNode h : hosts) {
            String peer = h.path("peer").asText();
            assertTrue(h.path("dataUrl").asText().startsWith("http://127.0.0.2:"), h.toString());
            assertEquals("127.0.0.2", h.path("dataHost").asText(), h.toString());
            assertEquals("127.0.0.2", h.path("address").asText(), h.toString());
            assertTrue(!h.path("hostName").asText().isEmpty(), h.toString());
            assertEquals(5, h.path("pings").asInt(), peer + " answered every PING");
            double rtt = h.path("roundTripMillis").asDouble();
            assertTrue(rtt > 0 && rtt < 1_000, peer + " round trip " + rtt + " ms");
            // Another JVM on the client's host (same boot id): the client's own clock, not estimated.
            assertEquals(org.maestro.common.note.ClockSource.SAME_HOST, h.path("sameClock").asText(), h.toString());
            assertTrue(h.path("clockOffsetMillis").isNull() && h.path("clockOffsetUncertaintyMillis").isNull(), h.toString());
            System.out.printf("%s: PING round trip %.3f ms, %s%n", peer, rtt, h.path("sameClock").asText());
        }
        assertTrue(console.contains("same clock as the client: same host"), console);
        assertTrue(!console.contains("synchronise the clocks"), console);
        JsonNode clocks = s.path("clockCheck");
        assertTrue(clocks.path("limitMillis").asDouble() >= 1.0, clocks.toString());
        assertTrue(clocks.path("rule").asText().contains("10 % of the p50"), clocks.toString());
        assertEquals(0, clocks.path("warnings").size(), clocks.toString());
        assertEquals(0.0, clocks.path("maxAbsOffsetMillis").asDouble(), "no offset estimated: " + clocks);
    }

    @Test
    void aDataServerTheClientCannotReachIsNamedWithItsUrlAndWhyBeforeTheTest() throws Exception {
        // The receiver's server listens on 127.0.0.1 alone but advertises 127.0.0.3: refused. The sender's name resolves nowhere.
        worker("receiver", "receiver-1", "--data-host", "127.0.0.1", "--data-address", "127.0.0.3");
        worker("sender", "sender-1", "--data-address", "sender-1.invalid");
        workersReady(); // the client's time is timed, not the workers' start
        long started = System.nanoTime();
        Object[] r = run("hosts.unreachable", "30s");
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        String console = (String) r[1];
        assertEquals(2, r[0], console);
        assertTrue(seconds < 25, "the client gave up after " + seconds + " s");
        assertTrue(console.contains("the client cannot reach the data server of receiver 'receiver-1'")
                && console.contains("at http://127.0.0.3:") && console.contains("connection refused"), console);
        assertTrue(console.contains("the client cannot reach the data server of sender 'sender-1'")
                && console.contains("at http://sender-1.invalid:") && console.contains("unknown host sender-1.invalid"), console);
        JsonNode s = summary();
        assertEquals("error", s.path("verdict").asText());
        assertTrue(s.path("reasons").toString().contains("127.0.0.3"), s.path("reasons").toString());
        assertEquals(0, s.path("totals").path("sent").asLong(), "no load was started");
        assertEquals(2, s.path("peerHosts").size(), "the probe's findings are kept: " + s.path("peerHosts"));
        assertTrue(s.path("peerHosts").toString().contains("\"dataHost\":\"127.0.0.3\""), s.path("peerHosts").toString());
    }
}
