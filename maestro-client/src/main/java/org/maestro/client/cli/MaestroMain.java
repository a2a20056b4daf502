package org.maestro.client.cli;

import org.maestro.client.dsl.ScriptException;
import org.maestro.client.dsl.ScriptRunner;
import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.BaselineCheck;
import org.maestro.client.run.Console;
import org.maestro.client.run.IncrementalExecutor;
import org.maestro.client.run.LocalCluster;
import org.maestro.client.run.PeerDirectory;
import org.maestro.client.run.Summary;
import org.maestro.client.run.TestExecutor;
import org.maestro.common.cli.BrokerOption;
import org.maestro.common.cli.TimeConverter;
import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PingResult;
import org.maestro.common.client.Replies;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
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

/** The {@code maestro} command. Exit codes: 0 passed, 1 a criterion failed, 2 the test could not run. */
@Command(name = "maestro", mixinStandardHelpOptions = true, versionProvider = MaestroVersion.class,
        description = "Distributed performance tests for messaging systems.",
        subcommands = {MaestroMain.Run.class, MaestroMain.Demo.class, MaestroMain.Ping.class, MaestroMain.Stats.class,
                MaestroMain.Halt.class})
public final class MaestroMain implements Callable<Integer> {
    static final int PASSED = 0;
    static final int CANNOT_RUN = 2;
    /** How long {@code run} and {@code demo} wait for the peers a test needs, unless told otherwise. */
    static final String DISCOVERY_TIMEOUT = "30s";

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new MaestroMain());
        cl.addSubcommand("worker", new WorkerMain());
        cl.addSubcommand("inspector", new org.maestro.inspector.InspectorMain());
        cl.addSubcommand("inspect", new org.maestro.inspector.InspectMain());
        cl.addSubcommand("agent", new org.maestro.agent.AgentMain());
        cl.addSubcommand("report", new org.maestro.reports.ReportMain());
        cl.addSubcommand("compare", new org.maestro.reports.CompareMain());
        cl.addSubcommand("serve", new org.maestro.reports.ServeMain());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("maestro: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
            return CANNOT_RUN;
        });
        cl.setExitCodeExceptionMapper(e -> CANNOT_RUN);
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return CANNOT_RUN;
    }

    /** {@code --baseline} and {@code --min-change}: compare the run with earlier ones once it is done. */
    static class BaselineOptions {
        @Option(names = "--baseline", paramLabel = "DIR", description = {"compare the run with this earlier run directory, "
                + "or with the latest " + org.maestro.reports.Baselines.LATEST + " passed runs of the same test in this "
                + "directory of runs (e.g. --baseline runs); may be repeated. A regression makes the exit code 1 and "
                + "fails a test case in junit.xml."})
        List<Path> baselines = new java.util.ArrayList<>();

        @Option(names = "--min-change", paramLabel = "PERCENT", description = "with --baseline: the smallest change that counts, "
                + "for every metric (default: each metric's own floor; see maestro compare --help)")
        String minChange;

        BaselineCheck check() {
            return new BaselineCheck(baselines, org.maestro.reports.CompareMain.parsePercent(minChange));
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

        @Option(names = "--runs", defaultValue = "runs", description = "where run directories go (default: ${DEFAULT-VALUE})")
        Path runs;

        @Option(names = "--discovery-timeout", defaultValue = DISCOVERY_TIMEOUT, converter = TimeConverter.class,
                description = "how long to wait for the required peers (default: ${DEFAULT-VALUE})")
        Duration discoveryTimeout;

        @CommandLine.Mixin
        BaselineOptions baseline = new BaselineOptions();

        @Override
        public Integer call() throws Exception {
            TestPlan plan;
            try {
                plan = ScriptRunner.load(script, params);
            } catch (ScriptException e) {
                System.err.println("maestro: " + e.getMessage());
                return CANNOT_RUN;
            }
            return runPlan(plan, local, broker, runs, discoveryTimeout, baseline.check());
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
            return runPlan(plan, true, new BrokerOption(), runs, TimeSpan.parse(DISCOVERY_TIMEOUT), baseline.check());
        }
    }

    static int runPlan(TestPlan plan, boolean local, BrokerOption broker, Path runs, Duration discoveryTimeout,
                       BaselineCheck baseline) throws Exception {
        if (!baseline.isEmpty() && plan.incremental() != null) {
            System.err.println("maestro: --baseline compares runs of a fixed test; this script is incremental (compare its steps "
                    + "with maestro compare)");
            return CANNOT_RUN;
        }
        Console console = new Console(System.out);
        if (!local) {
            if (plan.lacksSut()) {
                System.err.println("maestro: the script names no SUT (url '...'); give one, or use --local for an embedded SUT");
                return CANNOT_RUN;
            }
            try (ControlClient client = broker.connect()) {
                return execute(plan, client, runs, console, discoveryTimeout, baseline);
            }
        }
        try (LocalCluster cluster = LocalCluster.start(plan);
             ControlClient client = new ControlClient(cluster.controlUrl()).connect(Duration.ofSeconds(10))) {
            return execute(cluster.complete(plan), client, runs, console, discoveryTimeout, baseline);
        }
    }

    private static int execute(TestPlan plan, ControlClient client, Path runs, Console console, Duration discovery,
                               BaselineCheck baseline) throws IOException, InterruptedException {
        if (plan.incremental() != null) {
            return new IncrementalExecutor(dir -> new TestExecutor(client, dir, console, discovery), runs, console).run(plan);
        }
        TestExecutor executor = new TestExecutor(client, runs, console, discovery, baseline);
        Summary s = executor.run(plan);
        // A run that passed its criteria but is worse than its baseline fails the nightly all the same.
        return s.exitCode() == PASSED && executor.regressed() ? 1 : s.exitCode();
    }

    @Command(name = "ping", mixinStandardHelpOptions = true, description = "Lists the peers that answer, with round trip and clock offset.")
    static final class Ping implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Option(names = "--window", defaultValue = "2s", converter = TimeConverter.class,
                description = "how long to collect answers (default: ${DEFAULT-VALUE})")
        Duration window;

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = broker.connect()) {
                List<PingResult> found = PeerDirectory.discover(client, window);
                for (PingResult p : found) {
                    System.out.printf("%-10s %-20s %-24s round trip %7.3f ms, clock offset %+8.3f ms, id %s%n",
                            p.peer().role().wireName(), SafeText.of(p.peer().name()), SafeText.of(p.peer().host()),
                            p.roundTripMicros() / 1000.0, p.clockOffsetMicros() / 1000.0, SafeText.of(p.peer().id()));
                }
                System.out.println(found.size() + " peer(s) answered");
                return found.isEmpty() ? CANNOT_RUN : PASSED;
            }
        }
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Shows every peer's current figures.")
    static final class Stats implements Callable<Integer> {
        @CommandLine.Mixin
        BrokerOption broker = new BrokerOption();

        @Override
        public Integer call() throws Exception {
            try (ControlClient client = broker.connect()) {
                List<PeerInfo> peers = PeerDirectory.discover(client, Duration.ofSeconds(1)).stream().map(PingResult::peer).toList();
                Replies r = client.request(Address.all(), new Payload.StatsRequest(), peers, Duration.ofSeconds(5));
                for (PeerInfo p : peers) {
                    System.out.println(SafeText.of(p.name()) + ": "
                            + (r.of(p) == null ? "no answer" : SafeText.of(r.of(p).payload().toString(), Integer.MAX_VALUE)));
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
            try (ControlClient client = broker.connect()) {
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
}
