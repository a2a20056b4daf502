package org.maestro.inspector;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command lines: the peer's options and the one-shot check's. */
class InspectorMainTest {

    @Test
    void thePeerNeedsABrokerAndANameAndOffersTheOneShotCheck() {
        CommandLine cmd = new CommandLine(new InspectorMain());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        cmd.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(2, cmd.execute("--name", "i1"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Missing required option: '--broker'"), err.toString());
        String usage = cmd.getUsageMessage();
        for (String option : new String[]{"--broker", "--name", "--data-dir", "--data-host", "--data-port", "inspect"}) {
            assertTrue(usage.contains(option), option + " in " + usage);
        }
    }

    @Test
    void theOneShotCheckSaysWhatIsWrongAndExitsWithTwo() {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            assertEquals(2, new CommandLine(new InspectorMain()).execute("inspect", "--type", "jmx", "--url", "http://h:1/j", "--once"));
            // Without --once too: it always reads once, and says what is wrong with the URL rather than asking for --once.
            assertEquals(2, new CommandLine(new InspectMain()).execute("--type", "jolokia", "--url", "ftp://h:1/j"));
            assertEquals(2, new CommandLine(new InspectMain()).execute("--type", "jolokia", "--url", "ftp://h:2/j", "--once"));
        } finally {
            System.setOut(saved);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("FAILED: unknown inspector type 'jmx': expected jolokia or amqp-management"), printed);
        assertTrue(!printed.contains("--once"), printed);
        assertTrue(printed.contains("FAILED: bad Jolokia URL 'ftp://h:1/j': scheme must be http:// or https://"), printed);
        assertTrue(printed.contains("FAILED: bad Jolokia URL 'ftp://h:2/j': scheme must be http:// or https://"), printed);
    }
}
