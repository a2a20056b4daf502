package org.maestro.client.run;

import org.maestro.results.Summary;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.units.TimeSpan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.maestro.client.run.actions.ActionOutcome;
import org.maestro.client.run.actions.AgentActions;
import org.maestro.client.run.discover.AssignmentLines;
import org.maestro.client.run.publish.BaselineCheck;
import org.maestro.client.run.watch.ControlPlaneWatch;
import org.maestro.client.run.collect.FinalCollection;
import org.maestro.client.run.collect.LateFailures;
import org.maestro.client.run.watch.LateReceivers;
import org.maestro.client.run.start.LoadStart;
import org.maestro.client.run.watch.LoadWatch;
import org.maestro.client.run.judge.NotRun;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.client.run.discover.PeerHosts;
import org.maestro.client.run.discover.ProbedHost;
import org.maestro.client.run.watch.PeerReports;
import org.maestro.client.run.stop.PeerStops;
import org.maestro.client.run.judge.RunFilesWriter;
import org.maestro.client.run.publish.RunPublisher;
import org.maestro.client.run.stop.RunningTests;
import org.maestro.client.run.judge.SummaryBuilder;

/**
 * Carries out one test's lifecycle (docs/architecture.md): discover the required peers, SET, start inspectors, agent,
 * receivers then senders ({@link LoadStart}), watch ({@link LoadWatch}), stop and drain, collect every peer's figures
 * and files ({@link FinalCollection}), write summary.json and junit.xml ({@link SummaryBuilder},
 * {@link RunFilesWriter}), and publish the run ({@link RunPublisher}: the console's table, the baseline comparison,
 * report.html, the runs index).
 * A test whose load never started (refused, failed before START, interrupted before it) has no figures ({@link NotRun}).
 *
 * <p>The control plane may blink while the load goes on: a peer whose last will arrives, or the control broker
 * itself, may be away for up to the control grace period; its absence is recorded as an interruption. Longer, and
 * the test ends: naming the peer, or saying that the control broker is unreachable and since when.
 */
public final class TestExecutor {
    /** How long a peer, or the control broker, may be away from the control plane unless told otherwise. */
    public static final String DEFAULT_CONTROL_GRACE = "10s";

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

    /**
     * Something the run directory gets as the run begins, beside run.json (the topology --local started), and as the test
     * ends, before the summary and the report (the logs of the routers --local started).
     */
    public interface RunFiles {
        void writeInto(Path runDir) throws IOException;

        /** Called once the peers' files are collected, whatever became of the test. */
        default void writeAtEnd(Path runDir) throws IOException {
        }
    }

    private RunFiles runFiles = dir -> { };

    /** Has {@code files} written into each run directory as the run begins. */
    public TestExecutor withRunFiles(RunFiles files) {
        this.runFiles = files;
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
        String testId = RunLayout.runDirName(LocalDateTime.now(), plan.name());
        Path runDir = Files.createDirectories(runsDir.resolve(testId));
        console.keepIn(runDir.resolve(RunLayout.CONSOLE_LOG));
        TestExecution run = new TestExecution(plan, testId, runDir);
        String failure = null;
        interruption.starting(runDir, run.record.broker());
        try {
            run.record.write(runDir);
            runFiles.writeInto(runDir);
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
        regressed = new RunPublisher(console, baseline).publish(summary, runDir, refreshIndex ? runsDir : null);
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
        List<ProbedHost> hosts = List.of();
        AgentActions agentActions;
        final List<String> errors = new ArrayList<>();
        final ControlPlaneWatch controlPlane = new ControlPlaneWatch(client, console, controlGrace);
        final PeerReports reports;
        final PeerStops stops;
        LoadWatch watch;
        RunRecord record;
        boolean interrupted;
        final ControlPlaneTimes times = new ControlPlaneTimes();

        TestExecution(TestPlan plan, String testId, Path runDir) {
            this.plan = plan;
            this.testId = testId;
            this.runDir = runDir;
            this.record = RunRecord.starting(testId, client.broker(), start, plan);
            this.reports = new PeerReports(testId, controlPlane);
            this.stops = new PeerStops(client, console, reports, controlPlane);
        }

        /** Discover, SET, start, watch: the receivers and inspectors are stopped as the peers before them end. */
        void execute() throws TestCannotRun, TransportException, InterruptedException {
            console.line("test %s: %s", plan.name(), testId);
            discover();
            client.addListener(reports.listener);
            LoadStart load = new LoadStart(client, console, plan, assignment, stops, times);
            long setRoundNanos = load.set(testId);
            load.start(hosts, setRoundNanos);
            try (AgentActions actions = agentActions) {
                actions.schedule();
                watch.run();
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
            AssignmentLines.print(assignment, plan, console);
            console.line("hosts and clocks (offset = peer's clock - client's):");
            PeerHosts.Probe probe = PeerHosts.probe(client, peers, console);
            hosts = probe.hosts();   // in summary.json even when a data server is out of reach
            probe.requireReachable();
            times.end("probe");
            watch = new LoadWatch(client, console, plan, assignment, reports, controlPlane, times,
                    new LateReceivers(client, console, stops, assignment));
            agentActions = AgentActions.byName(client, plan, assignment, watch::loadEnded, console);
            reports.listenTo(peers, agentActions);
        }

        void error(String reason) {
            errors.add(reason);
            console.line("test cannot go on: %s", reason);
            stops.stopRemaining(peers);
        }

        /** Ends the test early, in order ({@link PeerStops#interrupted}); {@link #finish} then collects what the peers wrote. */
        void interrupted(String cause) throws InterruptedException {
            interrupted = true;
            errors.add("interrupted by " + cause + " " + (!stops.anyStarted() ? "before any peer was started"
                    : watch.when() + ": the test did not run to its end; the figures cover what the peers did until they were stopped"));
            stops.interrupted(assignment);
        }

        /** Collects every peer's figures and files, and writes the summary; a test that never started has none. */
        Summary finish() throws IOException, InterruptedException {
            Summary summary;
            if (!stops.anyStarted()) {
                summary = NotRun.summary(plan, testId, start, runDir, notRunReasons(), hosts,
                        interrupted ? Summary.INTERRUPTED : Summary.ERROR);
            } else {
                FinalCollection collected = FinalCollection.of(client, peers, testId, runDir, controlPlane, stops, times, console);
                try {
                    runFiles.writeAtEnd(runDir);
                } catch (IOException e) {
                    console.line("could not keep the routers' logs in %s: %s", runDir, e.getMessage());
                }
                // Still listening: a last will or a NOTIFY_FAIL during the collection is a failure after success.
                errors.addAll(LateFailures.of(client, reports, peers, console));
                List<ActionOutcome> actions = agentActions == null ? List.of() : agentActions.outcomes();
                summary = SummaryBuilder.build(plan, testId, start, peers, runDir, new SummaryBuilder.Observed(reports.ends,
                        collected.finalStats(), reports.latest, collected.dataMissing(), errors, actions,
                        controlPlane.interruptions(peers), hosts));
                if (interrupted) {
                    summary = summary.interrupted();
                }
            }
            client.removeListener(reports.listener);
            RunFilesWriter.write(summary, runDir);
            return summary;
        }

        /** Why a test that never started did not: its errors, and that nothing was measured. */
        private List<String> notRunReasons() {
            List<String> reasons = new ArrayList<>(errors);
            reasons.add("no peer was started: nothing was measured");
            return reasons;
        }
    }

    /** Makes executors that put their runs in a given directory (the steps of an incremental test). */
    @FunctionalInterface
    public interface Factory {
        TestExecutor create(Path runsDir);
    }
}
