package org.maestro.client.cli;

import org.maestro.reports.results.Summary;
import org.maestro.common.cli.OneLineErrors;
import org.maestro.common.util.Passwords;
import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.publish.BaselineCheck;
import org.maestro.client.run.Console;
import org.maestro.client.run.search.IncrementalExecutor;
import org.maestro.client.run.Interruption;
import org.maestro.client.run.collect.RunFinisher;
import org.maestro.client.run.RunRecord;
import org.maestro.client.run.stop.RunningTests;
import org.maestro.client.local.LocalCluster;
import org.maestro.client.run.discover.PeerDirectory;
import org.maestro.client.run.start.PeerRefusals;
import org.maestro.reports.results.Summary;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.cli.TimeConverter;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.TransportException;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.TimeSpan;
import org.maestro.common.util.SafeText;
import org.maestro.worker.WorkerMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The {@code maestro} command. Exit codes: 0 passed, 1 a criterion failed, 2 the test could not run, 130 the run was
 * interrupted (Ctrl-C, SIGTERM).
 */
@Command(name = "maestro", mixinStandardHelpOptions = true, versionProvider = MaestroVersion.class,
        description = "Distributed performance tests for messaging systems.",
        subcommands = {MaestroMain.Run.class, MaestroMain.Demo.class, MaestroMain.Ping.class, MaestroMain.Stats.class,
                MaestroMain.Halt.class, MaestroMain.Stop.class, MaestroMain.Collect.class, MaestroMain.Targets.class})
public final class MaestroMain implements Callable<Integer> {
    static final int PASSED = 0;
    static final int CANNOT_RUN = OneLineErrors.CANNOT_RUN;
    /** How long {@code run} and {@code demo} wait for the peers a test needs, unless told otherwise. */
    static final String DISCOVERY_TIMEOUT = "30s";

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The whole command line, every subcommand included, ready to execute or only to parse (the compose file's test). */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new MaestroMain());
        cl.addSubcommand("worker", new WorkerMain());
        cl.addSubcommand("inspector", new org.maestro.inspector.InspectorMain());
        cl.addSubcommand("inspect", new org.maestro.inspector.InspectMain());
        cl.addSubcommand("agent", new org.maestro.agent.AgentMain());
        cl.addSubcommand("report", new org.maestro.reports.page.ReportMain());
        cl.addSubcommand("compare", new org.maestro.reports.compare.CompareMain());
        cl.addSubcommand("serve", new org.maestro.reports.serve.ServeMain());
        cl.addSubcommand("topology", new TopologyCommand());
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        named(cl);
        return OneLineErrors.of(cl, "maestro");
    }

    /**
     * Each subcommand under the name it is called by ("maestro worker", not the module main's own "maestro-worker"),
     * and answering {@code -V} with the version as {@code maestro -V} does, rather than printing nothing.
     */
    private static void named(CommandLine cl) {
        cl.getSubcommands().forEach((name, sub) -> {
            CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            spec.name(name);
            if (spec.version().length == 0) {
                spec.versionProvider(new MaestroVersion());
            }
            named(sub);
        });
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return CANNOT_RUN;
    }

    /** {@code --baseline} and {@code --min-change}: compare the run with earlier ones once it is done. */
    static class BaselineOptions {
        @Option(names = "--baseline", paramLabel = "DIR", description = {"compare the run with this earlier run directory, "
                + "or with the latest " + org.maestro.reports.compare.Baselines.LATEST + " passed runs of the same test in this "
                + "directory of runs (e.g. --baseline runs); may be repeated. A regression makes the exit code 1 and "
                + "fails a test case in junit.xml."})
        List<Path> baselines = new java.util.ArrayList<>();

        @Option(names = "--min-change", paramLabel = "PERCENT", description = "with --baseline: the smallest change that counts, "
                + "for every metric (default: each metric's own floor; see maestro compare --help)")
        String minChange;

        BaselineCheck check() {
            return new BaselineCheck(baselines, org.maestro.reports.compare.CompareMain.parsePercent(minChange));
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = "Runs a scenario script against a cluster, or on this machine with --local.")
    static final class Run implements Callable<Integer> {
        @Parameters(paramLabel = "SCRIPT", description = "the Groovy scenario")
        Path script;

        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Option(names = "--local", description = "start an embedded MQTT broker and local peers (and an embedded SUT when the script names none)")
        boolean local;

        @Option(names = "-P", paramLabel = "NAME=VALUE", description = "a value for the script's param(NAME, default)")
        Map<String, String> params = new LinkedHashMap<>();

        @Option(names = ParamsFile.OPTION, paramLabel = "FILE", description = "the script's params as NAME=VALUE lines, for"
                + " those that hold credentials (SUT and management URLs, the agent's source), which the command line would"
                + " show to every user of the host (ps); FILE must be readable by its owner only (mode 0600). -P wins over it.")
        Path paramsFile;

        @Option(names = "--runs", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
        Path runs;

        @Option(names = "--discovery-timeout", defaultValue = DISCOVERY_TIMEOUT, converter = TimeConverter.class,
                description = "how long to wait for the required peers (default: ${DEFAULT-VALUE})")
        Duration discoveryTimeout;

        @Option(names = "--control-grace", defaultValue = TestExecutor.DEFAULT_CONTROL_GRACE, converter = TimeConverter.class,
                description = "how long a peer, or the control broker, may be away from the control plane during a test before"
                        + " the test fails; shorter absences are reported as interruptions (default: ${DEFAULT-VALUE})")
        Duration controlGrace;

        @CommandLine.Mixin
        BaselineOptions baseline = new BaselineOptions();

        @Override
        public Integer call() throws Exception {
            List<TestPlan> plans;
            try {
                Map<String, String> all = new LinkedHashMap<>(paramsFile == null ? Map.of() : ParamsFile.read(paramsFile));
                all.putAll(params);
                // A -P value is on this command line, which ps shows to every user of the host: say so, and where it belongs.
                params.forEach((name, value) -> {
                    if (!Passwords.redact(value).equals(value)) {
                        System.err.println("maestro: warning: -P " + name + " holds a password, which every user of this host can read"
                                + " in ps; give it in --params-file FILE (NAME=VALUE lines, mode 0600) instead");
                    }
                });
                plans = ScriptRunner.loadAll(script, all, local);
            } catch (ScriptException e) {
                System.err.println("maestro: " + e.getMessage());
                return CANNOT_RUN;
            }
            Waits waits = new Waits(discoveryTimeout, controlGrace);
            Path handlers = script.toAbsolutePath().resolveSibling("handlers");
            if (plans.size() == 1) {
                return runPlan(plans.get(0), local, broker, runs, waits, baseline.check(), handlers);
            }
            return runSuite(plans, script.getFileName().toString(), local, broker, runs, waits, baseline.check(), handlers);
        }
    }

    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "A real test on this machine with nothing to set up: embedded broker, SUT and peers.")
    static final class Demo implements Callable<Integer> {
        @Option(names = "--runs", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
        Path runs;

        @Option(names = "-P", paramLabel = "NAME=VALUE", description = "override the demo's parameters: rate, duration, size")
        Map<String, String> params = new LinkedHashMap<>();

        @CommandLine.Mixin
        BaselineOptions baseline = new BaselineOptions();

        @Override
        public Integer call() throws Exception {
            String text;
            try (InputStream in = MaestroMain.class.getResourceAsStream("/demo.groovy")) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            TestPlan plan;
            try {
                plan = ScriptRunner.load("demo.groovy", text, params);
            } catch (ScriptException e) {
                System.err.println("maestro: " + e.getMessage());
                return CANNOT_RUN;
            }
            return runPlan(plan, true, new BrokerOption(), runs, new Waits(TimeSpan.parse(DISCOVERY_TIMEOUT),
                    TimeSpan.parse(TestExecutor.DEFAULT_CONTROL_GRACE)), baseline.check(), null);
        }
    }

    /** A client connected to the control broker, for the commands that talk to peers. */
    static ControlClient connect(BrokerUrl broker) throws TransportException {
        return new ControlClient(broker).connect(Duration.ofSeconds(10));
    }

    /** How long a run waits for its peers to appear, and for a peer or the control broker that dropped off. */
    record Waits(Duration discovery, Duration controlGrace) {
    }

    /**
     * The tests of a script of several, one after the other, each a run of its own (in the index like any), then the
     * suite's JUnit file beside them ({@link SuiteJunit}). The exit code is the worst of theirs (2 over 1 over 0);
     * an interrupted test ends the suite.
     */
    static int runSuite(List<TestPlan> plans, String scriptName, boolean local, BrokerOption broker, Path runs, Waits waits,
                        BaselineCheck baseline, Path handlers) throws Exception {
        java.time.LocalDateTime start = java.time.LocalDateTime.now();
        List<Path> runDirs = new java.util.ArrayList<>();
        List<SuiteJunit.Entry> tests = new java.util.ArrayList<>();
        int worst = PASSED;
        for (int i = 0; i < plans.size(); i++) {
            TestPlan plan = plans.get(i);
            System.out.printf("maestro: test %d of %d: %s%n", i + 1, plans.size(), plan.name());
            int before = runDirs.size();
            int code;
            try {
                code = runPlan(plan, local, broker, runs, waits, baseline, handlers, runDirs);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                // E.g. its --local cluster did not start: the suite goes on, and its JUnit file says so.
                String why = e.getMessage() == null ? e.toString() : e.getMessage();
                System.err.println("maestro: test " + plan.name() + " could not run: " + why);
                tests.add(SuiteJunit.Entry.notRun(plan.name(), why));
                worst = Math.max(worst, CANNOT_RUN);
                continue;
            }
            runDirs.subList(before, runDirs.size()).forEach(d -> tests.add(SuiteJunit.Entry.ran(d)));
            if (runDirs.size() == before && plan.incremental() == null && code == CANNOT_RUN) {
                tests.add(SuiteJunit.Entry.notRun(plan.name(), "refused before any peer was touched (the reason is on the console)"));
            }
            if (code == Summary.INTERRUPTED_EXIT) {
                worst = code;
                break;
            }
            worst = Math.max(worst, code);
        }
        Path suite = SuiteJunit.writeEntries(runs, start, scriptName, tests);
        System.out.printf("maestro: %d of %d tests ran; suite JUnit: %s%n", runDirs.size(), plans.size(), suite);
        return worst;
    }

    /** @param handlers with --local, the handlers an agent without a source takes (the script's handlers/), or null */
    static int runPlan(TestPlan plan, boolean local, BrokerOption broker, Path runs, Waits waits,
                       BaselineCheck baseline, Path handlers) throws Exception {
        return runPlan(plan, local, broker, runs, waits, baseline, handlers, new java.util.ArrayList<>());
    }

    /** @param runDirs given the run directory the test wrote (none for an incremental test, which has steps) */
    private static int runPlan(TestPlan plan, boolean local, BrokerOption broker, Path runs, Waits waits,
                               BaselineCheck baseline, Path handlers, List<Path> runDirs) throws Exception {
        if (!baseline.isEmpty() && plan.incremental() != null) {
            System.err.println("maestro: --baseline compares runs of a fixed test; this script is incremental (compare its steps "
                    + "with maestro compare)");
            return CANNOT_RUN;
        }
        Console console = new Console(System.out);
        Interruption interruption = new Interruption(Thread.currentThread());
        try (InterruptSignals signals = InterruptSignals.install(interruption, console)) {
            int code = runPlan(plan, local, broker, runs, waits, baseline, handlers, console, interruption, runDirs);
            return interruption.requested() ? Summary.INTERRUPTED_EXIT : code;
        }
    }

    private static int runPlan(TestPlan plan, boolean local, BrokerOption broker, Path runs, Waits waits, BaselineCheck baseline,
                               Path handlers, Console console, Interruption interruption, List<Path> runDirs) throws Exception {
        // Before any peer is touched: a setting the peers would refuse costs nothing and leaves no run directory.
        java.util.Optional<String> refused = PeerRefusals.of(plan);
        if (refused.isPresent()) {
            System.err.println("maestro: the peers would refuse this test: " + refused.get());
            return CANNOT_RUN;
        }
        if (!local) {
            if (plan.lacksSut()) {
                System.err.println("maestro: the script names no SUT (url '...'); give one, or use --local for an embedded SUT");
                return CANNOT_RUN;
            }
            try (ControlClient client = connect(broker.url())) {
                return execute(plan, client, runs, console, waits, baseline, interruption, runDirs, dir -> { });
            }
        }
        try (LocalCluster cluster = LocalCluster.start(plan, handlers, console);
             ControlClient client = connect(cluster.controlUrl())) {
            return execute(cluster.complete(plan), client, runs, console, waits, baseline, interruption, runDirs,
                    cluster);
        }
    }

    private static int execute(TestPlan plan, ControlClient client, Path runs, Console console, Waits waits,
                               BaselineCheck baseline, Interruption interruption, List<Path> runDirs,
                               TestExecutor.RunFiles runFiles) throws IOException, InterruptedException {
        if (plan.incremental() != null) {
            return new IncrementalExecutor(dir -> new TestExecutor(client, dir, console, waits.discovery(),
                    new BaselineCheck(List.of(), null), waits.controlGrace()).interruptedBy(interruption).withRunFiles(runFiles),
                    runs, console).run(plan);
        }
        TestExecutor executor = new TestExecutor(client, runs, console, waits.discovery(), baseline, waits.controlGrace())
                .interruptedBy(interruption).withRunFiles(runFiles);
        Summary s = executor.run(plan);
        runDirs.add(runs.resolve(s.testId()));
        // A run that passed its criteria but is worse than its baseline fails the nightly all the same.
        return s.exitCode() == PASSED && executor.regressed() ? 1 : s.exitCode();
    }

    @Command(name = "ping", mixinStandardHelpOptions = true, description = "Lists the peers that answer, with round trip and clock offset.")
    static final class Ping implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @CommandLine.Mixin
        PingWindowOption ping = new PingWindowOption();

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = connect(broker.url())) {
                List<PingResult> found = PeerDirectory.discover(client, ping.window);
                for (PingResult p : found) {
                    System.out.printf("%-10s %-20s %-24s round trip %7.3f ms, %s, id %s%n",
                            p.peer().role().wireName(), SafeText.of(p.peer().name()), SafeText.of(p.peer().host()),
                            p.roundTripMicros() / 1000.0, p.clockText(), SafeText.of(p.peer().id()));
                }
                System.out.println(found.size() + " peer(s) answered");
                return found.isEmpty() ? CANNOT_RUN : PASSED;
            }
        }
    }

    @Command(name = "targets", mixinStandardHelpOptions = true,
            description = {"Writes the peers' metrics endpoints as a Prometheus file_sd list (JSON): PINGs every peer and"
                    + " asks each for its data server, which serves /metrics; each target is labelled peer, role, group"
                    + " and peer_id. See docs/metrics.md and prometheus/prometheus.yml."})
    static final class Targets implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @CommandLine.Mixin
        PingWindowOption ping = new PingWindowOption();

        @Option(names = {"-o", "--output"}, paramLabel = "FILE",
                description = "the file Prometheus reads (written whole, by renaming); standard output without it")
        Path output;

        @Option(names = "--every", paramLabel = "TIME", converter = TimeConverter.class,
                description = "with --output: look again at this interval until stopped, so peers that come and go are"
                        + " followed (e.g. 30s); once without it")
        Duration every;

        @Override
        public Integer call() throws Exception {
            if (every != null && output == null) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--every needs --output FILE: the list is"
                        + " rewritten there at each look");
            }
            if (every != null && every.compareTo(ping.window) <= 0) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--every " + new TestDuration.ByTime(every)
                        + " must be longer than --window " + new TestDuration.ByTime(ping.window));
            }
            try (ControlClient client = connect(broker.url())) {
                while (true) {
                    MetricsTargets.Found found = MetricsTargets.find(client, ping.window);
                    String json = MetricsTargets.fileSd(found.targets());
                    found.skipped().forEach(line -> System.err.println("maestro targets: skipped " + line));
                    if (output == null) {
                        System.out.print(json);
                    } else {
                        MetricsTargets.write(output, json);
                        System.out.println(found.targets().size() + " target(s) written to " + output);
                    }
                    if (every == null) {
                        return found.targets().isEmpty() ? CANNOT_RUN : PASSED;
                    }
                    Thread.sleep(every.minus(ping.window).toMillis()); // the interval between looks, not a synchronisation
                }
            }
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Shows every peer's current figures.")
    static final class Stats implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = connect(broker.url())) {
                List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer).toList();
                Replies r = client.request(Address.all(), new Payload.StatsRequest(), peers, Duration.ofSeconds(5));
                for (PeerInfo p : peers) {
                    System.out.println(SafeText.of(p.name()) + " (" + p.role().wireName() + "): " + (r.of(p) == null ? "no answer"
                            : r.of(p).payload() instanceof Payload.StatsReply reply ? StatsText.of(reply.stats())
                            : SafeText.of(r.of(p).payload().toString(), Integer.MAX_VALUE)));
                }
                return r.missing().isEmpty() ? PASSED : CANNOT_RUN;
            }
        }
    }

    @Command(name = "halt", mixinStandardHelpOptions = true, description = "Stops peers: all, one role, or one peer.")
    static final class Halt implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Option(names = "--role", description = "only peers of this role")
        String role;

        @Option(names = "--name", description = "only the peer with this name")
        String name;

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = connect(broker.url())) {
                List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer)
                        .filter(p -> role == null || p.role() == Role.parse(role))
                        .filter(p -> name == null || p.name().equals(name)).toList();
                int halted = 0;
                for (PeerInfo p : peers) {
                    Replies r = client.request(Address.peer(p.id()), new Payload.Halt(), List.of(p), Duration.ofSeconds(5));
                    System.out.println(p.describe() + ": " + (r.allOk() ? "halted" : String.join("; ", r.problems())));
                    halted += r.allOk() ? 1 : 0;
                }
                System.out.println(halted + " of " + peers.size() + " peer(s) halted");
                return halted == peers.size() ? PASSED : CANNOT_RUN;
            }
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Ends a test still running on the peers (its client was interrupted or killed); the peers stay up.")
    static final class Stop implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Option(names = "--test-id", paramLabel = "ID", description = "only this test (default: whatever test the peers run)")
        String testId;

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = connect(broker.url())) {
                List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer).toList();
                List<PeerInfo> stopped = RunningTests.stop(client, peers, testId, System.out::println);
                System.out.println(stopped.isEmpty() ? "no peer of " + peers.size() + " runs " + (testId == null ? "a test"
                        : "test " + SafeText.of(testId)) : stopped.size() + " peer(s) stopped; maestro collect fetches their files");
                return PASSED;
            }
        }
    }

    @Command(name = "collect", mixinStandardHelpOptions = true,
            description = {"Finishes a run whose client was killed or interrupted twice: ends the test if the peers still run it,"
                    + " fetches their files, writes summary.json, junit.xml and report.html (verdict interrupted).",
                    "Give the run directory (its run.json names the test and the broker; a broker with a password needs"
                            + " --broker or MAESTRO_BROKER again), or --broker and --test-id."})
    static final class Collect implements Callable<Integer> {
        @Parameters(paramLabel = "RUN_DIR", arity = "0..1", description = "the run directory the client left")
        Path runDir;

        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Option(names = "--test-id", paramLabel = "ID", description = "without RUN_DIR: the test to collect, into RUNS/ID")
        String testId;

        @Option(names = "--runs", defaultValue = "runs", description = "with --test-id: where run directories go (default: ${DEFAULT-VALUE})")
        Path runs;

        @Override
        public Integer call() throws Exception {
            if ((runDir == null) == (testId == null)) {
                System.err.println("maestro: give a run directory, or --broker and --test-id");
                return CANNOT_RUN;
            }
            Console console = new Console(System.out);
            if (runDir != null) {
                RunRecord record = RunRecord.read(runDir);
                if (!broker.isGiven() && record.brokerNeedsPassword()) {
                    System.err.println("maestro: " + runDir + " ran over " + record.broker() + ", whose password is not kept:"
                            + " give it with --broker or " + BrokerOption.ENV);
                    return CANNOT_RUN;
                }
                try (ControlClient client = broker.isGiven() ? connect(broker.url())
                        : connect(BrokerUrl.parse(record.broker()))) {
                    return new RunFinisher(client, console).finish(runDir) ? PASSED : CANNOT_RUN;
                }
            }
            try (ControlClient client = connect(broker.url())) {
                new RunFinisher(client, console).finish(runs, testId);
                return PASSED;
            }
        }
    }
}
