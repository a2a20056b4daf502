package org.maestro.agent;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.maestro.agent.script.ScriptPath;
import org.maestro.agent.script.ScriptExecutions;
import org.maestro.agent.script.RefusedException;
import org.maestro.agent.script.ExecutionContext;
import org.maestro.agent.source.Checkout;
import org.maestro.agent.source.GitSources;
import org.maestro.agent.source.SourceException;
import org.maestro.agent.source.SourceUrl;
import org.maestro.common.note.Ids;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.note.TestOptions;
import org.maestro.common.peer.DataKeys;
import org.maestro.common.peer.GivenOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerHandler;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an agent peer does with its notes. AGENT_SOURCE fetches a git repository (if the allowlist
 * permits it) and makes its commit the current source; START_AGENT, STOP_AGENT and USER_COMMAND_1 run a
 * handler of that source and answer OK ({@code run <runId> started: <handler>}) once it has started, or
 * INTERNAL_ERROR with the reason when it is refused or cannot start; its outcome follows as
 * NOTIFY_HANDLER. SET gathers options (checked: {@code test.id}, {@code agent.handler.timeout}); GET
 * answers {@code data.url}, {@code data.dir}, {@code test.id}, {@code source.url}, {@code source.ref},
 * {@code source.commit}, {@code handlers.running} and SET options. A failure of one request never stops
 * the agent.
 */
public final class AgentHandler implements PeerHandler {
    /** The GET keys an agent answers besides the data keys every role answers. */
    private static final String SOURCE_URL = "source.url";
    private static final String SOURCE_REF = "source.ref";
    private static final String SOURCE_COMMIT = "source.commit";
    private static final String HANDLERS_RUNNING = "handlers.running";
    private static final List<String> OWN_KEYS = List.of(SOURCE_URL, SOURCE_REF, SOURCE_COMMIT, HANDLERS_RUNNING);

    private final AgentSettings settings;
    private final GitSources sources;
    private final ScriptExecutions runs;
    /** The agent keeps its options as given, once checked: a handler gets them all. */
    private final GivenOptions<Map<String, String>> options = new GivenOptions<>(given -> {
        AgentOptions.check(given);
        return Map.copyOf(given);
    });
    private final String fallbackTestId = "test-" + System.currentTimeMillis();
    private volatile Checkout checkout;
    private final AgentMetrics metrics = new AgentMetrics();

    public AgentHandler(AgentSettings settings) throws IOException {
        this.settings = settings;
        Files.createDirectories(settings.dataDir());
        this.sources = new GitSources(settings.workDir(), settings.fetchTimeout());
        this.runs = new ScriptExecutions(settings.maxRunning());
    }

    @Override
    public Payload handle(Note request, Peer peer) throws Exception {
        return switch (request.command()) {
            case SET -> set((Payload.SetOptions) request.payload(), peer);
            case AGENT_SOURCE -> source((Payload.AgentSource) request.payload());
            case START_AGENT -> {
                Payload.StartAgent p = (Payload.StartAgent) request.payload();
                yield run(request, peer, p.handler(), p.args());
            }
            case STOP_AGENT -> {
                Payload.StopAgent p = (Payload.StopAgent) request.payload();
                yield run(request, peer, p.handler(), p.args());
            }
            case USER_COMMAND_1 -> {
                Payload.UserCommand1 p = (Payload.UserCommand1) request.payload();
                yield run(request, peer, p.handler(), p.args());
            }
            case GET -> get((Payload.Get) request.payload(), peer);
            case STATS -> new Payload.StatsReply(new Stats(testId(), Role.AGENT, runs.running().isEmpty() ? "idle" : "running",
                    0, 0, 0, -1, -1, -1, -1, -1, 0, 0, 0));
            case FLUSH -> new Payload.Ok("handler logs are written line by line: nothing to flush");
            default -> throw PeerHandler.unsupported(request, peer);
        };
    }

    private Payload set(Payload.SetOptions set, Peer peer) throws IOException {
        Payload.Ok ok = options.apply(set);
        Map<String, String> given = options.parsed();
        Path dir = testDir(peer);
        TestFiles.write(dir, peer.info(), given, settings, AgentOptions.handlerTimeout(given, settings.handlerTimeout()));
        return new Payload.Ok(ok.detail() + "; test files in " + dir);
    }

    private Payload source(Payload.AgentSource request) throws SourceException {
        SourceUrl url = SourceUrl.parse(request.url());
        settings.allowlist().check(url);
        Checkout updated = sources.update(url, request.branch());
        checkout = updated;
        List<Path> keep = new ArrayList<>(runs.checkoutsInUse());
        keep.add(updated.dir());
        sources.prune(keep);
        return new Payload.Ok("source " + updated.describe() + " checked out");
    }

    private Payload run(Note request, Peer peer, String handler, List<String> args) throws Exception {
        Checkout source = checkout;
        String runId = Ids.next();
        Path dir = testDir(peer);
        Map<String, String> opts = new HashMap<>(options.parsed());
        opts.putAll(settings.ownOptions()); // what this agent sits beside is its own, whatever the test SET for all
        String runTestId = testId();
        ExecutionContext ctx = new ExecutionContext(runId, request.command(), handler, args, null, source, opts, runTestId, dir,
                AgentOptions.handlerTimeout(opts, settings.handlerTimeout()), request, peer.info().name(),
                note -> {
                    if (note instanceof Payload.HandlerOutcome outcome) {
                        metrics.ended(runTestId, outcome);
                    }
                    peer.notifyClient(note);
                });
        try {
            if (source == null) {
                throw new RefusedException("no source yet: send AGENT_SOURCE with the git URL of the handler repository first");
            }
            Path file = ScriptPath.resolve(source.dir(), handler);
            ScriptPath.checkArguments(args);
            ctx = new ExecutionContext(runId, request.command(), handler, args, file, source, opts, ctx.testId(), dir,
                    ctx.timeout(), request, ctx.agentName(), ctx.notifier());
        } catch (RefusedException e) {
            String reason = e.getMessage() + (source == null ? "" : " (source " + source.describe() + ")");
            runs.refuse(ctx, reason);
            throw new IllegalArgumentException(reason);
        }
        try {
            runs.start(ctx);
        } catch (RefusedException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        return new Payload.Ok("run " + runId + " started: " + handler);
    }

    private Payload get(Payload.Get get, Peer peer) {
        Checkout c = checkout;
        DataKeys data = new DataKeys(settings.dataUrl(), testDir(peer).toString(), testId());
        return data.reply(get, OWN_KEYS, key -> switch (key) {
            case SOURCE_URL -> c == null ? "" : c.url().redacted();
            case SOURCE_REF -> c == null ? "" : c.ref();
            case SOURCE_COMMIT -> c == null ? "" : c.commit();
            case HANDLERS_RUNNING -> String.join(",", runs.running());
            default -> options.redacted(key);
        });
    }

    private String testId() {
        return options.parsed().getOrDefault(TestOptions.TEST_ID, fallbackTestId);
    }

    private Path testDir(Peer peer) {
        return PeerFiles.directory(settings.dataDir(), testId(), peer.info().name());
    }

    @Override
    public void registerMetrics(PrometheusRegistry registry) {
        metrics.register(registry, () -> runs.running().size());
    }

    @Override
    public void close() {
        runs.close();
    }
}
