package org.maestro.client.run;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.units.TestDuration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Carries out one test of the design guide's lifecycle: discover the required peers, SET, start
 * receivers then senders, watch (a progress line a second; a NOTIFY_FAIL or a lost peer ends the
 * test at once), stop the receivers once the senders are done and let them drain, collect every
 * peer's files, and write summary.json and junit.xml into the run directory.
 */
public final class TestExecutor {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);
    /** A test whose peers send no progress for this long is stuck. */
    private static final long SILENCE_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final ControlClient client;
    private final Path runsDir;
    private final Console console;
    private final Duration discoveryTimeout;
    private final BaselineCheck baseline;
    private boolean regressed;

    public TestExecutor(ControlClient client, Path runsDir, Console console, Duration discoveryTimeout) {
        this(client, runsDir, console, discoveryTimeout, new BaselineCheck(List.of(), null));
    }

    public TestExecutor(ControlClient client, Path runsDir, Console console, Duration discoveryTimeout, BaselineCheck baseline) {
        this.client = client;
        this.runsDir = runsDir;
        this.console = console;
        this.discoveryTimeout = discoveryTimeout;
        this.baseline = baseline;
    }

    /** Whether the last run was worse than its baseline (always false without one). */
    public boolean regressed() {
        return regressed;
    }

    /**
     * Runs the plan, then writes its report and refreshes the runs directory's index.html; never throws for a
     * test that could not run: that is verdict "error", exit 2.
     */
    public Summary run(TestPlan plan) throws IOException, InterruptedException {
        return run(plan, true);
    }

    /**
     * Runs a step of an incremental test: as {@link #run}, but the index is left to the incremental test, which
     * refreshes it at its end (its steps are not listed at the top of the runs directory).
     */
    public Summary runStep(TestPlan plan) throws IOException, InterruptedException {
        return run(plan, false);
    }

    private Summary run(TestPlan plan, boolean refreshIndex) throws IOException, InterruptedException {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String testId = stamp + "-" + plan.name().replaceAll("[^A-Za-z0-9._-]", "_");
        Path runDir = Files.createDirectories(runsDir.resolve(testId));
        console.keepIn(runDir.resolve(RunLayout.CONSOLE_LOG));
        Run run = new Run(plan, testId, runDir);
        try {
            run.execute();
        } catch (TestCannotRun e) {
            run.error(e.getMessage());
        } catch (TransportException e) {
            run.error("the control broker failed: " + e.getMessage());
        }
        Summary summary = run.finish();
        console.line("");
        SummaryTable.print(summary, console);
        console.line("run directory: %s", runDir.toAbsolutePath());
        regressed = !baseline.isEmpty() && baseline.compare(runDir, console);
        RunPages.report(runDir, console);
        if (refreshIndex) {
            // After the comparison: the index shows its verdict.
            RunPages.index(runsDir, console);
        }
        console.close();
        return summary;
    }

    /** The state of one run. */
    private final class Run {
        final TestPlan plan;
        final String testId;
        final Path runDir;
        final String start = java.time.Instant.now().toString();
        final List<PeerInfo> peers = new ArrayList<>();
        final Map<String, Stats> latest = new ConcurrentHashMap<>();
        final Map<String, Note> ends = new ConcurrentHashMap<>();
        final LinkedBlockingQueue<Note> events = new LinkedBlockingQueue<>();
        final List<String> errors = new ArrayList<>();
        final Map<String, String> options = new LinkedHashMap<>();
        volatile long lastProgressNanos = System.nanoTime();
        final java.util.function.Consumer<Note> listener = this::onNote;

        Run(TestPlan plan, String testId, Path runDir) {
            this.plan = plan;
            this.testId = testId;
            this.runDir = runDir;
        }

        final List<PeerInfo> senders = new ArrayList<>();
        final List<PeerInfo> receivers = new ArrayList<>();
        final List<PeerInfo> inspectors = new ArrayList<>();
        PeerInfo agent;
        /** Fired agent actions waiting for their NOTIFY_HANDLER, and those done. */
        final List<ActionRun> actions = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.ScheduledExecutorService scheduler;
        long loadStartEpochMicros;
        final Map<String, TestPlan.InspectorSpec> inspectorOf = new LinkedHashMap<>();
        final Map<String, TestPlan.Route> routeOf = new LinkedHashMap<>();

        void execute() throws TestCannotRun, TransportException, InterruptedException {
            console.line("test %s: %s", plan.name(), testId);
            List<PeerDirectory.Requirement> needs = new ArrayList<>();
            for (TestPlan.Route route : plan.effectiveRoutes()) {
                needs.add(new PeerDirectory.Requirement(Role.RECEIVER, route.group(), route.receivers()));
                needs.add(new PeerDirectory.Requirement(Role.SENDER, route.group(), route.senders()));
            }
            PeerDirectory.Requirement inspectorNeed = new PeerDirectory.Requirement(Role.INSPECTOR, "", plan.inspectors().size());
            if (!plan.inspectors().isEmpty()) {
                needs.add(inspectorNeed);
            }
            PeerDirectory.Requirement agentNeed = new PeerDirectory.Requirement(Role.AGENT, "", 1);
            if (plan.agent() != null) {
                needs.add(agentNeed);
            }
            Map<PeerDirectory.Requirement, List<PeerInfo>> found = PeerDirectory.await(client, needs, discoveryTimeout);
            if (!plan.inspectors().isEmpty()) {
                List<PeerInfo> chosen = found.get(inspectorNeed);
                for (int i = 0; i < chosen.size(); i++) {
                    inspectors.add(chosen.get(i));
                    inspectorOf.put(chosen.get(i).id(), plan.inspectors().get(i));
                }
            }
            List<TestPlan.Route> routes = plan.effectiveRoutes();
            for (int i = 0; i < routes.size(); i++) {
                for (PeerInfo p : found.get(needs.get(2 * i))) {
                    receivers.add(p);
                    routeOf.put(p.id(), routes.get(i));
                }
                for (PeerInfo p : found.get(needs.get(2 * i + 1))) {
                    senders.add(p);
                    routeOf.put(p.id(), routes.get(i));
                }
            }
            if (plan.agent() != null) {
                agent = found.get(agentNeed).get(0);
                peers.add(agent);
            }
            peers.addAll(inspectors);
            peers.addAll(receivers);
            peers.addAll(senders);
            for (PeerInfo p : peers) {
                TestPlan.Route r = routeOf.get(p.id());
                String target = p == agent ? plan.agent().sourceUrl() : r == null ? inspectorOf.get(p.id()).url()
                        : p.role() == Role.SENDER ? r.sendUrl() : r.receiveUrl();
                console.line("  %s -> %s", p.describe(), SummaryBuilder.mask(target));
            }
            client.addListener(listener);
            set();
            // Inspectors first, so the SUT's figures cover the whole load.
            for (PeerInfo p : inspectors) {
                require(Address.peer(p.id()), new Payload.StartInspector(inspectorOf.get(p.id()).type()), List.of(p));
            }
            if (agent != null) {
                console.line("agent %s fetches %s", agent.name(), SummaryBuilder.mask(plan.agent().sourceUrl()));
                Replies r = client.request(Address.peer(agent.id()), new Payload.AgentSource(plan.agent().sourceUrl(),
                        plan.agent().branch()), List.of(agent), Duration.ofMinutes(2));
                if (!r.allOk()) {
                    throw new TestCannotRun(String.join("; ", r.problems()));
                }
            }
            requireEach(receivers, new Payload.StartReceiver());
            requireEach(senders, new Payload.StartSender());
            loadStartEpochMicros = org.maestro.common.util.Clocks.epochMicros();
            scheduleActions();
            try {
                watch();
                awaitActions();
            } finally {
                if (scheduler != null) {
                    scheduler.shutdownNow();
                }
            }
        }

        private void set() throws TestCannotRun, TransportException, InterruptedException {
            options.put(TestOptions.TEST_ID, testId);
            options.put(TestOptions.TEST_NAME, plan.name());
            options.put(TestOptions.MESSAGE_SIZE, plan.size().toString());
            options.put(TestOptions.PARALLEL_COUNT, Integer.toString(plan.connections()));
            options.put(TestOptions.WARMUP, plan.warmup());
            options.put(TestOptions.DURATION, plan.duration().toString());
            options.put(TestOptions.RATE, Long.toString(plan.rate().perSecond()));
            for (PeerInfo p : inspectors) {
                Map<String, String> mine = new LinkedHashMap<>(options);
                mine.putAll(inspectorOf.get(p.id()).options());
                require(Address.peer(p.id()), new Payload.SetOptions(mine), List.of(p));
            }
            if (agent != null) {
                Map<String, String> mine = new LinkedHashMap<>(options);
                mine.putAll(plan.agent().options());
                require(Address.peer(agent.id()), new Payload.SetOptions(mine), List.of(agent));
            }
            for (PeerInfo p : peers) {
                TestPlan.Route route = routeOf.get(p.id());
                if (route == null) {
                    continue;
                }
                Map<String, String> mine = new LinkedHashMap<>(options);
                mine.put(TestOptions.SEND_URL, route.sendUrl());
                mine.put(TestOptions.RECEIVE_URL, route.receiveUrl());
                int i = senders.indexOf(p);
                if (i >= 0) {
                    // Rate and message count are the test's totals: each sender gets its share.
                    mine.put(TestOptions.RATE, Long.toString(share(plan.rate().perSecond(), senders.size(), i)));
                    if (plan.duration() instanceof TestDuration.ByCount c) {
                        mine.put(TestOptions.DURATION, Long.toString(Math.max(1, share(c.messages(), senders.size(), i))));
                    }
                }
                require(Address.peer(p.id()), new Payload.SetOptions(mine), List.of(p));
            }
        }

        /** Sends the request to each of these peers (never to a whole role: other peers may be idle on the broker). */
        private void requireEach(List<PeerInfo> to, Payload request) throws TestCannotRun, TransportException, InterruptedException {
            for (PeerInfo p : to) {
                require(Address.peer(p.id()), request, List.of(p));
            }
        }

        private void require(Address to, Payload request, List<PeerInfo> expected)
                throws TestCannotRun, TransportException, InterruptedException {
            Replies r = client.request(to, request, expected, REQUEST_TIMEOUT);
            if (!r.allOk()) {
                throw new TestCannotRun(String.join("; ", r.problems()));
            }
        }

        private void onNote(Note n) {
            if (peers.stream().noneMatch(p -> p.id().equals(n.senderId()))) {
                return;
            }
            if (n.payload() instanceof Payload.Progress progress && testId.equals(progress.stats().testId())) {
                latest.put(n.senderId(), progress.stats());
                lastProgressNanos = System.nanoTime();
            } else if (n.payload() instanceof Payload.HandlerOutcome outcome) {
                onOutcome(outcome);
            } else if (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL
                    || n.command() == Command.ABNORMAL_DISCONNECT) {
                events.add(n);
            }
        }

        private void watch() throws TestCannotRun, TransportException, InterruptedException {
            long started = System.nanoTime();
            long nextLine = started + TimeUnit.SECONDS.toNanos(1);
            boolean receiversStopped = false;
            boolean inspectorsStopped = false;
            // The agent does not end: it runs handlers until the load is over.
            int toEnd = peers.size() - (agent == null ? 0 : 1);
            while (ends.size() < toEnd) {
                Note n = events.poll(Math.max(1, (nextLine - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
                if (n != null) {
                    PeerInfo who = peers.stream().filter(p -> p.id().equals(n.senderId())).findFirst().orElseThrow();
                    if (n.payload() instanceof Payload.AbnormalDisconnect) {
                        throw new TestCannotRun(who.describe() + " disconnected abnormally during the test (crashed or unreachable)");
                    }
                    if (n.payload() instanceof Payload.NotifyFail f) {
                        ends.put(who.id(), n);
                        throw new TestCannotRun(who.describe() + " failed: " + f.reason());
                    }
                    ends.put(who.id(), n);
                    console.line("%s ended: %s", who.name(), ((Payload.NotifySuccess) n.payload()).detail());
                }
                boolean sendersDone = senders.stream().allMatch(p -> ends.containsKey(p.id()));
                if (sendersDone && !receiversStopped) {
                    requireEach(receivers, new Payload.StopReceiver());
                    receiversStopped = true;
                }
                boolean receiversDone = receivers.stream().allMatch(p -> ends.containsKey(p.id()));
                if (receiversDone && !inspectorsStopped) {
                    for (PeerInfo p : inspectors) {
                        require(Address.peer(p.id()), new Payload.StopInspector(), List.of(p));
                    }
                    inspectorsStopped = true;
                }
                long now = System.nanoTime();
                if (now >= nextLine) {
                    console.line(ProgressLine.of((now - started) / 1_000_000_000L, peers, latest, peers.size() - ends.size()
                            + (int) ends.values().stream().filter(e -> e.command() == Command.NOTIFY_SUCCESS).count()));
                    nextLine += TimeUnit.SECONDS.toNanos(1);
                }
                if (now - lastProgressNanos > SILENCE_LIMIT_NANOS) {
                    throw new TestCannotRun("no progress from any peer for " + SILENCE_LIMIT_NANOS / 1_000_000_000L + " s");
                }
            }
        }

        /** Fires each agent action at its time from the start of the load. */
        private void scheduleActions() {
            if (agent == null || plan.agent().actions().isEmpty()) {
                return;
            }
            scheduler = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "agent-actions");
                t.setDaemon(true);
                return t;
            });
            for (TestPlan.Action action : plan.agent().actions()) {
                ActionRun run = new ActionRun(action);
                actions.add(run);
                scheduler.schedule(() -> fire(run), action.atMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void fire(ActionRun run) {
            if (senders.stream().allMatch(p -> ends.containsKey(p.id()))) {
                run.finish("not-run", -1, "the load had ended before " + run.action.atMillis() + " ms", 0, 0);
                return;
            }
            run.firedEpochMicros = org.maestro.common.util.Clocks.epochMicros();
            console.line("agent: at %.1f s run %s %s", run.action.atMillis() / 1000.0, run.action.handler(), run.action.args());
            try {
                Replies r = client.request(Address.peer(agent.id()), new Payload.UserCommand1(run.action.handler(),
                        run.action.args()), List.of(agent), REQUEST_TIMEOUT);
                if (!r.allOk()) {
                    run.finish("refused", -1, String.join("; ", r.problems()), run.firedEpochMicros, run.firedEpochMicros);
                    console.line("agent: %s refused: %s", run.action.handler(), String.join("; ", r.problems()));
                }
            } catch (Exception e) {
                run.finish("refused", -1, e.toString(), run.firedEpochMicros, run.firedEpochMicros);
            }
        }

        /** A handler ended: the oldest pending action with that handler is the one. */
        private void onOutcome(Payload.HandlerOutcome o) {
            for (ActionRun run : actions) {
                if (run.pending() && run.firedEpochMicros > 0 && run.action.handler().equals(o.handler())) {
                    run.finish(o.outcome(), o.exitStatus(), o.reason(), o.startMicros(), o.endMicros());
                    console.line("agent: %s %s (exit %d)%s", o.handler(), o.outcome(), o.exitStatus(),
                            o.reason().isEmpty() ? "" : ": " + o.reason());
                    return;
                }
            }
        }

        /** Waits (bounded) for the handlers still running when the load ended. */
        private void awaitActions() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (actions.stream().anyMatch(a -> a.pending() && a.firedEpochMicros > 0) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            for (ActionRun run : actions) {
                if (run.pending()) {
                    run.finish(run.firedEpochMicros > 0 ? "unknown" : "not-run", -1, run.firedEpochMicros > 0
                            ? "no outcome from the agent within 60 s of the end of the load" : "the test ended first", 0, 0);
                }
            }
        }

        void error(String reason) {
            errors.add(reason);
            console.line("test cannot go on: %s", reason);
            // Best effort: stop whatever still runs, so the peers are free for the next test.
            for (PeerInfo p : peers) {
                if (!ends.containsKey(p.id()) && p.role() != Role.AGENT) {
                    try {
                        Payload stop = switch (p.role()) {
                            case SENDER -> new Payload.StopSender();
                            case INSPECTOR -> new Payload.StopInspector();
                            default -> new Payload.StopReceiver();
                        };
                        client.request(Address.peer(p.id()), stop, List.of(p), Duration.ofSeconds(2));
                    } catch (Exception e) {
                        // the peer may be the one that is gone
                    }
                }
            }
        }

        Summary finish() throws IOException, InterruptedException {
            client.removeListener(listener);
            Map<String, Stats> finalStats = new LinkedHashMap<>();
            List<String> collectProblems = new ArrayList<>();
            for (PeerInfo p : peers) {
                try {
                    Replies r = client.request(Address.peer(p.id()), new Payload.StatsRequest(), List.of(p), Duration.ofSeconds(3));
                    if (r.of(p) != null && r.of(p).payload() instanceof Payload.StatsReply s) {
                        finalStats.put(p.id(), s.stats());
                    }
                } catch (TransportException e) {
                    collectProblems.add("cannot ask " + p.name() + " for its figures: " + e.getMessage());
                }
                String problem = Collector.collect(client, p, testId, runDir, console);
                if (problem != null) {
                    collectProblems.add(problem);
                    console.line(problem);
                }
            }
            for (ActionRun run : actions) {
                if (run.pending()) {
                    run.finish("not-run", -1, "the test ended first", 0, 0);
                }
            }
            Summary summary = SummaryBuilder.build(plan, testId, start, options, peers, ends, finalStats, runDir,
                    errors, collectProblems, actions.stream().map(ActionRun::done).toList());
            RunFilesWriter.write(summary, runDir);
            return summary;
        }
    }

    /** One scheduled agent action as it happens. */
    static final class ActionRun {
        final TestPlan.Action action;
        volatile long firedEpochMicros;
        private volatile ActionOutcome outcome;

        ActionRun(TestPlan.Action action) {
            this.action = action;
        }

        boolean pending() {
            return outcome == null;
        }

        synchronized void finish(String result, long exitStatus, String reason, long startMicros, long endMicros) {
            if (outcome == null) {
                outcome = new ActionOutcome(action, result, exitStatus, reason, startMicros, endMicros);
            }
        }

        ActionOutcome done() {
            return outcome;
        }
    }

    /** How an action went, before its cost is measured. */
    record ActionOutcome(TestPlan.Action action, String outcome, long exitStatus, String reason, long startMicros,
                         long endMicros) {
    }

    /** Makes executors that put their runs in a given directory (the steps of an incremental test). */
    @FunctionalInterface
    public interface Factory {
        TestExecutor create(Path runsDir);
    }

    /** The i-th of n shares of total, the remainder spread over the first ones. */
    static long share(long total, int n, int i) {
        return total / n + (i < total % n ? 1 : 0);
    }
}
