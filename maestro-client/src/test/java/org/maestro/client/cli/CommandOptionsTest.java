package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.maestro.agent.AgentMain;
import org.maestro.inspector.InspectorMain;
import org.maestro.worker.WorkerMain;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The options the commands share, and time options that are given a count or zero. */
class CommandOptionsTest {
    private static final List<String> PEER_OPTIONS =
            List.of("--broker", "--broker-password-file", "--name", "--group", "--data-dir", "--data-host", "--data-port", "--keep-alive");

    @Test
    void everyPeerCommandOffersThePeerOptionsAlike() {
        Map<String, String> worker = described(new WorkerMain());
        assertEquals(PEER_OPTIONS.size(), worker.size(), worker.toString());
        assertEquals(worker, described(new InspectorMain()));
        assertEquals(worker, described(new AgentMain()));
        OptionSpec clientBroker = new CommandLine(new MaestroMain()).getSubcommands().get("ping").getCommandSpec().findOption("--broker");
        assertEquals(worker.get("--broker"), described(clientBroker), "the client's --broker is the peers'");
    }

    @Test
    void everyCommandThatJoinsTheClusterSaysHowToKeepItsPasswordOffTheCommandLine() {
        CommandLine maestro = new CommandLine(new MaestroMain());
        maestro.addSubcommand("worker", new WorkerMain());
        maestro.addSubcommand("inspector", new InspectorMain());
        maestro.addSubcommand("agent", new AgentMain());
        for (String command : List.of("worker", "inspector", "agent", "run", "ping", "stats", "halt")) {
            String help = maestro.getSubcommands().get(command).getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
            assertTrue(help.contains("--broker-password-file=FILE") && help.contains("MAESTRO_BROKER_PASSWORD")
                    && help.contains("mode 0600"), command + ": " + help);
        }
        String run = maestro.getSubcommands().get("run").getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
        assertTrue(run.contains("--params-file=FILE") && run.contains("readable by its owner only"), run);
    }

    /** Each peer option's description and default, as the help shows them. */
    private static Map<String, String> described(Object command) {
        Map<String, String> out = new TreeMap<>();
        for (String name : PEER_OPTIONS) {
            OptionSpec o = new CommandLine(command).getCommandSpec().findOption(name);
            if (o != null) {
                out.put(name, described(o));
            }
        }
        return out;
    }

    private static String described(OptionSpec o) {
        return String.join(" ", o.description()) + " (default " + o.defaultValue() + ")";
    }

    @Test
    void aWindowGivenAsACountIsAUsageErrorThatSaysSo() {
        String[] run = run("ping", "--broker", "mqtt://127.0.0.1:1", "--window", "5");
        assertEquals("2", run[0]);
        assertEquals("maestro ping: Invalid value for option '--window': bad time '5': a message count, not a time;"
                + " expected a time like 5s; see 'maestro ping --help'", run[1].strip(), "one line, no usage");
    }

    @Test
    void aDiscoveryTimeoutOfZeroIsAUsageErrorThatSaysSo() {
        String[] run = run("run", "no-such-script.groovy", "--discovery-timeout", "0");
        assertEquals("2", run[0]);
        assertEquals("maestro run: Invalid value for option '--discovery-timeout': bad time '0': must be more than zero;"
                + " expected a time like 10s; see 'maestro run --help'", run[1].strip(), "one line, no usage");
        for (String bad : List.of("-5s", "abc")) {
            run = run("run", "no-such-script.groovy", "--discovery-timeout", bad);
            assertEquals("2", run[0]);
            assertEquals(1, run[1].strip().lines().count(), run[1]);
            assertTrue(run[1].startsWith("maestro run: Invalid value for option '--discovery-timeout': bad time '" + bad + "'"), run[1]);
        }
    }

    @Test
    void aTypoGetsOneLineWithTheNearestCommandOrOptionAndExit2() {
        assertOneLine("maestro run: unknown option '--lcoal' (did you mean '--local'?); see 'maestro run --help'",
                "run", FIXED_RATE, "--lcoal");
        assertOneLine("maestro: unknown command 'rnu' (did you mean 'run'?); see 'maestro --help'", "rnu");
        assertOneLine("maestro: unknown command 'frobnicate' (the commands are agent, collect, compare, demo, halt, help,"
                + " history, inspect, inspector, ping, report, run, serve, stats, stop, targets, topology, worker); see 'maestro --help'",
                "frobnicate");
        // picocli's own words were "Value for option option '-P' ...", then the 49-line usage.
        String[] run = run("run", FIXED_RATE, "-P", "justaword");
        assertEquals("2", run[0], run[1]);
        assertEquals(1, run[1].strip().lines().count(), run[1]);
        assertTrue(run[1].startsWith("maestro run: ") && run[1].contains("'-P'") && run[1].contains("justaword")
                && !run[1].contains("option option"), run[1]);
    }

    @Test
    void helpVersionAndTheNamesSubcommandsAreCalledBy() {
        String[] out = runOut("help", "run");
        assertEquals("0", out[0]);
        assertTrue(out[1].startsWith("Usage: maestro run "), out[1]);
        for (String peer : List.of("worker", "inspector", "agent")) {
            out = runOut(peer, "--help");
            assertEquals("0", out[0]);
            assertTrue(out[1].startsWith("Usage: maestro " + peer + " "), out[1]);
        }
        String version = runOut("-V")[1];
        assertTrue(version.startsWith("maestro "), version);
        for (String command : List.of("run", "worker", "compare")) {
            out = runOut(command, "-V");
            assertEquals("0", out[0]);
            assertEquals(version, out[1], command + " -V");
        }
    }

    @Test
    void whatThePeersWouldRefuseIsRefusedBeforeAnyPeerIsTouchedAndLeavesNoRunDirectory(@org.junit.jupiter.api.io.TempDir
                                                                                     java.nio.file.Path tmp) {
        java.nio.file.Path runs = tmp.resolve("runs");
        // --local: a run that got past the check would start a broker, an Artemis and two peers, and write a run.
        String[] run = run("run", FIXED_RATE, "--local", "--runs", runs.toString(), "-P", "size=39");
        assertEquals("2", run[0], run[1]);
        assertEquals("maestro: the peers would refuse this test: message.size '39' is too small: every message carries a"
                + " 40-byte Maestro stamp, so the smallest size is 40", run[1].strip());
        assertTrue(!java.nio.file.Files.exists(runs), "no run directory for a refused run");
        run = run("run", FIXED_RATE, "--runs", runs.toString(), "--broker", "mqtt://127.0.0.1:1", "-P", "url=htp://sut:5672/q");
        assertEquals("2", run[0], run[1]);
        assertEquals(1, run[1].strip().lines().count(), run[1]);
        assertTrue(run[1].startsWith("maestro: the peers would refuse this test: option send.url: bad SUT URL 'htp://sut:5672/q':"
                + " scheme must be one of amqp://"), run[1]);
        run = run("run", FIXED_RATE, "--runs", runs.toString(), "--broker", "mqtt://127.0.0.1:1", "-P", "url=not a url");
        assertEquals("2", run[0], run[1]);
        assertEquals(1, run[1].strip().lines().count(), run[1]);
        assertTrue(run[1].startsWith("maestro: the peers would refuse this test: option send.url: bad SUT URL 'not a url'"), run[1]);
        assertTrue(!java.nio.file.Files.exists(runs), "no run directory for a refused run");
    }

    @Test
    void aScenarioThatCannotBeReadSaysWhyNotOnlyWhere() {
        String[] run = run("run", "/nonexistent/x.groovy", "--local");
        assertEquals("2", run[0], run[1]);
        assertEquals("maestro: cannot read scenario /nonexistent/x.groovy: no such file", run[1].strip());
        run = run("ping", "--broker", "mqtts://127.0.0.1:1?truststore=/nonexistent/missing.p12");
        assertEquals("2", run[0], run[1]);
        assertEquals(1, run[1].strip().lines().count(), run[1]);
        assertTrue(run[1].startsWith("maestro: cannot use trust store '/nonexistent/missing.p12' for MQTT broker ")
                && run[1].strip().endsWith(": no such file"), run[1]);
    }

    private static void assertOneLine(String line, String... args) {
        String[] run = run(args);
        assertEquals("2", run[0], run[1]);
        assertEquals(line, run[1].strip(), "one line, and nothing else");
    }

    private static final String FIXED_RATE = java.nio.file.Path.of("..", "test-scripts", "fixed-rate.groovy").toString();

    /**
     * "fixed-rate.groovy:N": where the script holds {@code text} (its first line that does), read from the script itself,
     * so that an edit to the script moves the expected line with it.
     */
    private static String at(String text) {
        List<String> lines = scriptLines();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return "fixed-rate.groovy:" + (i + 1);
            }
        }
        throw new AssertionError("fixed-rate.groovy has no line with " + text);
    }

    /** The parameters fixed-rate.groovy reads (its param('NAME', ...) calls), sorted, as the refusal lists them. */
    private static String scriptParameters() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("param\\('(\\w+)'").matcher(String.join("\n", scriptLines()));
        java.util.TreeSet<String> names = new java.util.TreeSet<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return String.join(", ", names);
    }

    private static List<String> scriptLines() {
        try {
            return java.nio.file.Files.readAllLines(java.nio.file.Path.of(FIXED_RATE));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * What the run command cannot honour is refused in one line, exit 2, before any peer is touched: the broker
     * given does not listen, so a run that got that far would say so instead.
     */
    @Test
    void whatARunCannotHonourIsRefusedInOneLineBeforeAnyPeerIsTouched() {
        assertRefused("maestro: unknown parameter 'rat' (did you mean 'rate'?)", "-P", "rat=10");
        assertRefused("maestro: unknown parameter 'nosuch' (the script reads " + scriptParameters() + ")", "-P", "nosuch=1");
        assertRefused("maestro: " + at("param('rate'") + ": -P rate=abc: bad rate 'abc': expected messages per second like 1000"
                + " or 1000/s, or max for as fast as possible", "-P", "rate=abc");
        assertRefused("maestro: " + at("param('rate'") + ": -P rate=1e12: bad rate '1e12': expected messages per second like 1000"
                + " or 1000/s, or max for as fast as possible", "-P", "rate=1e12");
        assertRefused("maestro: " + at("param('rate'") + ": -P rate=20000000: rate 20000000 msg/s is more than the 10000000 msg/s"
                + " a test may ask for; use 'max' to send as fast as possible", "-P", "rate=20000000");
        assertRefused("maestro: " + at("param('connections'") + ": -P connections=100000: connections 100000 is more than the 1000 a"
                + " worker may open", "-P", "connections=100000");
        // A router's AMQP URL where the Jolokia one belongs (issue 22): refused by the inspector's own parser, on its line.
        assertRefused("maestro: " + at("inspector 'jolokia'") + ": -P jolokia=amqp://127.0.0.1:5672: inspector 'jolokia': option management.url:"
                + " bad Jolokia URL 'amqp://127.0.0.1:5672': scheme must be http:// or https://; an amqp:// URL is AMQP management:"
                + " inspector 'amqp-management'", "-P", "jolokia=amqp://127.0.0.1:5672");
        assertRefused("maestro: " + at("inspector 'amqp-management'") + ": -P mgmt=http://127.0.0.1:8161: inspector 'amqp-management': option"
                + " management.url: bad AMQP management URL 'http://127.0.0.1:8161': scheme must be amqp:// or amqps://",
                "-P", "mgmt=http://127.0.0.1:8161");
        // One inspector of several routers: the bad URL of the list is named, by its target, and the -P it came from.
        assertRefused("maestro: " + at("inspector 'amqp-management'") + ": -P mgmt=r1=amqp://127.0.0.1:5672,r2=http://127.0.0.1:8161:"
                + " inspector 'amqp-management': option management.url: target r2: bad AMQP management URL 'http://127.0.0.1:8161':"
                + " scheme must be amqp:// or amqps://", "-P", "mgmt=r1=amqp://127.0.0.1:5672,r2=http://127.0.0.1:8161");
        assertRefused("maestro: " + at("test {") + ": warmup 30s must be shorter than the duration 30s: nothing would be"
                + " measured", "-P", "warmup=30s", "-P", "duration=30s");

        // Once 10 messages under a 5 s warm-up: a run that measured nothing and said p50 0.000.
        assertRefused("maestro: " + at("param('duration'") + ": -P duration=10: bad duration '10': a number needs its unit: 10msg for"
                + " messages or 10s for seconds; expected a message count like 1000000msg or a time like 90s, 10m, 1h30m",
                "-P", "duration=10");
        assertRefused("maestro: " + at("test {") + ": warmup 5s covers the whole duration 1000msg: at 1000 msg/s the senders"
                + " send 5000 messages within it; nothing would be measured", "-P", "warmup=5s", "-P", "duration=1000msg");
    }

    @Test
    void aPasswordInAParamIsNamedWithWhereItBelongsAndNotShown() {
        String[] run = run("run", FIXED_RATE, "--broker", "mqtt://127.0.0.1:1", "-P", "url=amqp://qe:Plover-Secret-3@sut:5672/q",
                "-P", "nosuch=1");
        assertEquals("2", run[0], run[1]);
        List<String> lines = run[1].strip().lines().toList();
        assertEquals("maestro: warning: -P url holds a password, which every user of this host can read in ps; give it in"
                + " --params-file FILE (NAME=VALUE lines, mode 0600) instead", lines.get(0));
        assertEquals(2, lines.size(), run[1]);
        assertTrue(!run[1].contains("Plover-Secret-3"), run[1]);
    }

    private static void assertRefused(String line, String... params) {
        List<String> args = new java.util.ArrayList<>(List.of("run", FIXED_RATE, "--broker", "mqtt://127.0.0.1:1"));
        args.addAll(List.of(params));
        String[] run = run(args.toArray(String[]::new));
        assertEquals("2", run[0], run[1]);
        assertEquals(line, run[1].strip(), "one line, and nothing else");
    }

    /** {exit code, what the command printed on stderr}. */
    private static String[] run(String... args) {
        return run(false, args);
    }

    /** {exit code, what the command printed on stdout}. */
    private static String[] runOut(String... args) {
        return run(true, args);
    }

    private static String[] run(boolean stdout, String... args) {
        PrintStream saved = stdout ? System.out : System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream to = new PrintStream(captured, true, StandardCharsets.UTF_8);
        if (stdout) {
            System.setOut(to);
        } else {
            System.setErr(to);
        }
        try {
            int code = MaestroMain.execute(args);
            return new String[]{Integer.toString(code), captured.toString(StandardCharsets.UTF_8)};
        } finally {
            if (stdout) {
                System.setOut(saved);
            } else {
                System.setErr(saved);
            }
        }
    }
}
