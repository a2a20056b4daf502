package org.maestro.client.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The suite JUnit file of a script of several tests, from runs' junit.xml files as RunFilesWriter and compare write them. */
class SuiteJunitTest {
    @TempDir
    Path runs;

    @Test
    void eachRunsSuitesAreKeptAndARunWithoutJunitIsAnError() throws Exception {
        Path a = Files.createDirectories(runs.resolve("20260101-120000-a"));
        Files.writeString(a.resolve(RunLayout.JUNIT_XML), "<?xml version=\"1.0\"?><testsuite name=\"maestro.a\" tests=\"2\""
                + " failures=\"1\" errors=\"0\" skipped=\"0\"><testcase name=\"loss == 0\"><failure message=\"lost 3\"/></testcase>"
                + "<testcase name=\"sender\"/></testsuite>");
        // Compared with a baseline: its junit.xml is <testsuites> with the run's suite and the baseline's.
        Path b = Files.createDirectories(runs.resolve("20260101-120010-b"));
        Files.writeString(b.resolve(RunLayout.JUNIT_XML), "<testsuites><testsuite name=\"maestro.b\" tests=\"1\" failures=\"0\""
                + " errors=\"0\" skipped=\"1\"><testcase name=\"c\"><skipped/></testcase></testsuite><testsuite"
                + " name=\"maestro.b.baseline\" tests=\"3\" failures=\"0\" errors=\"0\" skipped=\"0\"/></testsuites>");
        Path c = Files.createDirectories(runs.resolve("20260101-120020-c"));

        Path suite = SuiteJunit.write(runs, LocalDateTime.of(2026, 1, 1, 12, 0), "matrix.groovy", List.of(a, b, c));
        assertEquals("20260101-120000-matrix" + RunLayout.SUITE_JUNIT_SUFFIX, suite.getFileName().toString());
        String xml = Files.readString(suite);
        assertTrue(xml.contains("<testsuites errors=\"1\" failures=\"1\" name=\"maestro.matrix\" skipped=\"1\" tests=\"7\">"), xml);
        assertTrue(xml.contains("<failure message=\"lost 3\"/>"), xml);
        assertTrue(xml.contains("name=\"maestro.b.baseline\""), xml);
        assertTrue(xml.contains("name=\"maestro.20260101-120020-c\"") && xml.contains("the run wrote no junit.xml"), xml);
        assertEquals(4, xml.split("<testsuite ", -1).length - 1, xml);
    }
}
