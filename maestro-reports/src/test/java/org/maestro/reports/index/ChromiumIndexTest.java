package org.maestro.reports.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.reports.page.ChromiumReportTest.attribute;
import static org.maestro.reports.page.ChromiumReportTest.bodyAttributes;
import static org.maestro.reports.page.ChromiumReportTest.count;
import static org.maestro.reports.page.ChromiumReportTest.dumpDom;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reports.page.ChromiumReportTest;
import org.maestro.reports.RunsFixture;
import org.maestro.reports.serve.RunsServer;
import org.maestro.common.testing.Integration;

/**
 * The run index in real headless Chromium, from {@code file://} (index.html as {@code maestro report --index}
 * writes it) and over HTTP from {@code maestro serve}: both trend charts drawn, no script or console error,
 * a row and the right links per run.
 */
@Integration
class ChromiumIndexTest {
    @TempDir
    Path tmp;

    private RunsFixture runs;

    @BeforeEach
    void writeRuns() throws Exception {
        runs = RunsFixture.write(tmp.resolve("runs"));
    }

    @Test
    void indexRendersFromAFile() throws Exception {
        assertRendered(dumpDom(RunIndex.build(runs.dir)));
    }

    @Test
    void indexRendersOverHttp() throws Exception {
        try (RunsServer server = RunsServer.start(runs.dir, "127.0.0.1", 0)) {
            assertRendered(dumpDom("http://127.0.0.1:" + server.port() + "/"));
        }
    }

    @Test
    void aFilterInTheAddressShowsOnlyTheMatchingRuns() throws Exception {
        String dom = dumpDom(RunIndex.build(runs.dir).toUri() + "#filter=nightly%20failed");
        assertEquals("", attribute(bodyAttributes(dom), "data-errors"));
        assertTrue(dom.contains(">1 of 7 shown<"), "one nightly run failed: " + ChromiumReportTest.head(dom.substring(dom.indexOf("<main"))));
        assertEquals(6, count(dom, "style=\"display: none;\""), "the others hidden");
    }

    private static void assertRendered(String dom) {
        String body = bodyAttributes(dom);
        assertEquals("", attribute(body, "data-errors"), "no script or console error in the page");
        assertEquals("2", attribute(body, "data-charts-expected"));
        assertEquals("2", attribute(body, "data-charts-rendered"), "both trend charts rendered");
        assertEquals(2, count(dom, "data-rendered=\"1\""), "every canvas drawn by Chart.js");
        assertEquals(RunsFixture.LISTED_IN_ORDER.size(), count(dom, "class=\"run-row\""), "a row per run");
        int previous = -1;
        for (String dir : RunsFixture.LISTED_IN_ORDER) {
            int at = dom.indexOf("data-dir=\"" + dir + "\"");
            assertTrue(at > previous, dir + " after the runs newer than it");
            previous = at;
        }
        assertTrue(dom.contains("href=\"" + RunsFixture.NEWEST + "/report.html\""), "the report linked");
        assertTrue(dom.contains("href=\"20261114-020000-latency%20probe/\""), "the directory linked, percent-encoded");
        assertTrue(dom.contains("href=\"" + RunsFixture.FAILED + "/comparison.html\""), "the comparison linked");
        assertTrue(dom.contains("class=\"badge worse\""), "the comparison's verdict shown");
        assertTrue(dom.contains("class=\"badge failed\"") && dom.contains("class=\"badge passed\""), "verdict badges");
        assertTrue(dom.contains("unreadable: "), "the unreadable summary says so");
        assertTrue(dom.contains("id=\"run-filter\""), "the filter box");
    }
}
