package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.Address;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Stats;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Interrupted runs keep their data (issue 12, point 3), on real parts: worker processes over Mosquitto loading a
 * standalone Artemis, and the client as a process of its own, started the way a shell starts a foreground job and
 * interrupted as Ctrl-C interrupts it (SIGINT to its process group), or killed with SIGKILL.
 */
@Integration
class InterruptedRunTest {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE = 200;
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** A receiver and a sender, started side by side (two cold JVMs need not take turns), once both are ready. */
    private void workers() throws Exception {
        List<PeerProcesses.Launched> started = new java.util.ArrayList<>();
        for (String[] w : new String[][] {{"receiver", "receiver-1"}, {"sender", "sender-1"}}) {
            started.add(PeerProcesses.launch(lab, WorkerMain.class, control(), data, w[1], "--role", w[0]));
        }
        PeerProcesses.awaitReady(started);
    }

    private static String control() {
        return lab.controlUrl().toString();
    }

    /** {@code maestro run} of a test far longer than this one waits, so only an interruption ends it early. */
    private String[] longRun(String queue) {
        return new String[] {"run", SCRIPT.toString(), "--broker", control(), "--runs", runs.toString(), "-P",
                "url=" + lab.sut().amqpUrl(queue), "-P", "rate=" + RATE, "-P", "duration=60s", "-P", "warmup=0s"};
    }

    private ChildJvm maestro(boolean asForegroundJob, String... args) throws IOException {
        return lab.closeAfterEach(asForegroundJob ? ChildJvm.startAsForegroundJob(MaestroMain.class, args) : ChildJvm.start(MaestroMain.class, args));
    }

    private static int exitCode(ChildJvm c) throws InterruptedException {
        assertTrue(c.process().waitFor(30, TimeUnit.SECONDS), "the command ended; its output is in " + c.log());
        return c.process().exitValue();
    }

    private Path onlyRun() throws IOException {
        try (Stream<Path> dirs = Files.list(runs)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /** Every peer's figures, by name, as it answers STATS now. */
    private static Map<String, Stats> stats() throws Exception {
        try (ControlClient client = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            List<PeerInfo> peers = client.ping(Address.all(), Duration.ofSeconds(1)).stream().map(p -> p.peer()).toList();
            Map<String, Stats> out = new HashMap<>();
            var replies = client.request(Address.all(), new Payload.StatsRequest(), peers, Duration.ofSeconds(5));
            for (PeerInfo p : peers) {
                out.put(p.name(), ((Payload.StatsReply) replies.of(p).payload()).stats());
            }
            return out;
        }
    }

    /** The run directory holds summary.json, junit.xml and report.html, each saying the run was interrupted. */
    private static JsonNode assertInterrupted(Path run, String why) throws IOException {
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("interrupted", s.get("verdict").asText(), s.toString());
        assertTrue(s.get("reasons").toString().contains(why), s.get("reasons").toString());
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("errors=\"1\"") && junit.contains("type=\"interrupted\"") && junit.contains(why), junit);
        JsonNode report = org.maestro.reports.ReportHtml.data(run.resolve("report.html"));
        assertEquals("interrupted", report.path("summary").path("verdict").asText(), "report.html shows the verdict");
        String index = Files.readString(run.getParent().resolve("index.html"));
        assertTrue(index.contains("\"verdict\":\"interrupted\""), "runs/index.html lists the run as interrupted");
        assertTrue(Files.exists(run.resolve("run.json")));
        assertTrue(!Files.readString(run.resolve("run.json")).contains(":" + ArtemisBroker.PASSWORD + "@"), "no password in run.json");
        return s;
    }

    @Test
    void ctrlCStopsThePeersCollectsTheirFilesAndExits130() throws Exception {
        workers();
        ChildJvm client = maestro(true, longRun("interrupted.ctrlc"));
        client.awaitLine(LiveSecond.atLeast(3), LiveSecond.describe(3), 60);
        long pressed = System.nanoTime();
        client.pressCtrlC();
        client.awaitLine("interrupted (SIGINT): stopping the peers, then collecting what they wrote...", 5);
        long told = System.nanoTime();
        client.awaitLine("stopping sender-1, receiver-1", 10);
        client.awaitLine("collecting what the peers wrote", 20);
        long stopped = System.nanoTime();
        client.awaitLine("verdict: INTERRUPTED", 20);
        assertEquals(130, exitCode(client));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - pressed);
        System.out.printf("FIGURE: Ctrl-C to exit 130 with the run written: %d ms (told %d ms, peers stopped and ended %d ms)%n",
                millis, TimeUnit.NANOSECONDS.toMillis(told - pressed), TimeUnit.NANOSECONDS.toMillis(stopped - pressed));
        assertTrue(millis < 20_000, millis + " ms");

        Map<String, Stats> after = stats();
        // A window to see nothing happen in: at the test's rate a peer still loading would count ~300 more by then.
        Thread.sleep(1500);
        Map<String, Stats> later = stats();
        for (String peer : List.of("sender-1", "receiver-1")) {
            assertEquals("done", after.get(peer).phase(), peer + " was stopped");
            assertEquals(after.get(peer).messages(), later.get(peer).messages(), peer + " no longer loads the SUT");
        }
        JsonNode s = assertInterrupted(onlyRun(), "interrupted by SIGINT");
        long sent = after.get("sender-1").messages();
        System.out.printf("FIGURE: interrupted after %d messages sent, %d received%n", sent, after.get("receiver-1").messages());
        assertTrue(sent >= 2 * RATE, "about three seconds of load: " + sent);
        assertEquals(sent, s.get("totals").get("sent").asLong(), "the summary counts what the sender sent");
        assertEquals(after.get("receiver-1").messages(), s.get("totals").get("received").asLong());
        assertEquals(0, s.get("totals").get("lost").asLong(), "the receivers drained before the files were collected");
    }

    @Test
    void sigtermThenCtrlCQuitsAtOnceAndMaestroCollectFinishesTheRun() throws Exception {
        workers();
        ChildJvm client = maestro(true, longRun("interrupted.twice"));
        client.awaitLine(LiveSecond.atLeast(2), LiveSecond.describe(2), 60);
        assertTrue(client.jvm().destroy(), "SIGTERM sent to the client's JVM");
        client.awaitLine("interrupted (SIGTERM): stopping the peers", 5);
        long pressed = System.nanoTime();
        client.pressCtrlC();
        Path run = onlyRun();
        String left = client.awaitLine("interrupted again (SIGINT): quitting at once", 5);
        assertEquals(130, exitCode(client));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - pressed);
        System.out.printf("FIGURE: second Ctrl-C to exit: %d ms%n", millis);
        assertTrue(millis < 3_000, millis + " ms");
        assertTrue(left.contains("maestro collect " + run), left);

        ChildJvm collect = maestro(false, "collect", run.toString());
        collect.awaitLine("verdict: INTERRUPTED", 60);
        assertEquals(0, exitCode(collect), "every file collected");
        JsonNode s = assertInterrupted(run, "maestro collect");
        Map<String, Stats> now = stats();
        assertEquals(now.get("sender-1").messages(), s.get("totals").get("sent").asLong());
        assertEquals(now.get("receiver-1").messages(), s.get("totals").get("received").asLong());
        assertTrue(Files.readString(run.resolve("console.log")).contains("maestro collect: test "), "console.log goes on");
    }

    @Test
    void afterSigkillTheNextRunNamesMaestroStopAndCollectRebuildsTheRun() throws Exception {
        workers();
        ChildJvm client = maestro(false, longRun("interrupted.killed"));
        client.awaitLine(LiveSecond.atLeast(2), LiveSecond.describe(2), 60);
        Path killedRun = onlyRun();
        client.kill();
        assertTrue(Files.readString(killedRun.resolve("run.json")).contains("sender-1"), "run.json names the peers from the start");
        String testId = JSON.readTree(killedRun.resolve("run.json").toFile()).get("testId").asText();

        ChildJvm next = maestro(false, "run", SCRIPT.toString(), "--broker", control(), "--runs", runs.toString(), "-P",
                "url=" + lab.sut().amqpUrl("interrupted.next"), "-P", "rate=" + RATE, "-P", "duration=3s", "-P", "warmup=0s");
        String refused = next.awaitLine("verdict: ERROR", 60);
        assertEquals(2, exitCode(next));
        assertTrue(refused.contains("still runs test " + testId) && refused.contains("maestro stop --broker " + control()
                + " --test-id " + testId), refused);
        // Refused, nothing ran: no figures (once sent/received/lost 0, percentiles 0.0 and "[PASS] loss == 0").
        Path refusedRun;
        try (Stream<Path> dirs = Files.list(runs)) {
            refusedRun = dirs.filter(d -> Files.isDirectory(d) && !d.equals(killedRun)).findFirst().orElseThrow();
        }
        JsonNode notRun = JSON.readTree(refusedRun.resolve("summary.json").toFile());
        assertEquals("error", notRun.get("verdict").asText());
        assertTrue(notRun.get("totals").isNull() && notRun.get("peers").isEmpty() && notRun.get("checks").isEmpty(), notRun.toString());
        assertTrue(notRun.get("reasons").toString().contains("no peer was started: nothing was measured"), notRun.toString());
        String console = Files.readString(refusedRun.resolve("console.log"));
        assertTrue(console.contains("no figures: the test did not run") && !console.contains("[PASS]")
                && !console.contains("total: sent"), console);
        assertTrue(Files.readString(refusedRun.resolve("junit.xml")).contains("errors=\"1\""), "junit.xml: an error, no passes");

        ChildJvm stop = maestro(false, "stop", "--broker", control());
        stop.awaitLine("2 peer(s) stopped", 60);
        assertEquals(0, exitCode(stop));

        ChildJvm collect = maestro(false, "collect", killedRun.toString(), "--broker", control());
        collect.awaitLine("verdict: INTERRUPTED", 60);
        assertEquals(0, exitCode(collect));
        JsonNode s = assertInterrupted(killedRun, "its client ended before the test did");
        Map<String, Stats> now = stats();
        assertEquals(now.get("sender-1").messages(), s.get("totals").get("sent").asLong());
        assertEquals(now.get("receiver-1").messages(), s.get("totals").get("received").asLong());
        assertTrue(s.get("totals").get("sent").asLong() >= RATE, s.get("totals").toString());

        ChildJvm again = maestro(false, "run", SCRIPT.toString(), "--broker", control(), "--runs", runs.toString(), "-P",
                "url=" + lab.sut().amqpUrl("interrupted.again"), "-P", "rate=" + RATE, "-P", "duration=3s", "-P", "warmup=0s",
                "-P", "p99=10 s"); // a latency bound this loaded machine always meets: the run is what counts here
        again.awaitLine("verdict: PASSED", 60);
        assertEquals(0, exitCode(again), "with the orphaned test ended, the next run goes");
    }
}
