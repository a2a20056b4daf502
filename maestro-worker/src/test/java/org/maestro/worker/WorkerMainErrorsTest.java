package org.maestro.worker;

import org.junit.jupiter.api.Test;
import org.maestro.common.cli.OneLineErrors;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The worker's own main class, as {@code java -cp … org.maestro.worker.WorkerMain} runs it: one line, exit 2. */
class WorkerMainErrorsTest {
    @Test
    void aBadBrokerUrlIsOneLineAndExit2NotAStackTrace() {
        StringWriter err = new StringWriter();
        CommandLine cl = OneLineErrors.of(new CommandLine(new WorkerMain()), "maestro-worker").setErr(new PrintWriter(err, true));
        int code = cl.execute("--role", "sender", "--name", "s-1", "--broker", "mqtt://qe:Heron-Secret-9@127.0.0.1:1?bogus=1");
        assertEquals(2, code, err.toString());
        String text = err.toString().strip();
        assertEquals(1, text.lines().count(), text);
        assertEquals(true, text.startsWith("maestro-worker: "), text);
        assertFalse(text.contains("Heron-Secret-9") || text.contains("\tat "), text);
    }

    @Test
    void aCountOutOfRangeIsOneLineNamingItAndExit2BeforeAnythingStarts() {
        for (String[] bad : new String[][]{{"0", "--count must be 1..1000, not 0"}, {"1001", "--count must be 1..1000, not 1001"},
                {"-3", "--count must be 1..1000, not -3"}}) {
            StringWriter err = new StringWriter();
            CommandLine cl = OneLineErrors.of(new CommandLine(new WorkerMain()), "maestro-worker").setErr(new PrintWriter(err, true));
            // An unreachable broker: the count is refused before any connection is tried.
            int code = cl.execute("--role", "sender", "--name", "s", "--broker", "mqtt://127.0.0.1:1", "--count", bad[0]);
            assertEquals(2, code, err.toString());
            assertEquals("maestro-worker: " + bad[1], err.toString().strip());
        }
        StringWriter err = new StringWriter();
        CommandLine cl = OneLineErrors.of(new CommandLine(new WorkerMain()), "maestro-worker").setErr(new PrintWriter(err, true));
        assertEquals(2, cl.execute("--role", "sender", "--name", "s", "--broker", "mqtt://127.0.0.1:1", "--count", "10",
                "--data-port", "65530"));
        assertEquals("maestro-worker: --data-port 65530 with --count 10 would need ports past 65535", err.toString().strip());
    }
}
