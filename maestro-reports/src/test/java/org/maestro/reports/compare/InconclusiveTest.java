package org.maestro.reports.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reports.Json;
import org.maestro.results.ComparisonJson;
import org.maestro.results.Summary;

/**
 * "Inconclusive": a headline metric the rule called neither worse nor better whose smallest detectable change is above
 * the floor; kept apart from "not judged", never over "worse"; what tonight's repeated runs do to it; how junit.xml shows it.
 */
class InconclusiveTest {
    private static final Summary EMPTY = Json.MAPPER.convertValue(Json.MAPPER.createObjectNode(), Summary.class);
    private static final List<Metric> METRICS = Metric.of(EMPTY, EMPTY);
    private static final Metric RECEIVE = metric("receive rate");
    private static final Metric SERVICE_P50 = metric("service time p50");
    /** Mean 100, standard deviation 1.7638 msg/s: alone in its family, the smallest detectable fall is 5.22 %. */
    private static final double[] TEN = {100, 102, 98, 101, 99, 100, 103, 97, 100, 100};

    @TempDir
    Path tmp;

    private static Metric metric(String name) {
        return METRICS.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    private static MetricVerdict judged(MetricChange c) {
        return FalseAlarmRule.FAMILY_WISE.judge(List.of(c)).get(0);
    }

    @Test
    void sameButASmallestDetectableChangeAboveTheFloorIsInconclusive() {
        MetricVerdict v = judged(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05));
        assertEquals(MetricVerdict.INCONCLUSIVE, v.verdict());
        assertTrue(v.basis().startsWith("inconclusive: the smallest detectable fall is 5.219 %, above the 5 % floor"), v.basis());
        // The same change on a metric no nightly is judged by stays "same": only headline metrics are inconclusive.
        assertEquals(MetricVerdict.SAME, judged(MetricChange.of(SERVICE_P50, TEN, nan(10), 100, Double.NaN, 0.05)).verdict());
        // A floor the noise allows: same.
        assertEquals(MetricVerdict.SAME, judged(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.06)).verdict());
    }

    @Test
    void tonightsRepeatedRunsBringTheSmallestDetectableChangeDown() {
        // Two runs of tonight: s · √(1/2 + 1/10) = 1.3662, t(0.99; 9) · 1.3662 = 3.855 msg/s, under the 5 % floor.
        MetricChange two = MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05, null, 2);
        assertEquals(1.7638 * Math.sqrt(0.6), two.noise(), 1e-4);
        assertEquals(MetricVerdict.SAME, judged(two).verdict());
        // Tonight's mean: the mean of the figures, the noise of a mean (√(Σ σ²) / r).
        Comparison.Reading mean = Comparison.Reading.mean(RECEIVE, List.of(new Comparison.Reading(100, 3, null),
                new Comparison.Reading(102, 4, "b measured 2 whole s")));
        assertEquals(101, mean.value(), 1e-12);
        assertEquals(2.5, mean.noise(), 1e-12);
        assertEquals("b measured 2 whole s", mean.tooFewSlices());
    }

    @Test
    void worseStaysWorse() {
        // Beyond the threshold: worse, however far above the floor the smallest detectable change is.
        assertEquals(MetricVerdict.WORSE, judged(MetricChange.of(RECEIVE, TEN, nan(10), 90, Double.NaN, 0.05)).verdict());
        MetricVerdict worse = judged(MetricChange.of(RECEIVE, TEN, nan(10), 90, Double.NaN, 0.05));
        MetricVerdict inconclusive = judged(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05));
        MetricVerdict same = judged(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.06));
        MetricVerdict better = judged(MetricChange.of(RECEIVE, TEN, nan(10), 110, Double.NaN, 0.05));
        assertEquals(MetricVerdict.BETTER, better.verdict());
        assertEquals(MetricVerdict.WORSE, Comparison.overall(null, List.of(inconclusive, worse, same)));
        assertEquals(MetricVerdict.INCONCLUSIVE, Comparison.overall(null, List.of(better, inconclusive, same)));
        assertEquals(MetricVerdict.BETTER, Comparison.overall(null, List.of(better, same)));
        assertEquals(Comparison.NOT_COMPARABLE, Comparison.overall("the rate differs", List.of(inconclusive)));
    }

    @Test
    void whatCannotBeJudgedIsNotInconclusive() {
        // No baseline value: nothing to compare.
        assertEquals(MetricVerdict.NEW, judged(MetricChange.of(RECEIVE, nan(3), nan(3), 100, Double.NaN, 0.05)).verdict());
        // One baseline and runs too short to show their noise, a change beyond the floor: not judged.
        MetricChange tooShort = MetricChange.of(RECEIVE, new double[] {100}, nan(1), 80, Double.NaN, 0.03,
                "tonight measured 2 whole s");
        assertEquals(MetricVerdict.NOT_JUDGED, judged(tooShort).verdict());
        assertEquals(MetricVerdict.NOT_JUDGED, Comparison.overall(null, List.of(judged(tooShort),
                judged(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05)))));
        // Fewer baselines than measure the spread: its doubled floor decides, the verdict stays same.
        assertEquals(MetricVerdict.SAME, judged(MetricChange.of(RECEIVE, new double[] {100, 104, 96}, nan(3), 100, Double.NaN,
                0.03)).verdict());
    }

    @Test
    void junitSkipsAnInconclusiveMetricUnlessItFailsTheRun() throws Exception {
        ComparisonJson.MetricResult m = new ComparisonJson.MetricResult("receive rate", "msg/s", true, 100.0, null, 100.0, 0.0,
                0.0, 9.0, 0.01, "inconclusive: the smallest detectable fall is 9 %", MetricVerdict.INCONCLUSIVE);
        ComparisonJson c = new ComparisonJson("tonight", "t", "b", List.of(), MetricVerdict.INCONCLUSIVE, "m",
                new ComparisonJson.Rule(true, 0.01, 1, "rule"), List.of(m), List.of(), null, List.of(), List.of());
        Path junit = tmp.resolve("junit.xml");
        JunitComparison.addTo(junit, c, Duration.ZERO, false);
        String xml = Files.readString(junit);
        assertTrue(xml.contains("<skipped message=\"receive rate: "), xml);
        assertTrue(xml.contains("skipped=\"1\"") && xml.contains("failures=\"0\""), xml);
        JunitComparison.addTo(junit, c, Duration.ZERO, true);
        xml = Files.readString(junit);
        assertFalse(xml.contains("<skipped"), xml);
        assertTrue(xml.matches("(?s).*<failure message=\"receive rate: [^\"]*: inconclusive\".*"), xml);
        assertTrue(xml.contains("failures=\"1\""), xml);
    }
}
