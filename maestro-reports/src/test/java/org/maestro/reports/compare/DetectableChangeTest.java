package org.maestro.reports.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.maestro.reports.Json;
import org.maestro.results.Summary;

/** The smallest detectable change against hand-computed cases, and the rule calling it (and not less) worse. */
class DetectableChangeTest {
    private static final Summary EMPTY = Json.MAPPER.convertValue(Json.MAPPER.createObjectNode(), Summary.class);
    private static final List<Metric> METRICS = Metric.of(EMPTY, EMPTY);
    private static final Metric RECEIVE = metric("receive rate");
    private static final Metric SEND = metric("send rate");
    private static final Metric P99 = metric("response time p99");
    /** Mean 100, standard deviation √(28 / 9) = 1.7638 msg/s. */
    private static final double[] TEN = {100, 102, 98, 101, 99, 100, 103, 97, 100, 100};

    private static Metric metric(String name) {
        return METRICS.stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    @Test
    void tenBaselinesAtOnePercent() {
        MetricChange c = MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05);
        DetectableChange d = FalseAlarmRule.FAMILY_WISE.detectable(List.of(c)).get(0);
        // One metric judged: α = 1 %; t(0.99; 9) = 2.8214; σ = 1.7638 · √(1 + 1/10) = 1.8499; MDE = 5.2194 msg/s.
        assertEquals(0.01, d.level(), 1e-15);
        assertEquals(5.2194, d.change(), 1e-3);
        assertEquals(5.2194, d.percent(), 1e-3);
        assertEquals("fall", d.worse());
        // Under the 5 % floor needs t(0.99; n - 1) · √(1 + 1/n) <= 5 / 1.7638 = 2.8347: n = 11 gives 2.7638 · 1.0445 =
        // 2.887, n = 12 gives 2.7181 · 1.0408 = 2.8291.
        assertEquals(12, d.needed());
        assertEquals("receive rate: smallest detectable fall 5.2 % at 1 %, above its 5 % floor: 2 more baselines (12 in all) "
                + "would bring it there, if the runs' spread stays 1.764 msg/s", d.text());
        // The rule itself: a fall just beyond the MDE is worse; one just within it is not called, and since the MDE is
        // above the 5 % floor, a fall of the size that counts could hide there: inconclusive, not same.
        assertEquals(MetricVerdict.WORSE, verdict(MetricChange.of(RECEIVE, TEN, nan(10), 100 - 5.23, Double.NaN, 0.05)));
        assertEquals(MetricVerdict.INCONCLUSIVE, verdict(MetricChange.of(RECEIVE, TEN, nan(10), 100 - 5.21, Double.NaN, 0.05)));
        // With a 6 % floor the same baselines see a fall of the size that counts: same.
        assertEquals(MetricVerdict.SAME, verdict(MetricChange.of(RECEIVE, TEN, nan(10), 100 - 5.21, Double.NaN, 0.06)));
    }

    private static String verdict(MetricChange c) {
        return FalseAlarmRule.FAMILY_WISE.judge(List.of(c)).get(0).verdict();
    }

    @Test
    void holmsFirstStepWithTwoMetricsAndAFloorThatDecides() {
        List<MetricChange> two = List.of(MetricChange.of(RECEIVE, TEN, nan(10), 100, Double.NaN, 0.05),
                MetricChange.of(SEND, TEN, nan(10), 100, Double.NaN, 0.07));
        List<DetectableChange> d = FalseAlarmRule.FAMILY_WISE.detectable(two);
        // α = 1 % / 2; t(0.995; 9) = 3.2498; MDE = 3.2498 · 1.8499 = 6.0118.
        assertEquals(0.005, d.get(0).level(), 1e-15);
        assertEquals(6.0118, d.get(0).change(), 1e-3);
        // The send rate's floor, 7 %, is above 6.01: the floor decides, and more baselines would not lower it.
        assertEquals(7, d.get(1).percent(), 1e-9);
        assertNull(d.get(1).needed());
        assertEquals("send rate: smallest detectable fall 7 % at 0.5 % = 1 % / 2 (its floor)", d.get(1).text());
    }

    @Test
    void oneBaselineOfALatencyAndNoisySlices() {
        // One baseline of p99 10 ms: the known run-to-run spread λ = 0.365, of a difference 0.365 · √2 = 0.5162, at
        // z(0.99) = 2.3263: a rise of e^(1.2009) - 1 = 232.3 %; the slices' σ = 0.1 · √2 gives only 0.33 ms, the
        // doubled floor 3 ms.
        MetricChange c = MetricChange.of(P99, new double[] {10}, new double[] {0.1}, 10, 0.1, P99.relativeFloor());
        DetectableChange d = FalseAlarmRule.FAMILY_WISE.detectable(List.of(c)).get(0);
        assertEquals("rise", d.worse());
        assertEquals(232.3, d.percent(), 0.1);
        assertNull(d.needed());
        assertTrue(d.text().endsWith("above its 15 % floor: no number of baselines would: the run-to-run spread (3.65 ms) "
                + "keeps it above"), d.text());
        // Ten quiet baselines, but each run's slices spread 3 msg/s: z · 3 = 7 % > 5 %; only longer runs help.
        MetricChange slices = MetricChange.of(RECEIVE, TEN, new double[] {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, 100, 0, 0.05);
        DetectableChange s = FalseAlarmRule.FAMILY_WISE.detectable(List.of(slices)).get(0);
        assertEquals(2.8214 * 3, s.change(), 1e-3);
        // z(0.99) · 3 / 5 = 1.3958: runs 1.3958² = 1.948, 2 times as long.
        assertTrue(s.text().endsWith("no number of baselines would: the spread within the runs (3 msg/s) keeps it above; "
                + "runs 2 times as long would bring it down, if that spread falls as 1/\u221a(duration)"), s.text());
    }
}
