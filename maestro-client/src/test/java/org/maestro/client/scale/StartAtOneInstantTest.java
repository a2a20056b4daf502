package org.maestro.client.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Twenty peers (10 senders and 10 receivers, each ten in one worker JVM with {@code --count}) begin at one instant:
 * every peer's own record of when it began (its test.json, read here independently of the results model) lies within
 * {@link #BOUND_MICROS} of every other's, none before the instant, and summary.json's start skew is that spread. The
 * figure itself (goal 5 ms at 100 peers) is measured by bench/control-plane-scale.sh; this bound leaves room for a CI
 * host shared by parallel builds.
 */
@Integration
class StartAtOneInstantTest {
    private static final int EACH = 10;
    /**
     * Every peer's begin within this of the others' on one host. The bench's goal is 5 ms at 100 peers; on a CI host
     * shared by parallel builds (a load of 25-48 on 2 cores) they began 4.5 ms and 100 ms apart; with a lead shorter
     * than the START round, 1.25 s. Started by START as it reached each peer, they would begin as far apart as the START
     * round's answers: 1.5 s for two peers on that host.
     */
    private static final long BOUND_MICROS = 250_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    private void workers(String role) throws Exception {
        ChildJvm jvm = lab.closeAfterEach(ChildJvm.start(WorkerMain.class, "--role", role, "--count", Integer.toString(EACH),
                "--name", role, "--broker", lab.controlUrl().toString(), "--data-dir", data.resolve(role).toString(),
                "--data-host", "127.0.0.1"));
        for (int i = 0; i < EACH; i++) {
            jvm.awaitLine("maestro-worker: ", 60);
        }
    }

    @Test
    void twentyPeersBeginTogetherAtTheCommonInstant() throws Exception {
        workers("receiver");
        workers("sender");
        MaestroCommand.Result r = MaestroCommand.run("run", Path.of("..", "test-scripts", "many-peers.groovy").toString(),
                "--broker", lab.controlUrl().toString(), "--runs", runs.toString(),
                "-P", "url=" + lab.sut().amqpUrl("start.instant"), "-P", "senders=" + EACH, "-P", "receivers=" + EACH,
                "-P", "rate=200", "-P", "duration=2s");
        assertEquals(0, r.exitCode(), r.output());
        Path run = MaestroCommand.onlyRun(runs);

        List<Long> intended = new ArrayList<>();
        List<Long> begun = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(run.resolve("peers"))) {
            for (Path d : dirs.toList()) {
                JsonNode start = JSON.readTree(d.resolve("test.json").toFile()).path("startInstant");
                assertFalse(start.isMissingNode() || start.path("begunEpochMicros").isNull(), d + ": " + start);
                intended.add(start.get("intendedEpochMicros").asLong());
                begun.add(start.get("begunEpochMicros").asLong());
                assertTrue(start.get("begunEpochMicros").asLong() >= start.get("intendedEpochMicros").asLong(),
                        d + " began before the instant: " + start);
            }
        }
        assertEquals(2 * EACH, begun.size());
        assertEquals(1, intended.stream().distinct().count(), "one host, one clock: one instant for all " + intended);
        long spread = begun.stream().mapToLong(Long::longValue).max().orElseThrow() - begun.stream().mapToLong(Long::longValue).min().orElseThrow();
        assertTrue(spread <= BOUND_MICROS, "the peers began " + spread + " µs apart: " + begun);

        JsonNode skew = JSON.readTree(run.resolve("summary.json").toFile()).get("startSkew");
        assertEquals(spread / 1000.0, skew.get("skewMillis").asDouble(), 0.0005, skew.toString());
        assertEquals(0.0, skew.get("uncertaintyMillis").asDouble(), "every peer reads the client's clock: " + skew);
        assertEquals(2 * EACH, skew.get("peers").size(), skew.toString());
        String console = Files.readString(run.resolve("console.log"));
        assertTrue(console.contains(String.format(java.util.Locale.ROOT, "start skew %.3f ms", spread / 1000.0)), console);
        assertTrue(console.contains("control plane, 20 peers: discover ") && console.contains(", prepare "), console);
        System.out.printf("20 peers began within %d µs of each other; %s%n", spread, console.lines()
                .filter(l -> l.startsWith("start skew") || l.startsWith("control plane,")).toList());
    }
}
