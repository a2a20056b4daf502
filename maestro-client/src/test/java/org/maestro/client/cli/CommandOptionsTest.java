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
        assertTrue(run[1].startsWith("Invalid value for option '--window': bad time '5': a message count, not a time;"
                + " expected a time like 5s"), run[1]);
    }

    @Test
    void aDiscoveryTimeoutOfZeroIsAUsageErrorThatSaysSo() {
        String[] run = run("run", "no-such-script.groovy", "--discovery-timeout", "0");
        assertEquals("2", run[0]);
        assertTrue(run[1].startsWith("Invalid value for option '--discovery-timeout': bad time '0': must be more than zero;"
                + " expected a time like 10s"), run[1]);
    }

    private static final String FIXED_RATE = java.nio.file.Path.of("..", "test-scripts", "fixed-rate.groovy").toString();

    /**
     * What the run command cannot honour is refused in one line, exit 2, before any peer is touched: the broker
     * given does not listen, so a run that got that far would say so instead.
     */
    @Test
    void whatARunCannotHonourIsRefusedInOneLineBeforeAnyPeerIsTouched() {
        assertRefused("maestro: unknown parameter 'rat' (did you mean 'rate'?)", "-P", "rat=10");
        assertRefused("maestro: unknown parameter 'nosuch' (the script reads connections, duration, jolokia, p99, rate, receivers,"
                + " senders, size, sut, url, warmup, warmupMax, warmupSendDelay)", "-P", "nosuch=1");
        assertRefused("maestro: fixed-rate.groovy:9: -P rate=abc: bad rate 'abc': expected messages per second like 1000"
                + " or 1000/s, or max for as fast as possible", "-P", "rate=abc");
        assertRefused("maestro: fixed-rate.groovy:9: -P rate=1e12: bad rate '1e12': expected messages per second like 1000"
                + " or 1000/s, or max for as fast as possible", "-P", "rate=1e12");
        assertRefused("maestro: fixed-rate.groovy:9: -P rate=20000000: rate 20000000 msg/s is more than the 10000000 msg/s"
                + " a test may ask for; use 'max' to send as fast as possible", "-P", "rate=20000000");
        assertRefused("maestro: fixed-rate.groovy:16: -P connections=100000: connections 100000 is more than the 1000 a"
                + " worker may open", "-P", "connections=100000");
        assertRefused("maestro: fixed-rate.groovy:4: warmup 30s must be shorter than the duration 30s: nothing would be"
                + " measured", "-P", "warmup=30s", "-P", "duration=30s");

        // Once 10 messages under a 5 s warm-up: a run that measured nothing and said p50 0.000.
        assertRefused("maestro: fixed-rate.groovy:10: -P duration=10: bad duration '10': a number needs its unit: 10msg for"
                + " messages or 10s for seconds; expected a message count like 1000000msg or a time like 90s, 10m, 1h30m",
                "-P", "duration=10");
        assertRefused("maestro: fixed-rate.groovy:4: warmup 5s covers the whole duration 1000msg: at 1000 msg/s the senders"
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
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = MaestroMain.execute(args);
            return new String[]{Integer.toString(code), err.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setErr(saved);
        }
    }
}
