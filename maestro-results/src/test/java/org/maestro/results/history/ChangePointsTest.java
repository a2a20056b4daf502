package org.maestro.results.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** E-divisive means with Otava's t-test: steps found where they are, white noise left alone. */
class ChangePointsTest {
    /** {@code n} values around {@code level} with a normal noise of {@code sd}. */
    private static double[] noise(Random random, int n, double level, double sd) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = level + sd * random.nextGaussian();
        }
        return x;
    }

    @Test
    void aStepIsFoundAtTheFirstRunAfterItWithItsSizeAndConfidence() {
        int seeds = 100;
        int more = 0;
        int elsewhere = 0;
        for (int seed = 0; seed < seeds; seed++) {
            double[] x = noise(new Random(seed), 30, 1000, 20);
            for (int i = 18; i < x.length; i++) {
                x[i] -= 100;   // receive rate −10 %, noise 2 %
            }
            List<ChangePoints.Shift> found = ChangePoints.of(x);
            String seen = "seed " + seed + ": " + found;
            // A run of the step that happens to lie high can put it one run later, one before it one earlier.
            ChangePoints.Shift s = found.stream().filter(f -> Math.abs(f.index() - 18) <= 1).findFirst()
                    .orElseThrow(() -> new AssertionError(seen + ": none at 18"));
            elsewhere += s.index() == 18 ? 0 : 1;
            assertEquals(-10, s.percent(), 2, "seed " + seed);
            assertTrue(s.confidence() >= 1 - ChangePoints.MAX_P, "seed " + seed + ": " + s);
            more += found.size() - 1;
        }
        // Each side is white noise of 12 to 18 runs: a false change point there is as rare as in the test below.
        assertTrue(more <= seeds / 20, more + " change points besides the step in " + seeds + " series");
        assertTrue(elsewhere <= seeds / 20, "the step put one run off in " + elsewhere + " of " + seeds + " series");
    }

    @Test
    void whiteNoiseRarelyHasAChangePoint() {
        int seeds = 2000;
        int withAny = 0;
        for (int seed = 0; seed < seeds; seed++) {
            if (!ChangePoints.of(noise(new Random(seed), 30, 1000, 20)).isEmpty()) {
                withAny++;
            }
        }
        // The t-test is made at the split the statistic chose, so the rate is above 0.001 per series (1.8 % measured).
        assertTrue(withAny <= seeds / 40, withAny + " of " + seeds + " series of white noise had a change point");
    }

    @Test
    void aSlowDriftIsFound() {
        double[] x = noise(new Random(7), 30, 1000, 5);
        for (int i = 0; i < x.length; i++) {
            x[i] *= Math.pow(1.01, i);   // 1 % a night, noise 0.5 %
        }
        List<ChangePoints.Shift> found = ChangePoints.of(x);
        assertTrue(!found.isEmpty(), "a drift of 1 % a night over 30 nights");
        assertTrue(found.stream().allMatch(s -> s.after() > s.before()), found.toString());
    }

    @Test
    void twoStepsAreBothFound() {
        double[] x = noise(new Random(3), 40, 10, 0.3);
        for (int i = 12; i < x.length; i++) {
            x[i] += 3;   // p99 +30 %
        }
        for (int i = 27; i < x.length; i++) {
            x[i] -= 1.5;
        }
        List<ChangePoints.Shift> found = ChangePoints.of(x);
        assertEquals(List.of(12, 27), found.stream().map(ChangePoints.Shift::index).toList(), found.toString());
        assertEquals(30, found.get(0).percent(), 5);
    }

    @Test
    void aSeriesLongerThanTheWindowHasItsLateStepFound() {
        double[] x = noise(new Random(11), 120, 1000, 20);
        for (int i = 100; i < x.length; i++) {
            x[i] += 100;
        }
        assertEquals(List.of(100), ChangePoints.of(x).stream().map(ChangePoints.Shift::index).toList());
    }

    @Test
    void aSeriesTooShortOrFlatHasNone() {
        assertEquals(List.of(), ChangePoints.of(new double[] {1, 2, 100, 100, 100}));
        assertEquals(List.of(), ChangePoints.of(new double[] {5, 5, 5, 5, 5, 5, 5, 5}));
        assertEquals(List.of(4), ChangePoints.of(new double[] {5, 5, 5, 5, 6, 6, 6, 6}).stream()
                .map(ChangePoints.Shift::index).toList(), "a step in figures without noise");
    }
}
