package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.maestro.common.util.SystemInfo;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MaestroVersionTest {
    @Test
    void maestroVersionPrintsTheBuildsVersionThatSystemJsonGives() {
        String[] printed = new CommandLine(new MaestroMain()).getCommandSpec().version();
        assertArrayEquals(new String[]{"maestro " + SystemInfo.maestroVersion()}, printed);
        assertTrue(printed[0].matches("maestro \\d+\\.\\d+\\.\\d+.*"), "the build's version, not 'unknown': " + printed[0]);
    }
}
