package org.maestro.client.run;

import org.maestro.reports.results.Summary;
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
import org.maestro.common.units.TimeSpan;
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
 * receivers then senders, watch (a progress line a second; a NOTIFY_FAIL ends the test at once), stop the
 * receivers once the senders are done and let them drain, collect every peer's files, and write summary.json and
 * junit.xml into the run directory.
 *
 * <p>The control plane may blink while the load goes on: a peer whose last will arrives, or the control broker
 * itself, may be away for up to the control grace period; its absence is recorded as an interruption. Longer, and
 * the test ends: naming the peer, or saying that the control broker is unreachable and since when.
 */
public final class TestExecutor {
    /** A test whose peers send no progress for this long is stuck. */
    private static final long SILENCE_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How long a peer, or the control broker, may be away from the control plane unless told otherwise. */
    public static final String DEFAULT_CONTROL_GRACE = "10s";
    /** How long interrupted peers have to end (a receiver drains until quiet) before their files are collected. */
    private static final long INTERRUPTED_END_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ControlClient client;
    private final Path runsDir;
    private final Console console;
    private final Duration discoveryTimeout;
    private final BaselineCheck baseline;
    private final Duration controlGrace;
    private boolean regressed;
    private Interruption interruption = Interruption.none();

    public TestExecutor(ControlClient client, Path runsDir, Console console, Duration discoveryTimeout) {
        this(client, runsDir, console, discoveryTimeout, new BaselineCheck(List.of(), null));
    }

    public TestExecutor(ControlClient client, Path runsDir, Console console, Duration discoveryTimeout, BaselineCheck baseline) {
        this(client, runsDir, console, discoveryTimeout, baseline, TimeSpan.parse(DEFAULT_CONTROL_GRACE));
    }

    /** @param controlGrace how long a peer, or the control broker, may be away from the control plane during a test */
    public TestExecutor(ControlClient client, Path runsDir, Console console, Duration discoveryTimeout, BaselineCheck baseline,
                        Duration controlGrace) {
        this.client = client;
        this.controlGrace = controlGrace;
        this.runsDir = runsDir;
        this.console = console;
        this.discoveryTimeout = discoveryTimeout;
        this.baseline = baseline;
    }

    /** Has Ctrl-C / SIGTERM end the run in order (stop the peers, collect, report) through {@code i}. */
    public TestExecutor interruptedBy(Interruption i) {
        this.interruption = i;
        return this;
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
        String failure = null;
        interruption.starting(runDir, run.record.broker());
        try {
            run.record.write(runDir);
            run.execute();
        } catch (TestCannotRun e) {
            failure = e.getMessage();
        } catch (TransportException e) {
            failure = "the control broker failed: " + e.getMessage();
        } catch (InterruptedException e) {
            if (!interruption.requested()) {
                throw e;
            }
        }
        interruption.finishing();
        // Whatever the interrupted thread was doing when told (a reply, a wait) failed because of it: not a reason.
        if (interruption.stoppedTheTest()) {
            run.interrupted(interruption.cause());
        } else if (failure != null) {
            run.error(failure);
        }
        Summary summary = run.finish();
        console.line("");
        SummaryTable.print(summary, console);
        summary.clockCheck().warnings().forEach(w -> console.line("warning: %s", w));
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
        /** Where each peer runs and its clock, measured before the test. */
        List<Summary.PeerHost> hosts = List.of();
        AgentActions agentActions;
        final Map<String, Stats> latest = new ConcurrentHashMap<>();
        final Map<String, Note> ends = new ConcurrentHashMap<>();
        final LinkedBlockingQueue<Note> events = new LinkedBlockingQueue<>();
        final List<String> errors = new ArrayList<>();
        volatile long lastProgressNanos = System.nanoTime();
        final ControlPlaneWatch controlPlane = new ControlPlaneWatch(client, console, controlGrace);
        final Consumer<Note> listener = this::onNote;
        RunRecord record;
        long loadStartedNanos;
        boolean interrupted;
        final ControlPlaneTimes times = new ControlPlaneTimes();
        /** The peers a START reached: those an interruption must stop and wait for. */
        final java.util.Set<String> started = ConcurrentHashMap.newKeySet();

        TestExecution(TestPlan plan, String testId, Path runDir) {
            this.plan = plan;
            this.testId = testId;
            this.runDir = runDir;
            this.record = RunRecord.starting(testId, client.broker(), start, plan);
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
            times.start();
            assignment = PeerAssignment.of(plan, PeerDirectory.await(client, PeerAssignment.requirements(plan), discoveryTimeout));
            List<PeerInfo> chosen = assignment.peers();
            record = record.withPeers(chosen);
            try {
                record.write(runDir);
            } catch (IOException e) {
                throw new TestCannotRun("cannot write " + runDir.resolve(RunLayout.RUN_JSON) + ": " + e.getMessage(), e);
            }
            // Before they are this test's peers: a refused test must not stop the test it found running.
            RunningTests.refuse(client, chosen, record.broker());
            peers = chosen;
            times.end("discover");
            if (Console.linePerPeer(peers.size())) {
                for (PeerAssignment.Assignment a : assignment.all()) {
                    console.line("  %s -> %s", a.peer().describe(), Passwords.redact(a.target(plan)));
                }
            } else {
                // One line per role and target: "50 senders (sender-1, sender-2, sender-3 … sender-50 (50)) -> amqp://…".
                Map<String, List<String>> byTarget = new LinkedHashMap<>();
                for (PeerAssignment.Assignment a : assignment.all()) {
                    byTarget.computeIfAbsent(a.role().wireName() + "s -> " + Passwords.redact(a.target(plan)), k -> new ArrayList<>())
                            .add(SafeText.of(a.peer().name()));
                }
                byTarget.forEach((roleAndTarget, names) -> console.line("  %d %s (%s)", names.size(), roleAndTarget, Console.names(names)));
            }
            console.line("hosts and clocks (offset = peer's clock - client's):");
            PeerHosts.Probe probe = PeerHosts.probe(client, peers, console);
            hosts = probe.hosts();   // in summary.json even when a data server is out of reach
            probe.requireReachable();
            times.end("probe");
            PeerAssignment.Assignment agent = assignment.agent();
            agentActions = new AgentActions(agent == null ? null : remote(agent.peer()),
                    agent == null ? List.of() : plan.agent().actions(), this::loadEnded, console);
        }

        /** Each peer its own options, all at once: one round trip however many peers there are. */
        private void set() throws TestCannotRun, TransportException, InterruptedException {
            Map<PeerInfo, Payload> sets = new LinkedHashMap<>();
            SetOptions.compose(plan, testId, assignment).forEach((peer, options) -> sets.put(peer, new Payload.SetOptions(options)));
            times.start();
            RemotePeer.requireEach(client, sets, RemotePeer.REQUEST_TIMEOUT);
            times.end("SET");
        }

        /** Inspectors first, so the SUT's figures cover the whole load; then the agent's source; receivers before senders. */
        private void start() throws TestCannotRun, TransportException, InterruptedException {
            times.start();
            Map<PeerInfo, Payload> inspectors = new LinkedHashMap<>();
            assignment.inspectors().forEach(a -> inspectors.put(a.peer(), new Payload.StartInspector(a.inspector().type())));
            started.addAll(inspectors.keySet().stream().map(PeerInfo::id).toList());
            RemotePeer.requireEach(client, inspectors, RemotePeer.REQUEST_TIMEOUT);
            PeerAssignment.Assignment agent = assignment.agent();
            if (agent != null) {
                console.line("agent %s fetches %s", agent.peer().name(), Passwords.redact(plan.agent().sourceUrl()));
                remote(agent.peer()).fetchSource(plan.agent().sourceUrl(), plan.agent().branch());
            }
            // All receivers at once, then all senders at once: each START is one round trip, however many peers.
            for (List<PeerAssignment.Assignment> role : List.of(assignment.receivers(), assignment.senders())) {
                List<PeerInfo> each = PeerAssignment.peersOf(role);
                each.forEach(p -> started.add(p.id()));
                RemotePeer.requireEach(client, RemotePeer.each(each, RemotePeer::startOf), RemotePeer.REQUEST_TIMEOUT);
            }
            times.end("START");
        }

        private void stopEach(List<PeerAssignment.Assignment> to) throws TestCannotRun, TransportException, InterruptedException {
            RemotePeer.requireEach(client, RemotePeer.each(PeerAssignment.peersOf(to), RemotePeer::stopOf), RemotePeer.REQUEST_TIMEOUT);
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
            if (n.command() != Command.ABNORMAL_DISCONNECT) {
                controlPlane.heard(n.senderId());
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
            loadStartedNanos = started;
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
                        controlPlane.dropped(who);
                    } else if (n.payload() instanceof Payload.NotifyFail f) {
                        ends.put(who.id(), n);
                        throw new TestCannotRun(who.describe() + " failed: " + SafeText.of(f.reason()));
                    } else {
                        ends.put(who.id(), n);
                        tellEnded(who, (Payload.NotifySuccess) n.payload());
                    }
                }
                boolean connected = controlPlane.check(peers);
                // A peer away from the control plane cannot be told to stop: wait for it (or for the grace to end).
                if (loadEnded() && !receiversStopped && noneAway(assignment.receivers())) {
                    times.start();
                    stopEach(assignment.receivers());
                    times.end("STOP");
                    receiversStopped = true;
                }
                if (endedAll(assignment.receivers()) && !inspectorsStopped && noneAway(assignment.inspectors())) {
                    stopEach(assignment.inspectors());
                    inspectorsStopped = true;
                }
                long now = System.nanoTime();
                if (now >= nextLine) {
                    progressLine(now - started);
                    // A loop held up for seconds (a loaded host) prints one line, not a burst of the seconds it missed.
                    while (nextLine <= now) {
                        nextLine += TimeUnit.SECONDS.toNanos(1);
                    }
                }
                // The peers cannot be heard while the client itself is without the broker: that silence is not theirs.
                if (connected && now - Math.max(lastProgressNanos, controlPlane.brokerBackNanos()) > SILENCE_LIMIT_NANOS) {
                    throw new TestCannotRun("no progress from any peer for " + SILENCE_LIMIT_NANOS / 1_000_000_000L + " s");
                }
            }
            // The live view ends with each peer's final counts (its last progress, sent before its end), not the last tick's.
            progressLine(System.nanoTime() - started);
            // The agent (or an inspector) may still be away: it has the rest of its grace to come back.
            while (controlPlane.anyAway()) {
                Thread.sleep(200);
                controlPlane.check(peers);
            }
        }

        private void progressLine(long elapsedNanos) {
            console.line(ProgressLine.of(elapsedNanos / 1_000_000_000L, peers, latest, peers.size() - ends.size()
                    + (int) ends.values().stream().filter(e -> e.command() == Command.NOTIFY_SUCCESS).count(), !plan.competingReceivers()));
        }

        /** A line per peer that ends; for many peers, one when the last of its role has ended. */
        private void tellEnded(PeerInfo who, Payload.NotifySuccess end) {
            if (Console.linePerPeer(peers.size())) {
                console.line("%s ended: %s", SafeText.of(who.name()), SafeText.of(end.detail()));
                return;
            }
            List<PeerInfo> role = peers.stream().filter(p -> p.role() == who.role()).toList();
            if (role.stream().allMatch(p -> ends.containsKey(p.id()))) {
                // Not a peer's own detail: a competing receiver's "lost" counts the others' messages.
                console.line("all %d %ss ended", role.size(), who.role().wireName());
            }
        }

        private boolean noneAway(List<PeerAssignment.Assignment> of) {
            return of.stream().noneMatch(a -> controlPlane.isAway(a.peer().id()));
        }

        void error(String reason) {
            errors.add(reason);
            console.line("test cannot go on: %s", reason);
            stopRemaining();
        }

        /**
         * Best effort: stop whatever still runs, so the peers are free for the next test. Without the control broker
         * the requests wait in the client's buffer and go out when it is back.
         */
        private void stopRemaining() {
            Duration wait = client.unreachableSince() == null ? Duration.ofSeconds(2) : Duration.ofMillis(1);
            // One that left the control plane would not hear it.
            List<PeerInfo> running = peers.stream()
                    .filter(p -> !ends.containsKey(p.id()) && p.role() != Role.AGENT && !controlPlane.isAway(p.id())).toList();
            try {
                RemotePeer.askEach(client, RemotePeer.each(running, RemotePeer::stopOf), wait);
            } catch (Exception e) {
                // best effort: the broker may be the one that is gone
            }
        }

        /**
         * Ends the test early, in order: STOP to every peer still running (senders first, so the receivers get what
         * was sent), then a few seconds for them to end and close their files, which {@link #finish} collects.
         */
        void interrupted(String cause) throws InterruptedException {
            interrupted = true;
            String when = loadStartedNanos == 0 ? "before the load started"
                    : String.format(java.util.Locale.ROOT, "%.1f s into the load", (System.nanoTime() - loadStartedNanos) / 1e9);
            errors.add("interrupted by " + cause + " " + when + ": the test did not run to its end; the figures cover what"
                    + " the peers did until they were stopped");
            List<PeerAssignment.Assignment> order = new ArrayList<>(assignment.senders());
            order.addAll(assignment.receivers());
            order.addAll(assignment.inspectors());
            // Counted as started once asked: an interrupted START may have reached the peer.
            List<PeerAssignment.Assignment> running = order.stream()
                    .filter(a -> started.contains(a.peer().id()) && !ends.containsKey(a.peer().id())).toList();
            if (running.isEmpty()) {
                console.line("no peer was started: nothing to stop");
                return;
            }
            console.line("stopping %s", Console.names(running.stream().map(a -> SafeText.of(a.peer().name())).toList()));
            // Senders first, so the receivers get what was sent; each role at once.
            for (List<PeerAssignment.Assignment> role : List.of(assignment.senders(), assignment.receivers(), assignment.inspectors())) {
                List<PeerInfo> toStop = PeerAssignment.peersOf(role.stream().filter(running::contains).toList());
                try {
                    RemotePeer.askEach(client, RemotePeer.each(toStop, RemotePeer::stopOf), Duration.ofSeconds(2))
                            .forEach(problem -> console.line("could not stop: %s", problem));
                } catch (TransportException e) {
                    console.line("could not stop %s: %s", Console.names(toStop.stream().map(PeerInfo::name).toList()), e.getMessage());
                }
            }
            // The receivers drain until quiet; a peer that does not end in time is collected as it is.
            long deadline = System.nanoTime() + INTERRUPTED_END_NANOS;
            while (running.stream().anyMatch(a -> !ends.containsKey(a.peer().id())) && System.nanoTime() < deadline) {
                Note n = events.poll(100, TimeUnit.MILLISECONDS);
                if (n != null && (n.payload() instanceof Payload.NotifySuccess || n.payload() instanceof Payload.NotifyFail)) {
                    ends.putIfAbsent(n.senderId(), n);
                }
            }
            running.stream().filter(a -> !ends.containsKey(a.peer().id()))
                    .forEach(a -> console.line("%s did not end within %d s of STOP", a.peer().describe(),
                            TimeUnit.NANOSECONDS.toSeconds(INTERRUPTED_END_NANOS)));
            console.line("collecting what the peers wrote...");
        }

        /** Collects every peer's figures and files, and writes the summary. */
        Summary finish() throws IOException, InterruptedException {
            client.removeListener(listener);
            Map<String, Stats> finalStats = new LinkedHashMap<>();
            Map<String, String> dataMissing = new LinkedHashMap<>();
            boolean withoutBroker = client.unreachableSince() != null;
            String unreachable = controlPlane.awaitBroker();
            if (unreachable == null && withoutBroker) {
                // The peers ran on while the client was without the broker: stop them before their files are taken.
                stopRemaining();
            }
            List<PeerInfo> askable = new ArrayList<>();
            for (PeerInfo p : peers) {
                // A peer's address and files are asked for over the control plane.
                String cannotAsk = unreachable != null ? unreachable : controlPlane.neverBack(p);
                if (cannotAsk != null) {
                    dataMissing.put(p.id(), cannotAsk);
                } else {
                    askable.add(p);
                }
            }
            times.start();
            try {
                RemotePeer.statsEach(client, askable, Duration.ofSeconds(3)).forEach((p, s) -> finalStats.put(p.id(), s));
            } catch (TransportException e) {
                console.line("cannot ask the peers for their figures: %s", e.getMessage());
            }
            times.end("STATS");
            dataMissing.putAll(Collector.collectAll(client, askable, testId, runDir, console));
            times.end("collect");
            console.line(times.line(peers.size()));
            List<ActionOutcome> actions = agentActions == null ? List.of() : agentActions.outcomes();
            Summary summary = SummaryBuilder.build(plan, testId, start, peers, runDir, new SummaryBuilder.Observed(ends,
                    finalStats, latest, dataMissing, errors, actions, controlPlane.interruptions(peers), hosts));
            if (interrupted) {
                summary = summary.interrupted();
            }
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
