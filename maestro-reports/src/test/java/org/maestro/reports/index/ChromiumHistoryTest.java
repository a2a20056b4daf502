package org.maestro.reports.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.reports.page.ChromiumReportTest.attribute;
import static org.maestro.reports.page.ChromiumReportTest.bodyAttributes;
import static org.maestro.reports.page.ChromiumReportTest.count;
import static org.maestro.reports.page.ChromiumReportTest.dumpDom;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.page.ChromiumReportTest;

/**
 * Issue 35: the runs index of a history with a step, in real headless Chromium from {@code file://}: each test's
 * headline trends drawn over its runs, the change point marked on the chart (counted by the page's plugin as it draws
 * it) and named by its build beside the chart.
 */
@Integration
class ChromiumHistoryTest {
    @TempDir
    Path tmp;

    @Test
    void theStepIsMarkedAtItsBuild() throws Exception {
        Path runs = HistoryFixture.write(tmp.resolve("runs"));
        Path index = RunIndex.build(runs);
        int charts = ReportHtml.data(index).path("charts").size();
        String dom = dumpDom(index);
        String body = bodyAttributes(dom);
        assertEquals("", attribute(body, "data-errors"), "no script or console error in the page");
        assertEquals(String.valueOf(charts), attribute(body, "data-charts-rendered"), "every chart rendered");
        assertEquals(charts, count(dom, "data-rendered=\"1\""), "every canvas drawn by Chart.js");

        Matcher rate = Pattern.compile("<h3>nightly: receive rate over its runs</h3>.*?<canvas ([^>]*)>.*?</ul>",
                Pattern.DOTALL).matcher(dom);
        assertTrue(rate.find(), "the receive rate's history chart: " + ChromiumReportTest.head(dom.substring(dom.indexOf("<main"))));
        assertEquals("1", attribute(rate.group(1), "data-change-points-drawn"), "the change point drawn on the chart");
        String mark = rate.group();
        assertTrue(mark.contains("class=\"change-point\" data-run=\"20261108-020000-nightly\""), mark);
        assertTrue(mark.matches("(?s).*>receive rate -(49\\.\\d|50(\\.\\d)?) % at build 408, confidence [^<]+</li>.*"), mark);
        Matcher p99 = Pattern.compile("<h3>nightly: response time p99 over its runs</h3>.*?<canvas ([^>]*)>", Pattern.DOTALL)
                .matcher(dom);
        assertTrue(p99.find(), "the p99's history is drawn too");
    }
}
