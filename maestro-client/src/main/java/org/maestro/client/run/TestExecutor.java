package org.maestro.client.run;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.client.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SafeText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Carries out one test of the design guide's lifecycle: discover the required peers, SET, start
 * receivers then senders, watch (a progress line a second; a NOTIFY_FAIL or a lost peer ends the
 * test at once), stop the receivers once the senders are done and let them drain, collect every
 * peer's files, and write summary.json and junit.xml into the run directory.
 */
public final class TestExecutor {
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
        TestExecution run = new TestExecution(plan, testId, runDir);
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

    /** One test as it happens: its peers, what they report, and what went wrong. */
    private final class TestExecution {
        final TestPlan plan;
        final String testId;
        final Path runDir;
        final String start = Instant.now().toString();
        PeerAssignment assignment = new PeerAssignment(List.of());
        /** The assigned peers, in the order of {@link PeerAssignment#all}. */
        List<PeerInfo> peers = List.of();
        AgentActions agentActions;
        final Map<String, Stats> latest = new ConcurrentHashMap<>();
        final Map<String, Note> ends = new ConcurrentHashMap<>();
        final LinkedBlockingQueue<Note> events = new LinkedBlockingQueue<>();
        final List<String> errors = new ArrayList<>();
        volatile long lastProgressNanos = System.nanoTime();
        final Consumer<Note> listener = this::onNote;

        TestExecution(TestPlan plan, String testId, Path runDir) {
            this.plan = plan;
            this.testId = testId;
            this.runDir = runDir;
        }

        /** Discover, SET, start, watch: the receivers and inspectors are stopped as the peers before them end. */
        void execute() throws TestCannotRun, TransportException, InterruptedException {
            console.line("test %s: %s", plan.name(), testId);
            discover();
            client.addListener(listener);
            set();
            start();
            try (AgentActions actions = agentActions) {
                actions.schedule();
                watch();
                actions.await();
            }
        }

        private void discover() throws TestCannotRun, TransportException, InterruptedException {
            assignment = PeerAssignment.of(plan, PeerDirectory.await(client, PeerAssignment.requirements(plan), discoveryTimeout));
            peers = assignment.peers();
            for (PeerAssignment.Assignment a : assignment.all()) {
                console.line("  %s -> %s", a.peer().describe(), Passwords.redact(a.target(plan)));
            }
            PeerAssignment.Assignment agent = assignment.agent();
            agentActions = new AgentActions(agent == null ? null : remote(agent.peer()),
                    agent == null ? List.of() : plan.agent().actions(), this::loadEnded, console);
        }

        private void set() throws TestCannotRun, TransportException, InterruptedException {
            for (Map.Entry<PeerInfo, Map<String, String>> set : SetOptions.compose(plan, testId, assignment).entrySet()) {
                remote(set.getKey()).set(set.getValue());
            }
        }

        /** Inspectors first, so the SUT's figures cover the whole load; then the agent's source; receivers before senders. */
        private void start() throws TestCannotRun, TransportException, InterruptedException {
            for (PeerAssignment.Assignment a : assignment.inspectors()) {
                remote(a.peer()).startInspector(a.inspector().type());
            }
            PeerAssignment.Assignment agent = assignment.agent();
            if (agent != null) {
                console.line("agent %s fetches %s", agent.peer().name(), Passwords.redact(plan.agent().sourceUrl()));
                remote(agent.peer()).fetchSource(plan.agent().sourceUrl(), plan.agent().branch());
            }
            for (PeerAssignment.Assignment a : assignment.receivers()) {
                remote(a.peer()).start();
            }
            for (PeerAssignment.Assignment a : assignment.senders()) {
                remote(a.peer()).start();
            }
        }

        private void stopEach(List<PeerAssignment.Assignment> to) throws TestCannotRun, TransportException, InterruptedException {
            for (PeerAssignment.Assignment a : to) {
                remote(a.peer()).stop(RemotePeer.REQUEST_TIMEOUT);
            }
        }

        private RemotePeer remote(PeerInfo peer) {
            return new RemotePeer(client, peer);
        }

        private boolean endedAll(List<PeerAssignment.Assignment> of) {
            return of.stream().allMatch(a -> ends.containsKey(a.peer().id()));
        }

        /** The load is over once every sender has ended. */
        private boolean loadEnded() {
            return endedAll(assignment.senders());
        }

        private void onNote(Note n) {
            if (peers.stream().noneMatch(p -> p.id().equals(n.senderId()))) {
                return;
            }
            if (n.payload() instanceof Payload.Progress progress && testId.equals(progress.stats().testId())) {
                latest.put(n.senderId(), progress.stats());
                lastProgressNanos = System.nanoTime();
            } else if (n.payload() instanceof Payload.HandlerOutcome outcome) {
                agentActions.onOutcome(outcome);
            } else if (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL
                    || n.command() == Command.ABNORMAL_DISCONNECT) {
                events.add(n);
            }
        }

        /**
         * Prints a progress line a second until every peer but the agent has ended; stops the receivers once the
         * senders are done, and the inspectors once the receivers are.
         */
        private void watch() throws TestCannotRun, TransportException, InterruptedException {
            long started = System.nanoTime();
            long nextLine = started + TimeUnit.SECONDS.toNanos(1);
            boolean receiversStopped = false;
            boolean inspectorsStopped = false;
            // The agent does not end: it runs handlers until the load is over.
            int toEnd = peers.size() - (assignment.agent() == null ? 0 : 1);
            while (ends.size() < toEnd) {
                Note n = events.poll(Math.max(1, (nextLine - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
                if (n != null) {
                    PeerInfo who = peers.stream().filter(p -> p.id().equals(n.senderId())).findFirst().orElseThrow();
                    if (n.payload() instanceof Payload.AbnormalDisconnect) {
                        throw new TestCannotRun(who.describe() + " disconnected abnormally during the test (crashed or unreachable)");
                    }
                    if (n.payload() instanceof Payload.NotifyFail f) {
                        ends.put(who.id(), n);
                        throw new TestCannotRun(who.describe() + " failed: " + SafeText.of(f.reason()));
                    }
                    ends.put(who.id(), n);
                    console.line("%s ended: %s", SafeText.of(who.name()), SafeText.of(((Payload.NotifySuccess) n.payload()).detail()));
                }
                if (loadEnded() && !receiversStopped) {
                    stopEach(assignment.receivers());
                    receiversStopped = true;
                }
                if (endedAll(assignment.receivers()) && !inspectorsStopped) {
                    stopEach(assignment.inspectors());
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

        void error(String reason) {
            errors.add(reason);
            console.line("test cannot go on: %s", reason);
            // Best effort: stop whatever still runs, so the peers are free for the next test.
            for (PeerInfo p : peers) {
                if (!ends.containsKey(p.id()) && p.role() != Role.AGENT) {
                    try {
                        remote(p).stop(Duration.ofSeconds(2));
                    } catch (Exception e) {
                        // the peer may be the one that is gone
                    }
                }
            }
        }

        /** Collects every peer's figures and files, and writes the summary. */
        Summary finish() throws IOException, InterruptedException {
            client.removeListener(listener);
            Map<String, Stats> finalStats = new LinkedHashMap<>();
            List<String> collectProblems = new ArrayList<>();
            for (PeerInfo p : peers) {
                RemotePeer peer = remote(p);
                try {
                    Stats s = peer.stats(Duration.ofSeconds(3));
                    if (s != null) {
                        finalStats.put(p.id(), s);
                    }
                } catch (TransportException e) {
                    collectProblems.add("cannot ask " + p.name() + " for its figures: " + e.getMessage());
                }
                String problem = Collector.collect(peer, testId, runDir, console);
                if (problem != null) {
                    collectProblems.add(problem);
                    console.line(problem);
                }
            }
            List<ActionOutcome> actions = agentActions == null ? List.of() : agentActions.outcomes();
            Summary summary = SummaryBuilder.build(plan, testId, start, peers, ends, finalStats, runDir, errors,
                    collectProblems, actions);
            RunFilesWriter.write(summary, runDir);
            return summary;
        }
    }

    /** Makes executors that put their runs in a given directory (the steps of an incremental test). */
    @FunctionalInterface
    public interface Factory {
        TestExecutor create(Path runsDir);
    }
}
