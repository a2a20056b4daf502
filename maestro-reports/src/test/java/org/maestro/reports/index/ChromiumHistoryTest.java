package org.maestro.reports.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.reports.page.ChromiumReportTest.attribute;
import static org.maestro.reports.page.ChromiumReportTest.bodyAttributes;
import static org.maestro.reports.page.ChromiumReportTest.count;
import static org.maestro.reports.page.ChromiumReportTest.dumpDom;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.Integration;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.compare.Comparison;
import org.maestro.results.ComparisonJson;
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
        // The last night judged against the four slow nights before it: its row says how small a change it could see.
        List<Path> nights = HistoryFixture.nights(runs);
        Comparison.of(nights.subList(nights.size() - 5, nights.size() - 1), nights.get(nights.size() - 1), null).write();
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
        assertTrue(dom.matches("(?s).*class=\"note detectable\">smallest detectable: receive rate fall [0-9.]+ %.*"),
                "the compared night's row names its smallest detectable changes");

        // Its comparison.html shows the rule's false alarms measured on those four baselines beside the verdicts.
        Path page = nights.get(nights.size() - 1).resolve(Comparison.HTML_FILE);
        String measured = ReportHtml.data(page).path("comparison").path("rule").path("measured").path("text").asText();
        assertTrue(measured.startsWith("measured false alarms: ") && measured.contains(" of 4 comparisons"), measured);
        String comparisonDom = dumpDom(page);
        assertEquals("", attribute(bodyAttributes(comparisonDom), "data-errors"), "no script or console error in comparison.html");
        assertTrue(comparisonDom.contains("id=\"measured-false-alarms\">The rule\u2019s " + HtmlPage.escapeHtml(measured) + "<"),
                "comparison.html: " + measured);
        // Its baselines are named by their builds, in comparison.json and on the page.
        List<String> builds = ComparisonJson.read(nights.get(nights.size() - 1).resolve(ComparisonJson.FILE)).baselines().stream()
                .map(ComparisonJson.BaselineRun::build).toList();
        assertEquals(List.of("408", "409", "410", "411"), builds);
        assertTrue(comparisonDom.contains(">20261108-020000-nightly \u00b7 build 408<"), "the baseline of build 408 named so");
    }

    /**
     * The index as Chromium shows it, saved as target/screenshots/runs-index-change-points.png: the change point's
     * dashed line is on the screen, a column of its red as tall as most of the chart; the same nights without the slow
     * ones (no change point) show no such column.
     */
    @Test
    void theChangePointIsOnTheScreenshot() throws Exception {
        Path runs = HistoryFixture.write(tmp.resolve("runs"));
        Path steady = HistoryFixture.write(tmp.resolve("steady"), HistoryFixture.STEADY);
        int marked = tallestRedColumn(ChromiumReportTest.screenshot(RunIndex.build(runs),
                Path.of("target", "screenshots", "runs-index-change-points.png"), 1400, 1800));
        int unmarked = tallestRedColumn(ChromiumReportTest.screenshot(RunIndex.build(steady),
                Path.of("target", "screenshots", "runs-index-steady.png"), 1400, 1800));
        assertTrue(marked >= 60, "a dashed red line down the receive rate's chart: tallest red column " + marked + " px");
        assertTrue(unmarked < marked / 3, "no change point, no line: tallest red column " + unmarked + " px against " + marked);
    }

    /** The most pixels of the change point's red (#c62828, give or take antialiasing) in any one column of {@code image}. */
    static int tallestRedColumn(BufferedImage image) {
        int tallest = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            int n = 0;
            for (int y = 0; y < image.getHeight(); y++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                n += r > 150 && g < 110 && b < 110 ? 1 : 0;
            }
            tallest = Math.max(tallest, n);
        }
        return tallest;
    }
}
