package org.maestro.agent;

import org.maestro.agent.source.SourceAllowlist;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** An agent peer (in this JVM) and a client, over the lab's control broker: what most tests drive. */
final class AgentFixture implements AutoCloseable {
    private static final Pattern RUN_ID = Pattern.compile("^run ([0-9a-f]+) started: ");

    final TestCluster cluster;
    final Peer agent;
    final ControlClient client;
    final Path dataDir;
    final Path workDir;
    final List<Note> notes;
    private String testId = "";

    /**
     * @param allow the --allow entries (empty: the default)
     */
    AgentFixture(TestLab lab, Path root, String name, List<String> allow) throws Exception {
        dataDir = Files.createDirectories(root.resolve("data"));
        workDir = Files.createDirectories(root.resolve("work"));
        AgentSettings settings = AgentSettings.of(dataDir, workDir, SourceAllowlist.of(allow, workDir), "");
        cluster = lab.cluster().peer(name, Role.AGENT, new AgentHandler(settings)).start();
        agent = cluster.peer(name);
        client = cluster.client();
        notes = cluster.inbox().all();
    }

    Replies request(Payload p) throws Exception {
        return cluster.request(agent, p);
    }

    /** The agent's one answer to {@code p}. */
    Payload answer(Payload p) throws Exception {
        Replies r = request(p);
        assertTrue(r.missing().isEmpty(), "the agent did not answer " + p.command());
        return r.of(agent.info()).payload();
    }

    /** The detail of an OK answer (fails the test on anything else). */
    String ok(Payload p) throws Exception {
        Payload a = answer(p);
        if (!(a instanceof Payload.Ok okay)) {
            throw new AssertionError(p.command() + " was answered " + a);
        }
        return okay.detail();
    }

    /** The reason of an INTERNAL_ERROR answer (fails the test on anything else). */
    String error(Payload p) throws Exception {
        Payload a = answer(p);
        return assertInstanceOf(Payload.InternalError.class, a, p.command() + " should have failed").reason();
    }

    void set(Map<String, String> options) throws Exception {
        ok(new Payload.SetOptions(options));
        if (options.containsKey("test.id")) {
            testId = options.get("test.id");
        }
    }

    String source(String url, String branch) throws Exception {
        return ok(new Payload.AgentSource(url, branch));
    }

    /** Runs a handler with USER_COMMAND_1; returns its run id from the OK. */
    String start(String handler, String... args) throws Exception {
        return runId(ok(new Payload.UserCommand1(handler, List.of(args))));
    }

    static String runId(String okDetail) {
        Matcher m = RUN_ID.matcher(okDetail);
        assertTrue(m.find(), "OK detail names the run: " + okDetail);
        return m.group(1);
    }

    /** Runs a handler and waits for its outcome. */
    Payload.HandlerOutcome run(int seconds, String handler, String... args) throws Exception {
        return awaitOutcome(start(handler, args), seconds);
    }

    Payload.HandlerOutcome awaitOutcome(String runId, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            for (Note n : notes) {
                if (n.payload() instanceof Payload.HandlerOutcome o && o.runId().equals(runId)) {
                    assertEquals(agent.info().id(), n.senderId());
                    return o;
                }
            }
            Thread.sleep(20); // polling interval
        }
        return fail("no NOTIFY_HANDLER for run " + runId + " within " + seconds + " s; notes: " + notes);
    }

    /** The outcomes received so far with this handler name. */
    List<Payload.HandlerOutcome> outcomes(String handler) {
        List<Payload.HandlerOutcome> out = new ArrayList<>();
        for (Note n : notes) {
            if (n.payload() instanceof Payload.HandlerOutcome o && o.handler().equals(handler)) {
                out.add(o);
            }
        }
        return out;
    }

    List<Note> notes(Command command) {
        return notes.stream().filter(n -> n.command() == command).toList();
    }

    /** {@code <data>/<test-id>/<agent-name>/}. */
    Path testDir() {
        return dataDir.resolve(testId).resolve(agent.info().name());
    }

    /** The log of a run. */
    Path log(String runId) throws Exception {
        try (var files = Files.list(testDir())) {
            return files.filter(f -> f.getFileName().toString().startsWith("handler-" + runId))
                    .findFirst().orElseThrow(() -> new AssertionError("no log of run " + runId + " in " + testDir()));
        }
    }

    String logText(String runId) throws Exception {
        return Files.readString(log(runId));
    }

    /** Still serving: PING answered, and a GET too. */
    void assertServing() throws Exception {
        assertTrue(client.ping(agent.info(), Duration.ofSeconds(5)) != null, "the agent answers PING");
        assertInstanceOf(Payload.GetReply.class, answer(new Payload.Get("peer.name")));
    }

    /** Closes the agent and the client now (the lab would after the test). */
    @Override
    public void close() {
        cluster.close();
    }
}
