package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The run directory's name is spelled in one place: the client names runs and incremental tests, the index reads it back. */
class RunLayoutTest {
    private static final LocalDateTime START = LocalDateTime.of(2026, 11, 27, 5, 4, 3);

    @Test
    void aRunIsNamedByItsStartAndItsCleanedName() {
        assertEquals("20261127-050403-fixed-rate", RunLayout.runDirName(START, "fixed-rate"));
        // An incremental test's top directory once kept the name as written: "a b/c" made a sub-directory.
        assertEquals("20261127-050403-a_b_c_.._x", RunLayout.runDirName(START, "a b/c/../x"));
    }

    @Test
    void theStartIsReadBackFromTheName() {
        assertEquals(Optional.of(START), RunLayout.runDirStart(RunLayout.runDirName(START, "x")));
        assertEquals(Optional.empty(), RunLayout.runDirStart("my-run"));
        assertEquals(Optional.empty(), RunLayout.runDirStart("20261399-999999-x"));
    }
}
