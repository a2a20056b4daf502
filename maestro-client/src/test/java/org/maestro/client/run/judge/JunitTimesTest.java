package org.maestro.client.run.judge;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.JunitSchema;
import org.maestro.results.Summary;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * junit.xml as a Jenkins pipeline reads it: valid against the JUnit schema for every verdict, and timed: the suite and
 * each test case carry the run's wall time from summary.json's start to its end, in seconds; a summary without an end
 * carries no time rather than a made-up one.
 */
class JunitTimesTest {
    private static final String START = "2026-11-27T02:00:00.000Z";
    private static final String END = "2026-11-27T02:01:12.345Z";
    private static final Summary.Latency LATENCY = new Summary.Latency(100, 1, 2, 3, 4, 5);
    private static final Summary.PeerResult SENDER = Summary.PeerResult.builder().name("sender-1").role("sender")
            .host("lab-1")
            .messages(100L).rate(10.0).sendDelay(LATENCY).ok(true).end("sent 100").files(List.of()).build();
    private static final Summary.PeerResult RECEIVER = Summary.PeerResult.builder().name("receiver-1").role("receiver")
            .host("lab-2").messages(90L).rate(9.0).responseTime(LATENCY).serviceTime(LATENCY).lost(10L).duplicated(0L)
            .outOfOrder(0L).ok(false).end("failed: lost 10").files(List.of()).build();
    private static final List<Summary.Check> CHECKS = List.of(new Summary.Check("p99 latency < 100 ms", true, "3 ms", "100 ms"),
            new Summary.Check("loss == 0", false, "10", "0"), Summary.Check.notEvaluated("rate >= 95 %", "no rate log", "95 %"));

    @Test
    void everyVerdictGivesValidJunitWithTheRunsWallTimeOnTheSuiteAndEachCase(@TempDir Path run) throws Exception {
        for (String verdict : List.of(Summary.PASSED, Summary.FAILED, Summary.ERROR, Summary.INTERRUPTED)) {
            RunFilesWriter.write(summary(verdict, END), run);
            Path junit = run.resolve(RunLayout.JUNIT_XML);
            JunitSchema.check(junit);
            Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
            assertEquals("72.345", suite.getAttribute("time"), verdict);
            NodeList cases = suite.getElementsByTagName("testcase");
            int expected = CHECKS.size() + 2 + (verdict.equals(Summary.ERROR) || verdict.equals(Summary.INTERRUPTED) ? 1 : 0);
            assertEquals(expected, cases.getLength(), verdict);
            for (int i = 0; i < cases.getLength(); i++) {
                Element c = (Element) cases.item(i);
                assertEquals("72.345", c.getAttribute("time"), verdict + ": " + c.getAttribute("name"));
            }
        }
    }

    @Test
    void aSummaryWithoutAnEndHasNoTime(@TempDir Path run) throws Exception {
        RunFilesWriter.write(summary(Summary.ERROR, null), run);
        Path junit = run.resolve(RunLayout.JUNIT_XML);
        JunitSchema.check(junit);
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile()).getDocumentElement();
        assertFalse(suite.hasAttribute("time"));
        assertFalse(((Element) suite.getElementsByTagName("testcase").item(0)).hasAttribute("time"));
    }

    @Test
    void theSchemaRefusesWhatJenkinsCouldNotRead(@TempDir Path run) throws Exception {
        Path bad = run.resolve(RunLayout.JUNIT_XML);
        java.nio.file.Files.writeString(bad, "<testsuite name=\"x\" tests=\"1\" failures=\"0\" errors=\"0\" time=\"1,5\">"
                + "<testcase name=\"a\"/></testsuite>");
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> JunitSchema.check(bad));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("1,5"), e.getMessage());
    }

    private static Summary summary(String verdict, String end) {
        Summary.Totals totals = new Summary.Totals(100L, 90L, 10L, 0L, 0L, 10.0, 9.0, LATENCY, LATENCY, LATENCY);
        return Summary.builder().testId("20261127-020000-nightly").name("nightly").description("").start(START).end(end)
                .parameters(Map.of()).peers(List.of(SENDER, RECEIVER)).totals(totals).checks(CHECKS).verdict(verdict)
                .reasons(List.of("loss == 0: measured 10")).build();
    }
}
