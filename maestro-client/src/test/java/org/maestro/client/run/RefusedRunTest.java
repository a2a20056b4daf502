package org.maestro.client.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerHandler;
import org.maestro.common.testing.EchoHandler;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.results.Summary;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.maestro.client.run.collect.RunFinisher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run refused because its peers still run an earlier test measured nothing, and says so: no figures. It once wrote
 * a summary.json with sent/received/lost 0, every percentile 0.0 and {@code [PASS] loss == 0}.
 */
@Integration
class RefusedRunTest {
    private static final String EARLIER = "20260101-000000-earlier";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);

    /** A peer busy with an earlier test, as its STATS say; everything else as {@link EchoHandler}. */
    private static PeerHandler busy() {
        EchoHandler echo = new EchoHandler();
        return (Note request, Peer peer) -> request.payload() instanceof Payload.StatsRequest
                ? new Payload.StatsReply(new Stats(EARLIER, peer.info().role(), "running", 0, 100, 0, -1, -1, -1, -1, -1, 0, 0, 0))
                : echo.handle(request, peer);
    }

    @Test
    void aRunRefusedBecauseAnEarlierOneStillRunsHasNoFigures(@TempDir Path runs) throws Exception {
        TestCluster cluster = lab.cluster().peer("sender-1", Role.SENDER, busy()).peer("receiver-1", Role.RECEIVER, busy()).start();
        var plan = ScriptRunner.load("fixed.groovy", "test {\n  url 'amqp://127.0.0.1:1/q'\n  duration '5s'\n"
                + "  expect 'loss == 0', 'p99 latency < 1 s'\n}\n", Map.of());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Summary s = new TestExecutor(cluster.client(), runs, new Console(new PrintStream(out, true, StandardCharsets.UTF_8)),
                Duration.ofSeconds(10)).run(plan);

        assertEquals(Summary.ERROR, s.verdict());
        assertEquals(2, s.exitCode());
        Path run;
        try (Stream<Path> dirs = Files.list(runs)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
        assertTrue(summary.get("totals").isNull(), summary.toString());
        assertTrue(summary.get("peers").isEmpty() && summary.get("checks").isEmpty() && summary.get("routes").isEmpty(),
                summary.toString());
        List<String> reasons = List.of(JSON.treeToValue(summary.get("reasons"), String[].class));
        assertTrue(reasons.get(0).contains("still runs test " + EARLIER), reasons.toString());
        assertEquals("no peer was started: nothing was measured", reasons.get(reasons.size() - 1));
        assertEquals("5s", summary.get("parameters").get("duration").asText(), "what the test was is kept");
        assertNull(s.totals());

        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("no figures: the test did not run"), console);
        assertFalse(console.contains("[PASS]") || console.contains("total: sent") || console.contains("0.000"), console);
        assertTrue(console.contains("report: ") && !console.contains("report: not written")
                && Files.isRegularFile(run.resolve("report.html")), console);
        String junit = Files.readString(run.resolve("junit.xml"));
        assertTrue(junit.contains("errors=\"1\"") && !junit.contains("loss == 0"), junit);

        // maestro collect on it keeps "did not run, no figures": it once rebuilt a summary of zeros.
        String before = Files.readString(run.resolve("summary.json"));
        ByteArrayOutputStream collectOut = new ByteArrayOutputStream();
        assertTrue(new RunFinisher(cluster.client(), new Console(new PrintStream(collectOut, true, StandardCharsets.UTF_8)))
                .finish(run));
        assertEquals(before, Files.readString(run.resolve("summary.json")));
        assertTrue(collectOut.toString(StandardCharsets.UTF_8).contains("did not run ("), collectOut.toString(StandardCharsets.UTF_8));
    }

    @Test
    void collectingARunWhoseClientEndedBeforeAnyPeerWasChosenWritesNoFigures(@TempDir Path runs) throws Exception {
        TestCluster cluster = lab.cluster().start();
        Path run = Files.createDirectories(runs.resolve("20260101-000000-fixed"));
        var plan = ScriptRunner.load("fixed.groovy", "test {\n  url 'amqp://127.0.0.1:1/q'\n  duration '5s'\n"
                + "  expect 'loss == 0'\n}\n", Map.of());
        RunRecord.starting("20260101-000000-fixed", lab.controlUrl(), "2026-01-01T00:00:00Z", plan).write(run);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(new RunFinisher(cluster.client(), new Console(new PrintStream(out, true, StandardCharsets.UTF_8))).finish(run));

        Summary s = Summary.read(run.resolve("summary.json"));
        assertEquals(Summary.INTERRUPTED, s.verdict());
        assertNull(s.totals());
        assertTrue(s.peers().isEmpty() && s.checks().isEmpty(), s.toString());
        assertTrue(s.reasons().get(0).contains("before any peer was chosen"), s.reasons().toString());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("0.000"), out.toString(StandardCharsets.UTF_8));
    }
}
