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
            List.of("--broker", "--name", "--group", "--data-dir", "--data-host", "--data-port", "--keep-alive");

    @Test
    void everyPeerCommandOffersThePeerOptionsAlike() {
        Map<String, String> worker = described(new WorkerMain());
        assertEquals(PEER_OPTIONS.size(), worker.size(), worker.toString());
        assertEquals(worker, described(new InspectorMain()));
        assertEquals(worker, described(new AgentMain()));
        OptionSpec clientBroker = new CommandLine(new MaestroMain()).getSubcommands().get("ping").getCommandSpec().findOption("--broker");
        assertEquals(worker.get("--broker"), described(clientBroker), "the client's --broker is the peers'");
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
