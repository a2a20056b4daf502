package org.maestro.common.cli;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A typo is answered with the name it most likely meant, and a word that is no typo with none. */
class NearestNameTest {
    private static final List<String> COMMANDS = List.of("run", "demo", "ping", "stats", "halt", "stop", "report", "serve");

    @Test
    void aSwapADropOrAnExtraLetterFindsTheName() {
        assertEquals(Optional.of("run"), NearestName.of("rnu", COMMANDS));
        assertEquals(Optional.of("stats"), NearestName.of("stat", COMMANDS));
        assertEquals(Optional.of("report"), NearestName.of("reoprt", COMMANDS));
        assertEquals(Optional.of("--local"), NearestName.of("--lcoal", List.of("--local", "--runs", "--broker")));
        assertEquals(1, NearestName.edits("lcoal", "local"));
    }

    @Test
    void aWordThatIsNoTypoFindsNone() {
        assertEquals(Optional.empty(), NearestName.of("frobnicate", COMMANDS));
        assertEquals(Optional.empty(), NearestName.of("xyz", COMMANDS));
    }
}
