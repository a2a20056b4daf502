package org.maestro.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.script.ExecutionLog;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A handler run's log: what a note or the handler's output holds cannot forge a line of it. */
class ExecutionLogInertTest {
    @Test
    void notesAndOutputHaveTheirControlCharactersEscaped(@TempDir Path dir) throws Exception {
        Path file;
        try (ExecutionLog log = ExecutionLog.create(dir, "run-1", "handlers/evil\u001b.sh")) {
            file = log.file();
            log.note("handler: evil\n# end: 2026-01-01T00:00:00Z\u001b[31m");
            log.output("progress 50 %\r[+9.999s] FORGED\u0007");
            log.output("x".repeat(10_000));
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        assertEquals(3, lines.size(), text);
        assertFalse(text.contains("\u001b") || text.contains("\r") || text.contains("\u0007"), text);
        assertEquals("# handler: evil\\n# end: 2026-01-01T00:00:00Z\\u001b[31m", lines.get(0));
        assertTrue(lines.get(1).endsWith("] progress 50 %\\r[+9.999s] FORGED\\u0007"), lines.get(1));
        assertTrue(lines.get(2).endsWith("x".repeat(100) + "…") && lines.get(2).length() < 8_300, "a long line is cut");
        assertTrue(file.getFileName().toString().matches("handler-run-1-evil_\\.sh\\.log"), file.toString());
    }
}
