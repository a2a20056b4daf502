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
}
