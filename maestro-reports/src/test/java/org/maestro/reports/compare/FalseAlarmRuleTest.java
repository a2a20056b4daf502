package org.maestro.reports.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.maestro.results.Summary;
import org.maestro.reports.Json;
import org.maestro.results.StudentT;

/** The false-alarm rule's arithmetic: Student's t, Holm's step-down, and what it does to a comparison of 52 metrics. */
class FalseAlarmRuleTest {
    private static final double INF = Double.POSITIVE_INFINITY;
    /** A metric with no floor to speak of (a rate: higher is better, no absolute floor), so the statistics alone decide. */
    private static final Summary EMPTY = Json.MAPPER.convertValue(Json.MAPPER.createObjectNode(), Summary.class);
    private static final Metric RATE = Metric.of(EMPTY, EMPTY).get(0);

    @Test
    void studentTMatchesItsTables() {
        // t(99.5 %) for 1, 4, 9 and 20 degrees of freedom, and the normal distribution's quantiles.
        assertEquals(63.657, StudentT.upperQuantile(0.005, 1), 1e-3);
        assertEquals(4.604, StudentT.upperQuantile(0.005, 4), 1e-3);
        assertEquals(3.250, StudentT.upperQuantile(0.005, 9), 1e-3);
        assertEquals(2.845, StudentT.upperQuantile(0.005, 20), 1e-3);
        assertEquals(4.781, StudentT.upperQuantile(0.0005, 9), 1e-3);
        assertEquals(2.5758, StudentT.upperQuantile(0.005, INF), 1e-4);
        assertEquals(1.95996, StudentT.upperQuantile(0.025, INF), 1e-4);
        assertEquals(0.0013499, StudentT.upperTail(3, INF), 1e-6);
        assertEquals(0.05097, StudentT.upperTail(2, 5), 1e-5);
        assertEquals(0.5, StudentT.upperTail(0, 7), 1e-12);
        assertEquals(1 - 0.05097, StudentT.upperTail(-2, 5), 1e-5);
        assertEquals(0, StudentT.upperTail(INF, 3));
        for (double dof : new double[] {1, 2, 4, 9, 30, 200, INF}) {
            for (double p : new double[] {0.4, 0.05, 0.005, 1e-4, 1e-6}) {
                assertEquals(p, StudentT.upperTail(StudentT.upperQuantile(p, dof), dof), p * 1e-4, "dof " + dof + ", p " + p);
            }
        }
        assertTrue(Double.isNaN(StudentT.upperQuantile(0, 4)));
    }

    @Test
    void holmStepsDownAndStopsAtTheFirstMiss() {
        // Bonferroni (5 % / 4 = 1.25 %) would call only the first; Holm also the second (1.51 % <= 5 % / 3).
        FalseAlarmRule.Decision[] d = FalseAlarmRule.holm(new double[] {0.6, 0.0151, Double.NaN, 0.005, 0.5}, 0.05);
        assertTrue(d[3].rejected());
        assertEquals(0.05 / 4, d[3].level(), 1e-15);
        assertTrue(d[1].rejected());
        assertEquals(0.05 / 3, d[1].level(), 1e-15);
        assertFalse(d[4].rejected());
        assertFalse(d[0].rejected());
        assertEquals(0.05 / 2, d[4].level(), 1e-15, "the level where the step-down stopped");
        assertEquals(0.05 / 2, d[0].level(), 1e-15);
        assertNull(d[2], "no p-value, not in the family");
        assertTrue(d[1].how().contains("Holm rank 2 of 4"), d[1].how());
        // The first miss stops it: 0.02 > 5 % / 3, so 0.024 (<= 5 % / 2) is not called either.
        d = FalseAlarmRule.holm(new double[] {0.01, 0.02, 0.024, 0.9}, 0.05);
        assertTrue(d[0].rejected());
        assertFalse(d[1].rejected());
        assertFalse(d[2].rejected());
        assertEquals(0.05 / 3, d[2].level(), 1e-15);
    }

    /**
     * An unchanged system: 52 metrics, each with 10 baselines and a run drawn from the same normal distribution,
     * judged 1,000 times. Each metric alone at 0.5 % calls some metric worse in about 1 - 0.995^52 = 23 % of the
     * comparisons; the family-wise rule in at most 1 %.
     */
    @Test
    void anUnchangedSystemIsRarelyCalledWorseAsAWhole() {
        SplittableRandom random = new SplittableRandom(21);
        int comparisons = 1_000;
        int worseBefore = 0;
        int worseAfter = 0;
        for (int i = 0; i < comparisons; i++) {
            List<MetricChange> changes = unchanged(random, 52, 10);
            worseBefore += anyWorse(FalseAlarmRule.PER_METRIC.judge(changes)) ? 1 : 0;
            worseAfter += anyWorse(FalseAlarmRule.FAMILY_WISE.judge(changes)) ? 1 : 0;
        }
        double before = (double) worseBefore / comparisons;
        double after = (double) worseAfter / comparisons;
        assertTrue(before > 0.17 && before < 0.29, "each metric alone: about 23 %, got " + before);
        assertTrue(after <= 0.015, "family-wise: at most 1 % (+ sampling), got " + after);
    }

    @Test
    void aRealChangeAmongFiftyMetricsIsStillWorse() {
        SplittableRandom random = new SplittableRandom(7);
        int caught = 0;
        for (int i = 0; i < 200; i++) {
            List<MetricChange> changes = unchanged(random, 51, 10);
            // One metric moved by 10 standard deviations (a 20 % lower rate with a 2 % run-to-run spread).
            double[] base = new double[10];
            for (int b = 0; b < base.length; b++) {
                base[b] = 100 + 2 * random.nextGaussian();
            }
            changes.add(MetricChange.of(RATE, base, nan(10), 80, Double.NaN, 0));
            List<MetricVerdict> v = FalseAlarmRule.FAMILY_WISE.judge(changes);
            caught += v.get(51).verdict().equals(MetricVerdict.WORSE) ? 1 : 0;
        }
        assertTrue(caught >= 195, "a 10 sigma change is caught: " + caught + " of 200");
    }

    @Test
    void theFloorStaysAndBetterIsAFamilyOfItsOwn() {
        double[] tight = {100, 100.01, 99.99, 100, 100.02, 99.98, 100, 100.01, 99.99, 100};
        // Far beyond chance (sigma 0.013) but within the floor of 3 %: same.
        MetricChange small = MetricChange.of(RATE, tight, nan(10), 98, Double.NaN, 0.03);
        assertEquals(MetricVerdict.SAME, FalseAlarmRule.FAMILY_WISE.judge(List.of(small)).get(0).verdict());
        assertEquals(MetricVerdict.WORSE, FalseAlarmRule.FAMILY_WISE.judge(List.of(MetricChange.of(RATE, tight, nan(10), 96,
                Double.NaN, 0.03))).get(0).verdict());
        // Fifty clear improvements do not loosen the test of the one metric that got slightly worse.
        List<MetricChange> changes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            changes.add(MetricChange.of(RATE, tight, nan(10), 110, Double.NaN, 0));
        }
        MetricChange slightlyWorse = MetricChange.of(RATE, tight, nan(10), 99.95, Double.NaN, 0);
        changes.add(slightlyWorse);
        List<MetricVerdict> v = FalseAlarmRule.FAMILY_WISE.judge(changes);
        assertEquals(MetricVerdict.BETTER, v.get(0).verdict());
        assertEquals(MetricVerdict.SAME, v.get(50).verdict(), "alone in its family: held to 1 % / 51: " + v.get(50));
        assertEquals(0.01 / 51, v.get(50).level(), 1e-12);
        assertEquals(StudentT.upperQuantile(0.01 / 51, 9) * slightlyWorse.noise(), v.get(50).threshold(), 1e-9,
                "the threshold shown is the one applied");
        assertTrue(v.get(50).basis().contains("Holm stopped at rank 1 of 51"), v.get(50).basis());
        // The same change judged alone at 0.5 % (the former rule) was called worse.
        assertEquals(MetricVerdict.WORSE, FalseAlarmRule.PER_METRIC.judge(List.of(slightlyWorse)).get(0).verdict());
        // A metric whose noise is unknown is outside the family: its floor decides.
        MetricChange noNoise = MetricChange.of(RATE, new double[] {100}, nan(1), 90, Double.NaN, 0.03);
        assertTrue(Double.isNaN(noNoise.tail(true)));
        MetricVerdict byFloor = FalseAlarmRule.FAMILY_WISE.judge(List.of(noNoise)).get(0);
        assertEquals(MetricVerdict.WORSE, byFloor.verdict(), byFloor.toString());
        assertEquals(6, byFloor.threshold(), 1e-9, "twice the 3 % floor with one baseline");
        assertEquals(0, FalseAlarmRule.FAMILY_WISE.judged(List.of(noNoise)));
    }

    /**
     * One baseline. Identical runs whose latency figures move between runs by the spread measured on the quiet host
     * (ln-spread {@link Metric#RUN_TO_RUN_P50} for medians, {@link Metric#RUN_TO_RUN_TAIL} for the tail) while each run's
     * slices show only a tenth of that: judged by the slices alone (the rule before), identical pairs are often
     * called worse; with the known run-to-run spread, at most the family-wise 1 % (+ sampling). A real change still
     * counts: a p99 ten times higher, a median twice as high.
     */
    @Test
    void oneBaselineTakesTheRunToRunSpreadMeasuredOnIdenticalRuns() {
        List<Metric> latencies = Metric.of(EMPTY, EMPTY).stream().filter(m -> !Double.isNaN(m.runToRunLogSpread())).toList();
        assertEquals(8, latencies.size(), "the demo's latency metrics");
        SplittableRandom random = new SplittableRandom(2111);
        int comparisons = 500;
        int worseSlicesOnly = 0;
        int worseKnownSpread = 0;
        for (int i = 0; i < comparisons; i++) {
            List<MetricChange> changes = new ArrayList<>();
            for (Metric m : latencies) {
                double spread = m.runToRunLogSpread();
                double base = Math.exp(spread * random.nextGaussian());
                double run = Math.exp(spread * random.nextGaussian());
                // Each run's slices: a tenth of the run-to-run spread, in the metric's unit.
                double slices = spread / 10;
                changes.add(MetricChange.of(m, new double[] {base}, new double[] {slices * base}, run, slices * run, m.relativeFloor()));
            }
            worseKnownSpread += anyWorse(FalseAlarmRule.FAMILY_WISE.judge(changes)) ? 1 : 0;
            worseSlicesOnly += anyWorse(FalseAlarmRule.FAMILY_WISE_SLICES_ONLY.judge(changes)) ? 1 : 0;
        }
        double before = (double) worseSlicesOnly / comparisons;
        double after = (double) worseKnownSpread / comparisons;
        assertTrue(before > 0.2, "the slices alone cry wolf: " + before);
        assertTrue(after <= 0.02, "with the run-to-run spread: at most 1 % (+ sampling), got " + after);

        Metric p99 = latencies.stream().filter(m -> m.name().equals("response time p99")).findFirst().orElseThrow();
        Metric p50 = latencies.stream().filter(m -> m.name().equals("response time p50")).findFirst().orElseThrow();
        MetricVerdict tenTimes = FalseAlarmRule.FAMILY_WISE.judge(List.of(MetricChange.of(p99, new double[] {10}, new double[] {1},
                100, 10, p99.relativeFloor()))).get(0);
        assertEquals(MetricVerdict.WORSE, tenTimes.verdict(), tenTimes.toString());
        MetricVerdict twice = FalseAlarmRule.FAMILY_WISE.judge(List.of(MetricChange.of(p50, new double[] {0.7}, new double[] {0.01},
                1.4, 0.02, p50.relativeFloor()))).get(0);
        assertEquals(MetricVerdict.WORSE, twice.verdict(), twice.toString());
        // The threshold shown is the factor applied: e^(z * spread * sqrt 2), z the normal quantile of 1 %.
        assertEquals(0.7 * Math.expm1(StudentT.upperQuantile(0.01, Double.POSITIVE_INFINITY) * Metric.RUN_TO_RUN_P50 * Math.sqrt(2)),
                twice.threshold(), 1e-9);
        assertTrue(twice.basis().contains("run-to-run spread measured on identical runs"), twice.basis());
    }

    private static boolean anyWorse(List<MetricVerdict> verdicts) {
        return verdicts.stream().anyMatch(MetricVerdict::isRegression);
    }

    /** {@code n} metrics of an unchanged system: baselines and run from one normal distribution (mean 100, sigma 1). */
    private static List<MetricChange> unchanged(SplittableRandom random, int n, int baselines) {
        List<MetricChange> changes = new ArrayList<>();
        for (int m = 0; m < n; m++) {
            double[] base = new double[baselines];
            for (int b = 0; b < baselines; b++) {
                base[b] = 100 + random.nextGaussian();
            }
            changes.add(MetricChange.of(RATE, base, nan(baselines), 100 + random.nextGaussian(), Double.NaN, 0));
        }
        return changes;
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }
}
