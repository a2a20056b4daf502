package org.maestro.client.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.DueMessages;
import org.maestro.client.MaestroCommand;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hundred peers on one Mosquitto: 50 senders and 50 receivers, each set of 50 in one worker JVM ({@code --count 50}),
 * run test-scripts/many-peers.groovy briefly on the standalone Artemis through the maestro command. Every peer is found, set,
 * started, stopped and collected, the counts are exact, and the console is summarised rather than a line per peer.
 * The scale figures (how long each phase takes at 2, 10, 50 and 100 peers) are in bench/control-plane-scale.sh.
 */
@Integration
class HundredPeersTest {
    private static final Logger LOG = LoggerFactory.getLogger(HundredPeersTest.class);
    private static final int EACH = 50;
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis().withFullJitSut();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** Starts a worker JVM of {@value #EACH} peers of this role; {@link #awaitReady} waits for them. */
    private ChildJvm workers(String role) throws Exception {
        // Full JIT (after the tests' C1-only option, so it wins): 50 peers in a JVM carrying 1000 msg/s on a 2-core host
        // that also runs the broker and the other 50 is a load, and peers starved of CPU drop off the control broker.
        return lab.closeAfterEach(ChildJvm.start(List.of("-Xmx1g", "-XX:TieredStopAtLevel=4"), WorkerMain.class, "--role", role, "--count",
                Integer.toString(EACH), "--name", role, "--broker", lab.controlUrl().toString(), "--data-dir",
                data.resolve(role).toString(), "--data-host", "127.0.0.1"));
    }

    private static void awaitReady(ChildJvm jvm) throws InterruptedException {
        for (int i = 0; i < EACH; i++) {
            jvm.awaitLine("maestro-worker: ", 120);
        }
    }

    @Test
    void aTestOnAHundredPeersCountsEveryMessageAndCollectsEveryPeer() throws Exception {
        // Both JVMs start at once (each ready line is its own peer's): the run finds all 100 or fails naming the missing.
        ChildJvm receivers = workers("receiver");
        ChildJvm senders = workers("sender");
        awaitReady(receivers);
        awaitReady(senders);
        long started = System.nanoTime();
        MaestroCommand.Result r = MaestroCommand.run("run", Path.of("..", "test-scripts", "many-peers.groovy").toString(),
                "--broker", lab.controlUrl().toString(), "--runs", runs.toString(),
                "-P", "url=" + lab.sut().amqpUrl("scale.hundred"), "-P", "senders=" + EACH, "-P", "receivers=" + EACH,
                "-P", "rate=1000", "-P", "duration=5s");
        LOG.info("100-peer run took {} ms:\n{}", (System.nanoTime() - started) / 1_000_000, r.output());
        assertEquals(0, r.exitCode(), r.output());

        Path run = MaestroCommand.onlyRun(runs);
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("passed", s.get("verdict").asText());
        // 1000 msg/s shared by 50 senders (20 each) for 5 s, ramped in the warm-up: what each one's schedule has due, every one received once.
        long each = DueMessages.of(20, 5, "1s");
        assertEquals(EACH * each, s.get("totals").get("sent").asLong(), s.get("totals").toString());
        assertEquals(EACH * each, s.get("totals").get("received").asLong(), s.get("totals").toString());
        assertEquals(0, s.get("totals").get("lost").asLong());
        assertEquals(0, s.get("totals").get("duplicated").asLong());

        Set<String> names = new HashSet<>();
        long sentByPeers = 0;
        for (JsonNode p : s.get("peers")) {
            assertTrue(p.path("dataMissing").isMissingNode() || p.path("dataMissing").isNull(), p.toString());
            assertTrue(p.get("ok").asBoolean(), p.toString());
            names.add(p.get("name").asText());
            if (p.get("role").asText().equals("sender")) {
                assertEquals(each, p.get("messages").asLong(), p.toString());
                sentByPeers += p.get("messages").asLong();
            } else {
                assertTrue(p.path("lost").isNull() || p.path("lost").isMissingNode(),
                        "a competing receiver's gaps are not its losses: " + p);
            }
        }
        assertEquals(2 * EACH, names.size(), names.toString());
        assertEquals(EACH * each, sentByPeers);
        try (Stream<Path> dirs = Files.list(run.resolve("peers"))) {
            assertEquals(2 * EACH, dirs.filter(d -> Files.exists(d.resolve("test.json"))).count(), "every peer's files collected");
        }

        String console = Files.readString(run.resolve("console.log"));
        assertTrue(console.contains("all 50 senders ended") && console.contains("all 50 receivers ended"), console);
        assertTrue(console.contains("control plane, 100 peers: discover "), console);
        assertTrue(console.contains("from 100 of 100 peers"), console);
        assertTrue(console.contains("100 peers on 1 host(s)"), console);
        assertFalse(console.contains("sender-17 ended"), "no line per peer");
        assertFalse(console.contains("lost 1"), "no live loss from competing receivers' gaps");
    }
}
