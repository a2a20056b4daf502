package org.maestro.client.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentHandler;
import org.maestro.agent.AgentSettings;
import org.maestro.agent.source.SourceAllowlist;
import org.maestro.client.LiveSecond;
import org.maestro.client.MaestroCommand;
import org.maestro.client.PeerProcesses;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.client.local.EmbeddedTestBroker;
import org.maestro.client.local.HandlerRepository;
import org.maestro.common.note.Role;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.index.RunIndex;
import org.maestro.worker.WorkerHandler;
import org.maestro.worker.WorkerMain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The figures audit (issue 21): real runs, each of a kind whose figures are easy to get wrong (one route; four
 * routes; an agent fault; a run interrupted by SIGINT; a run whose receiver is killed; an incremental run), and for
 * each, every figure the user sees on every surface (the console's end lines, summary.json, junit.xml, report.html's
 * data, the runs index, comparison.json) recomputed from the peers' raw files by {@link IndependentFigures}
 * (HdrHistogram's own log reader and the rate-log reader, not the results model) and held equal to the printed
 * precision. It prints the surfaces × figures it checked and fails with every disagreement, run by run.
 *
 * <p>One embedded MQTT broker (control) and one embedded Artemis (the SUT) serve every run; the peers are in this
 * JVM except where the run needs a process to kill (the receiver) or to interrupt (the client). Each run is a few
 * seconds at a low rate: the audit is about the arithmetic of what is shown, not about the SUT.
 */
@Integration
class FiguresAuditTest {
    private static final Logger LOG = LoggerFactory.getLogger(FiguresAuditTest.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCRIPTS = Path.of("..", "test-scripts");
    /** The agent's handler: an outage of the embedded SUT, by stopping it and starting it again on its port. */
    private static final String OUTAGE_HANDLER = """
            // outage.groovy MILLIS: the audit's embedded SUT stopped for MILLIS, then started again on its port.
            org.maestro.client.audit.FiguresAuditTest.stopSutFor(args[0] as long)
            return 0
            """;
    /** A fault scenario in the style of fixed-rate-with-agent.groovy, on the embedded SUT (the agent stops it a while). */
    private static final String FAULT_SCRIPT = """
            test {
                name     'audit-fault'
                url      param('url', null)
                rate     200
                duration '5s'
                warmup   '1s'
                warmupSendDelay 'off'
                agent {
                    source param('handlers', null)
                    at     '2s', run: 'outage.groovy', args: ['800']
                }
                expect   'loss <= 1000000', 'p99 latency < 60 s'
            }
            """;

    @RegisterExtension
    static final TestLab lab = TestLab.withControlBroker(EmbeddedTestBroker::new);

    private static final int SUT_PORT = LoopbackPorts.free();
    private static EmbeddedBroker sut;

    @TempDir
    Path tmp;

    private final Audit audit = new Audit();
    private final Surfaces surfaces = new Surfaces(audit);

    @BeforeAll
    static void startSut() {
        sut = EmbeddedBroker.start(SUT_PORT, "AMQP,CORE,OPENWIRE,MQTT");
    }

    @AfterAll
    static synchronized void stopSut() {
        if (sut != null) {
            sut.close();
            sut = null;
        }
    }

    /** Called by the agent's handler (in this JVM): the SUT goes away for {@code millis}, then comes back. */
    public static void stopSutFor(long millis) throws InterruptedException {
        synchronized (FiguresAuditTest.class) {
            sut.close();
        }
        Thread.sleep(millis);
        synchronized (FiguresAuditTest.class) {
            sut = EmbeddedBroker.start(SUT_PORT, "AMQP,CORE,OPENWIRE,MQTT");
        }
    }

    private static String url(String queue) {
        return "amqp://127.0.0.1:" + SUT_PORT + "/" + queue;
    }

    private static String control() {
        return lab.controlUrl().toString();
    }

    @Test
    void everyFigureOnEverySurfaceIsWhatTheRawFilesSay() throws Exception {
        long began = System.nanoTime();
        Path oneRoute = oneRoute();
        Path fourRoutes = fourRoutes();
        Path fault = agentFault();
        interruptedBySigint();
        Path killed = receiverKilled();
        incremental();

        // comparison.json: the fault run against the one-route run; the routes run against a copy of itself.
        compare("fault vs one-route", oneRoute, fault);
        Path copy = tmp.resolve("routes-copy");
        copyTree(fourRoutes, copy);
        compare("four-routes vs its copy", copy, fourRoutes);
        compare("receiver-killed vs one-route", oneRoute, killed);

        String table = audit.table();
        System.out.println("figures audit, surfaces x figures compared (n/k!: n compared, k disagree):\n" + table);
        System.out.printf("figures audit took %d s%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
        audit.disagreements().forEach(d -> System.out.println("DISAGREEMENT: " + d));
        assertEquals(List.of(), audit.disagreements(), "surfaces that disagree with the raw files:\n" + table);
    }

    /** (a) One route at a fixed rate. */
    private Path oneRoute() throws Exception {
        Path runs = tmp.resolve("runs-one-route");
        MaestroCommand.Result r;
        try (TestCluster ignored = workers(new String[][] {{"sender-1", "sender", ""}, {"receiver-1", "receiver", ""}})) {
            r = MaestroCommand.run("run", SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(), "--runs",
                    runs.toString(), "-P", "url=" + url("audit.one"), "-P", "rate=200", "-P", "duration=2s", "-P", "warmup=1s",
                    "-P", "warmupSendDelay=off", "-P", "p99=10 s");
        }
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, r.output());
        return audit("one-route", runs, r.output());
    }

    /** (b) Four routes (compare-protocols.groovy: AMQP, core, OpenWire, MQTT), each its own sender and receiver. */
    private Path fourRoutes() throws Exception {
        Path runs = tmp.resolve("runs-four-routes");
        List<String[]> peers = new ArrayList<>();
        for (String p : List.of("amqp", "core", "openwire", "mqtt")) {
            peers.add(new String[] {p + "-sender-1", "sender", p});
            peers.add(new String[] {p + "-receiver-1", "receiver", p});
        }
        MaestroCommand.Result r;
        try (TestCluster ignored = workers(peers.toArray(String[][]::new))) {
            r = MaestroCommand.run("run", SCRIPTS.resolve("compare-protocols.groovy").toString(), "--broker", control(),
                    "--runs", runs.toString(), "-P", "sut=127.0.0.1:" + SUT_PORT, "-P", "queue=audit.routes", "-P", "rate=300",
                    "-P", "duration=2s", "-P", "warmup=1s", "-P", "warmupSendDelay=off");
        }
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, r.output());
        return audit("four-routes", runs, r.output());
    }

    /** (c) An agent fault: the agent's handler stops the SUT for 800 ms at 2 s; the senders reconnect (failover). */
    private Path agentFault() throws Exception {
        Path runs = tmp.resolve("runs-fault");
        Path handlers = Files.createDirectories(tmp.resolve("handlers"));
        Files.writeString(handlers.resolve("outage.groovy"), OUTAGE_HANDLER);
        Path repo = HandlerRepository.commit(handlers, tmp.resolve("handlers.git"));
        Path script = Files.writeString(tmp.resolve("audit-fault.groovy"), FAULT_SCRIPT);
        Path agentWork = Files.createDirectories(tmp.resolve("agent-work"));
        MaestroCommand.Result r;
        TestCluster.Builder cluster = lab.cluster().dataDir(Files.createDirectories(tmp.resolve("data-fault")))
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
                .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .peerWithData("agent-1", Role.AGENT, (dir, dataUrl) -> new AgentHandler(AgentSettings.of(dir, agentWork,
                        SourceAllowlist.of(List.of(repo.toUri().toString()), agentWork), dataUrl)));
        try (TestCluster ignored = cluster.start()) {
            r = MaestroCommand.run("run", script.toString(), "--broker", control(), "--runs", runs.toString(),
                    "-P", "url=" + url("audit.fault?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200"),
                    "-P", "handlers=" + repo.toUri());
        }
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, r.output());
        Path run = audit("agent-fault", runs, r.output());
        JsonNode action = JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile()).at("/actions/0");
        assertEquals("succeeded", action.path("outcome").asText(), "the fault took place: " + action);
        return run;
    }

    /** (d) A run interrupted by SIGINT: the client a process of its own, started and interrupted as a shell's job. */
    private Path interruptedBySigint() throws Exception {
        Path runs = tmp.resolve("runs-interrupted");
        ChildJvm client;
        try (TestCluster ignored = workers(new String[][] {{"sender-1", "sender", ""}, {"receiver-1", "receiver", ""}})) {
            client = lab.closeAfterEach(ChildJvm.startAsForegroundJob(MaestroMain.class, "run",
                    SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(), "--runs", runs.toString(),
                    "-P", "url=" + url("audit.interrupted"), "-P", "rate=200", "-P", "duration=60s", "-P", "warmup=1s",
                    "-P", "warmupSendDelay=off", "-P", "p99=10 s"));
            client.awaitLine(LiveSecond.atLeast(2), LiveSecond.describe(2), 60);
            client.pressCtrlC();
            client.awaitLine("verdict: INTERRUPTED", 30);
            assertTrue(client.process().waitFor(30, TimeUnit.SECONDS), "the client ended");
        }
        assertEquals(130, client.process().exitValue(), Files.readString(client.log()));
        return audit("interrupted", runs, Files.readString(client.log()));
    }

    /** (e) A receiver killed mid-test (a process of its own): its figures are unknown, the sender's are known. */
    private Path receiverKilled() throws Exception {
        Path runs = tmp.resolve("runs-killed");
        Path data = Files.createDirectories(tmp.resolve("data-killed"));
        ChildJvm receiver = PeerProcesses.start(lab, WorkerMain.class, control(), data, "receiver-1", "--role", "receiver");
        MaestroCommand.Result r;
        try (TestCluster ignored = workers(new String[][] {{"sender-1", "sender", ""}})) {
            CompletableFuture<MaestroCommand.Result> run = CompletableFuture.supplyAsync(() -> MaestroCommand.run("run",
                    SCRIPTS.resolve("fixed-rate.groovy").toString(), "--broker", control(), "--runs", runs.toString(),
                    "--control-grace", "2s", "-P", "url=" + url("audit.killed"), "-P", "rate=200", "-P", "duration=20s",
                    "-P", "warmup=1s", "-P", "warmupSendDelay=off", "-P", "p99=10 s"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!MaestroCommand.hasProgress(runs) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(1_500);
            receiver.kill();
            r = run.get(90, TimeUnit.SECONDS);
        }
        assertEquals(2, r.exitCode(), r.output());
        return audit("receiver-killed", runs, r.output(), new String[] {"receiver-1", "receiver"});
    }

    /** (f) An incremental run of two steps: each step audited as a run, and incremental.json and the index row. */
    private void incremental() throws Exception {
        Path runs = tmp.resolve("runs-incremental");
        MaestroCommand.Result r;
        try (TestCluster ignored = workers(new String[][] {{"sender-1", "sender", ""}, {"receiver-1", "receiver", ""}})) {
            r = MaestroCommand.run("run", SCRIPTS.resolve("incremental.groovy").toString(), "--broker", control(), "--runs",
                    runs.toString(), "-P", "url=" + url("audit.incremental"), "-P", "startRate=100", "-P", "step=100",
                    "-P", "maxRate=200", "-P", "stepDuration=2s", "-P", "p99=10 s");
        }
        Path top = MaestroCommand.onlyRun(runs);
        JsonNode inc = JSON.readTree(top.resolve(RunLayout.INCREMENTAL_JSON).toFile());
        // Each step's console, up to the next step's, or the confirmation runs' after the last (a run of their own).
        String[] consoles = r.output().split("=== step \\d+ at |=== confirmation ");
        IndependentFigures.Sums sustainable = null;
        long sustainableRate = 0;
        int i = 1;
        for (JsonNode step : inc.path("steps")) {
            Path stepDir = top.resolve(step.path("run").asText());
            String label = "incremental step " + step.path("rate").asText();
            IndependentFigures f = auditRun(label, stepDir, i < consoles.length ? consoles[i] : "", null);
            IndependentFigures.Sums t = f.totals();
            audit.check(label, "incremental.json", "rate", "step receive rate", t.receiveRate(), text(step.path("receiveRate"), "%.1f"));
            audit.check(label, "incremental.json", "latency", "step response time p99", t.response(99), text(step.path("p99Millis"), "%.3f"));
            // Sustainable is the search's judgement (schedule, backlog, loss, p99), not the step's criteria: a step can pass
            // its criteria and still not be sustainable on a busy host. Older files without the judgement: the verdict.
            boolean judged = step.path("sustainable").isBoolean();
            if (judged ? step.path("sustainable").asBoolean() : step.path("verdict").asText().equals("passed")) {
                sustainable = t;
                sustainableRate = step.path("rate").asLong();
            }
            i++;
        }
        JsonNode index = org.maestro.reports.ReportHtml.data(runs.resolve(RunIndex.FILE));
        surfaces.incrementalIndexRow("incremental", index, top.getFileName().toString(), Long.toString(sustainableRate), sustainable);
    }

    private static String text(JsonNode n, String format) {
        return n.isNumber() ? String.format(java.util.Locale.ROOT, format, n.asDouble()) : IndependentFigures.UNKNOWN;
    }

    /** In-process workers {name, role, group} over the lab's control broker, with a data directory of their own. */
    private TestCluster workers(String[][] peers) throws Exception {
        TestCluster.Builder b = lab.cluster().dataDir(Files.createTempDirectory(tmp, "data-"));
        for (String[] p : peers) {
            b.peerWithData(p[0], p[1].equals("sender") ? Role.SENDER : Role.RECEIVER, p[2], WorkerHandler::new);
        }
        return b.start();
    }

    /** Audits the one run in {@code runs} on every surface; gives its directory. */
    private Path audit(String label, Path runs, String console, String[]... expectedPeers) throws Exception {
        Path run = MaestroCommand.onlyRun(runs);
        IndependentFigures f = auditRun(label, run, console, expectedPeers);
        JsonNode index = org.maestro.reports.ReportHtml.data(runs.resolve(RunIndex.FILE));
        surfaces.indexRow(label, index, run.getFileName().toString(), f.totals());
        return run;
    }

    private IndependentFigures auditRun(String label, Path run, String console, String[][] expectedPeers) throws Exception {
        IndependentFigures f = IndependentFigures.read(run, expectedPeers == null ? new String[0][] : expectedPeers);
        JsonNode summary = JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile());
        LOG.info("audit of {}: {} peers, verdict {}", label, f.peers.size(), summary.path("verdict").asText());
        surfaces.summary(label, Surfaces.SUMMARY, summary, f);
        surfaces.actions(label, Surfaces.SUMMARY, summary, f);
        surfaces.console(label, console, f, summary);
        surfaces.junit(label, run.resolve("junit.xml"), f, summary);
        surfaces.report(label, org.maestro.reports.ReportHtml.data(run.resolve(ReportBuilder.REPORT_FILE)), f);
        return f;
    }

    /** {@code maestro compare BASELINE RUN}, then comparison.json against both runs' files. */
    private void compare(String label, Path baseline, Path run) throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("compare", baseline.toString(), run.toString());
        assertTrue(Files.exists(run.resolve("comparison.json")), r.output());
        JsonNode c = JSON.readTree(run.resolve("comparison.json").toFile());
        surfaces.comparison(label, c, IndependentFigures.read(run, missingOf(run)), IndependentFigures.read(baseline, missingOf(baseline)),
                JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile()), JSON.readTree(baseline.resolve(RunLayout.SUMMARY_JSON).toFile()));
    }

    /** The workers summary.json lists whose directories were not collected: {name, role, group}. */
    private static String[][] missingOf(Path run) throws IOException {
        List<String[]> out = new ArrayList<>();
        for (JsonNode p : JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile()).path("peers")) {
            String role = p.path("role").asText();
            if (role.equals("sender") || role.equals("receiver")) {
                out.add(new String[] {p.path("name").asText(), role});
            }
        }
        return out.toArray(String[][]::new);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(from.relativize(f).toString()));
            }
        }
    }
}
