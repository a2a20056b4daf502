package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.LocalRouters;
import org.maestro.client.local.RouterBinary;
import org.maestro.client.local.TestRouters;
import org.maestro.common.testing.Integration;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 22, "faults that behave": a line of three real routers, the middle one stopped for a moment while a sender on
 * the first router sends at a fixed rate without {@code failover=true}. Its connection never drops; the first router
 * gives back (modified, released) what it cannot forward. Before, the first such delivery ended the test in ERROR ("the
 * SUT refused a message: Delivery failed: failure at remote"); now each is sent again with its own sequence number and
 * counted as released, the run passes, and the receivers' counts are exact: every message arrived, none lost.
 */
@Integration
class RouterReleaseTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE = 300;
    private static final int SECONDS = 6;
    /** How long the middle router stays down: long enough for the first router to see its route go. */
    private static final long DOWN_MILLIS = 1500;

    @TempDir
    Path dir;

    @Test
    void theFirstRoutersReleasesDuringAStopOfTheMiddleOneAreCountedAndSentAgain() throws Exception {
        RouterBinary binary = TestRouters.binary();
        Path routers = dir.resolve("routers");
        Process restarted = null;
        try (LocalRouters line = TestRouters.lineOfThree(binary.kind(), routers)) {
            Path runs = dir.resolve("runs");
            long transitBefore = TestRouters.transit(line, "router-2");
            // judged here: the counts; the outage's latency and catching up are the fault's, not a bound's
            CompletableFuture<MaestroCommand.Result> run = CompletableFuture.supplyAsync(() -> MaestroCommand.run(
                    TestRouters.lineRun(line, runs, "release.queue", RATE, SECONDS,
                            "-P", "warmupMax=2s", "-P", "p99=30 s", "-P", "minRate=10 %")));
            // Traffic crosses router-2 (the sender is past its start-up), then router-2 stops for a moment.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (TestRouters.transit(line, "router-2") - transitBefore < RATE && System.nanoTime() < deadline
                    && !run.isDone()) {
                Thread.sleep(100); // polling the router's counter: nothing to wait on
            }
            ProcessHandle middle = ProcessHandle.of(line.pid("router-2")).orElseThrow();
            middle.destroyForcibly();
            middle.onExit().get(10, TimeUnit.SECONDS);
            Thread.sleep(DOWN_MILLIS);
            Path home = routers.resolve("router-2");
            restarted = new ProcessBuilder(binary.executable().toString(), "-c",
                    line.confOf("router-2").toString())
                    .directory(home.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(line.outOf("router-2").toFile())).start();

            MaestroCommand.Result r = run.get(120, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.output());
            JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());
            JsonNode totals = s.get("totals");
            assertEquals(DueMessages.of(RATE, SECONDS, "1s"), totals.get("sent").asLong(), totals.toString());
            assertEquals(0, totals.get("lost").asLong(), "every message given back was sent again and arrived: " + totals);
            // A modified delivery may have reached the receiver before its hop went: sent again, it is a duplicate.
            assertEquals(totals.get("sent").asLong() + totals.get("duplicated").asLong(), totals.get("received").asLong(),
                    totals.toString());
            JsonNode delivery = sender(s).get("delivery");
            assertEquals("settled", delivery.get("mode").asText(), delivery.toString());
            assertTrue(delivery.get("released").asLong() > 0, "the first router gave messages back while router-2 was down: "
                    + delivery + "\n" + r.output());
            assertEquals(0, delivery.get("unresent").asLong(), delivery.toString());
            assertEquals(0, delivery.get("refused").asLong(), delivery.toString());
            assertEquals(totals.get("sent").asLong(), delivery.get("acknowledged").asLong(), "each acknowledged once: " + delivery);
            assertTrue(r.output().contains("delivery of sender-1: settled: "), r.output());
            assertEquals("settled", s.get("parameters").get("routes").get(0).get("delivery").asText());
        } finally {
            if (restarted != null) {
                restarted.destroy();
                if (!restarted.waitFor(10, TimeUnit.SECONDS)) {
                    restarted.destroyForcibly();
                }
            }
        }
    }

    private static JsonNode sender(JsonNode summary) {
        for (JsonNode p : summary.get("peers")) {
            if (p.get("role").asText().equals("sender")) {
                return p;
            }
        }
        throw new AssertionError("no sender in " + summary.get("peers"));
    }
}
