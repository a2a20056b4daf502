package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** maestro history's and run --tag's refusals: one line naming what was wrong, exit 2, before anything runs. */
class HistoryCommandTest {
    @TempDir
    Path tmp;

    @Test
    void aRunsDirectoryThatDoesNotExistOrATestWithoutRunsIsOneLine() throws Exception {
        Path missing = tmp.resolve("no-runs");
        assertEquals("2 maestro history: " + missing + " is not a directory of runs", errorOf("history", missing.toString()));
        Files.createDirectories(tmp.resolve("runs/20261205-020000-killed"));
        assertEquals("2 maestro history: no run of test 'nightly' in " + tmp.resolve("runs"),
                errorOf("history", tmp.resolve("runs").toString(), "--test", "nightly"));
    }

    @Test
    void aTagWithoutAValueIsRefusedBeforeTheScriptRuns() {
        assertEquals("2 maestro: --tag build=: give a value (e.g. --tag build=412)",
                errorOf("run", "../test-scripts/fixed-rate.groovy", "--local", "--tag", "build=", "--runs", tmp.toString()));
    }

    /** "EXIT_CODE STDERR" of {@code maestro args...}, stderr stripped. */
    private static String errorOf(String... args) {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = MaestroMain.execute(args);
            return code + " " + captured.toString(StandardCharsets.UTF_8).strip();
        } finally {
            System.setErr(saved);
        }
    }
}
