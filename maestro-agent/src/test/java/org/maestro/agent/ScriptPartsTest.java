package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.script.ScriptEnvironment;
import org.maestro.agent.script.RefusedException;
import org.maestro.agent.script.Shebang;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The small parts of a handler run: its command line, its environment names. */
class ScriptPartsTest {

    @Test
    void theCommandLineIsTheFileOrItsShebangFollowedByTheArgumentsAsTheyAre(@TempDir Path dir) throws Exception {
        Path exec = dir.resolve("x.sh");
        Files.writeString(exec, "#!/bin/sh\n");
        exec.toFile().setExecutable(true);
        assertEquals(List.of(exec.toString(), "a b", "$(id)"), Shebang.command(exec, "x.sh", List.of("a b", "$(id)")));

        Path env = dir.resolve("y.py");
        Files.writeString(env, "#!/usr/bin/env  python3 -u \nprint(1)\n");
        assertEquals(List.of("/usr/bin/env", "python3 -u", env.toString(), "z"), Shebang.command(env, "y.py", List.of("z")),
                "as the kernel does: the interpreter, then the rest of the line as one argument");

        Path plain = dir.resolve("z.txt");
        Files.writeString(plain, "echo hi\n");
        RefusedException e = assertThrows(RefusedException.class, () -> Shebang.command(plain, "z.txt", List.of()));
        assertTrue(e.getMessage().contains("is not executable and has no #! line"), e.getMessage());
    }

    @Test
    void optionNamesBecomeEnvironmentNames() {
        assertEquals("MAESTRO_OPTION_AGENT_HANDLER_TIMEOUT", ScriptEnvironment.optionVariable("agent.handler.timeout"));
        assertEquals("MAESTRO_OPTION_SEND_URL", ScriptEnvironment.optionVariable("send.url"));
        assertEquals("MAESTRO_OPTION_A_B_C", ScriptEnvironment.optionVariable("a-b c"));
    }
}
