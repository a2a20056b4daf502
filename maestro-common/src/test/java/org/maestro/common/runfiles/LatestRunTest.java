package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** runs/latest names the run that ended last, one line, replaced whole; a pipeline reads it without parsing the console. */
class LatestRunTest {
    @Test
    void latestNamesTheRunThatEndedLastAndLeavesNothingElseBehind(@TempDir Path runs) throws Exception {
        assertEquals(Optional.empty(), RunLayout.latestRun(runs));
        Path first = Files.createDirectories(runs.resolve("20261127-020000-nightly"));
        Path second = Files.createDirectories(runs.resolve("20261128-020000-nightly"));
        RunLayout.pointLatestAt(runs, first);
        assertEquals(Optional.of(first), RunLayout.latestRun(runs));
        RunLayout.pointLatestAt(runs, second);
        assertEquals("20261128-020000-nightly\n", Files.readString(runs.resolve(RunLayout.LATEST)));
        assertEquals(Optional.of(second), RunLayout.latestRun(runs));
        try (Stream<Path> all = Files.list(runs)) {
            assertEquals(3, all.count(), "the two runs and latest; no temporary file left");
        }
    }

    @Test
    void aDirectoryOutsideTheRunsIsRefused(@TempDir Path tmp) throws Exception {
        Path runs = Files.createDirectories(tmp.resolve("runs"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/20261127-020000-x"));
        assertThrows(IllegalArgumentException.class, () -> RunLayout.pointLatestAt(runs, elsewhere));
    }
}
