package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.metrics.PeerMetrics;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.data.DataClient;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MetricsPage;
import org.maestro.common.testing.TestLab;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The maestro-agent command as a user runs it: a process of its own. */
@Integration
class AgentMainTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void anAgentProcessRunsAHandlerServesItsFilesAndHalts(@TempDir Path tmp) throws Exception {
        try (GitRepo repo = GitRepo.ofTestHandlers(tmp.resolve("repo"));
             ChildJvm agent = ChildJvm.start(AgentMain.class, "--broker", lab.controlUrl().toString(), "--name", "agent-proc",
                     "--group", "sut", "--data-dir", tmp.resolve("data").toString(), "--work-dir", tmp.resolve("work").toString(),
                     "--allow", repo.url(), "--handler-timeout", "30s", "--data-host", "127.0.0.1");
             ControlClient client = new ControlClient(lab.controlUrl()).connect(TIMEOUT)) {
            String ready = agent.awaitLine("maestro-agent: ", 30);
            assertTrue(ready.contains("agent 'agent-proc'") && ready.contains("sources allowed: file://"), ready);
            List<Note> notes = new CopyOnWriteArrayList<>();
            client.addListener(notes::add);
            List<PingResult> pings = client.ping(Address.group("sut"), Duration.ofSeconds(2));
            assertEquals(1, pings.size());
            PeerInfo peer = pings.get(0).peer();
            assertEquals(Role.AGENT, peer.role());
            Address to = Address.peer(peer.id());

            assertTrue(client.request(to, new Payload.SetOptions(Map.of("test.id", "cli")), List.of(peer), TIMEOUT).allOk());
            assertTrue(client.request(to, new Payload.AgentSource(repo.url(), ""), List.of(peer), TIMEOUT).allOk());
            Payload.Ok ok = assertInstanceOf(Payload.Ok.class, client.request(to, new Payload.StopAgent("ok.sh", List.of("x")),
                    List.of(peer), TIMEOUT).of(peer).payload());
            String runId = AgentFixture.runId(ok.detail());
            Payload.HandlerOutcome outcome = await(notes, runId);
            assertEquals("succeeded", outcome.outcome());

            Payload.GetReply url = assertInstanceOf(Payload.GetReply.class,
                    client.request(to, new Payload.Get("data.url"), List.of(peer), TIMEOUT).of(peer).payload());
            Path fetched = tmp.resolve("fetched");
            Payload.GetReply token = assertInstanceOf(Payload.GetReply.class,
                    client.request(to, new Payload.Get("data.token"), List.of(peer), TIMEOUT).of(peer).payload());
            DataClient.fetchAll(URI.create(url.value()), DataToken.of(token.value()), "cli/agent-proc", fetched);
            assertTrue(Files.readString(fetched.resolve("handlers.csv")).contains("," + runId + ",ok.sh,"));
            assertTrue(Files.readString(fetched.resolve("handler-" + runId + "-ok.sh.log")).contains("hello from ok.sh"));
            assertTrue(Files.exists(fetched.resolve("test.json")));

            // Its metrics, without the token: the run counted by test, handler and outcome (counted before the note left).
            MetricsPage metrics = MetricsPage.get(URI.create(url.value()).resolve(PeerMetrics.PATH));
            assertEquals(200, metrics.status());
            assertEquals(1, metrics.value(MetricNames.AGENT_HANDLER_RUNS
                    + "_total{handler=\"ok.sh\",outcome=\"succeeded\",test_id=\"cli\"}"), metrics.text());
            assertEquals(0, metrics.value(MetricNames.AGENT_HANDLERS_RUNNING), metrics.text());
            assertEquals(outcome.endMicros() / 1e6, metrics.value(MetricNames.AGENT_HANDLER_LAST_END
                    + "_seconds{handler=\"ok.sh\",outcome=\"succeeded\",test_id=\"cli\"}"), 1e-3, metrics.text());

            assertTrue(client.request(to, new Payload.Halt(), List.of(peer), TIMEOUT).allOk());
            assertTrue(agent.process().waitFor(15, TimeUnit.SECONDS), "the process exits after HALT");
            assertEquals(0, agent.process().exitValue());
        }
    }

    @Test
    void badOptionsAreUsageErrors(@TempDir Path tmp) throws Exception {
        String[][] cases = {
                {"--handler-timeout", "100", "Invalid value for option '--handler-timeout': bad time '100': a message count, not a time;"
                        + " expected a time like 100s"},
                {"--allow", "ssh://git.lab/x.git", "--allow ssh://git.lab/x.git: source 'ssh://git.lab/x.git': only file://,"},
        };
        for (String[] c : cases) {
            try (ChildJvm agent = ChildJvm.start(AgentMain.class, "--broker", "mqtt://127.0.0.1:1", "--name", "x",
                    "--work-dir", tmp.resolve("work").toString(), "--data-dir", tmp.resolve("data").toString(), c[0], c[1])) {
                // One line: the program, then the problem.
                agent.awaitLine("maestro-agent: " + c[2], 30);
                assertTrue(agent.process().waitFor(15, TimeUnit.SECONDS));
                assertEquals(2, agent.process().exitValue(), c[0] + " " + c[1]);
            }
        }
    }

    private static Payload.HandlerOutcome await(List<Note> notes, String runId) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            for (Note n : notes) {
                if (n.payload() instanceof Payload.HandlerOutcome o && o.runId().equals(runId)) {
                    return o;
                }
            }
            Thread.sleep(20); // polling interval
        }
        throw new AssertionError("no outcome of run " + runId + "; notes: " + notes);
    }
}
