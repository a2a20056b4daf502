package org.maestro.results.history;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.maestro.results.StudentT;

/**
 * The points where a series of figures (one metric over runs in time order) shifts: E-divisive means, in the variant
 * Apache Otava (formerly Hunter, from MongoDB's signal-processing-algorithms) uses.
 *
 * <p>The method: D. S. Matteson and N. A. James, "A Nonparametric Approach for Multiple Change Point Analysis of
 * Multivariate Data", Journal of the American Statistical Association 109 (2014), 334-345. A segment is split where
 * its energy statistic q̂ (with α = 1: how much farther apart the values of the two sides are than the values within
 * each side, weighted by mn/(m+n)) is largest, and each side is split again while the splits hold.
 *
 * <p>The variant (Otava's, after D. Daly et al., "The Use of Change Point Detection to Identify Software Performance
 * Regressions in a Continuous Integration System", ICPE 2020, and Fleming et al., "Hunter", ICPE 2023): a split holds
 * when a two-sided t-test of the values on its two sides gives p ≤ {@link #MAX_P} (0.001), instead of the paper's
 * permutation test (Otava's is Welch's; this one pools the two sides' variance, see {@link #tTestP}); the series
 * is searched in windows of {@link #WINDOW} runs moved by half a window, so a long history's early shifts do not
 * hide later ones; then each change point is tested again between its neighbours
 * and the weakest is dropped while one fails ({@code merge}), so each one's figures are those of the runs between its
 * neighbours. A side has at least {@link #MIN_SIZE} runs: a shift seen in fewer cannot be told from an outlier.
 *
 * <p>The t-test is made at the split the statistic chose, so its p is not corrected for the choice: on white noise
 * the rate of false change points per series is above 0.001 (ChangePointsTest measures it).
 */
public final class ChangePoints {
    /** The largest p-value of a change point's t-test (Otava's default). */
    public static final double MAX_P = 0.001;
    /** The runs searched together (Otava's default window). */
    public static final int WINDOW = 50;
    /** The fewest runs on either side of a change point. */
    public static final int MIN_SIZE = 3;

    private ChangePoints() {
    }

    /**
     * One change point.
     *
     * @param index  the first value after the shift
     * @param before the mean of the values from the previous change point (or the start) up to it
     * @param after  the mean of the values from it up to the next change point (or the end)
     * @param p      the two-sided t-test of those two sides
     */
    public record Shift(int index, double before, double after, double p) {
        /** The shift as a percentage of the mean before; NaN when that is 0. */
        public double percent() {
            return before == 0 ? Double.NaN : (after - before) / Math.abs(before) * 100;
        }

        /** 1 − p. */
        public double confidence() {
            return 1 - p;
        }
    }

    /** The change points of {@code values}, in order. */
    public static List<Shift> of(double[] values) {
        TreeSet<Integer> found = new TreeSet<>();
        int n = values.length;
        for (int start = 0; start < n; start += WINDOW / 2) {
            split(values, start, Math.min(n, start + WINDOW), found);
            if (start + WINDOW >= n) {
                break;
            }
        }
        return merge(values, new ArrayList<>(found));
    }

    /** Splits values[from, to) where the energy statistic is largest, and each side again, while the t-test holds. */
    private static void split(double[] x, int from, int to, TreeSet<Integer> found) {
        if (to - from < 2 * MIN_SIZE) {
            return;
        }
        int best = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int tau = from + MIN_SIZE; tau <= to - MIN_SIZE; tau++) {
            double q = energy(x, from, tau, to);
            if (q > bestQ) {
                bestQ = q;
                best = tau;
            }
        }
        if (tTestP(x, from, best, to) <= MAX_P) {
            found.add(best);
            split(x, from, best, found);
            split(x, best, to, found);
        }
    }

    /**
     * q̂(τ) of Matteson and James with α = 1 for the sides x[from, tau) and x[tau, to):
     * mn/(m+n) · (2/(mn) Σ|a−b| − 2/(m(m−1)) Σ_{i<j}|a_i−a_j| − 2/(n(n−1)) Σ_{i<j}|b_i−b_j|).
     */
    static double energy(double[] x, int from, int tau, int to) {
        int m = tau - from;
        int n = to - tau;
        double between = 0;
        for (int i = from; i < tau; i++) {
            for (int j = tau; j < to; j++) {
                between += Math.abs(x[i] - x[j]);
            }
        }
        double e = 2 * between / ((double) m * n) - within(x, from, tau) - within(x, tau, to);
        return (double) m * n / (m + n) * e;
    }

    /** The mean distance between two values of x[from, to) (0 for one value). */
    private static double within(double[] x, int from, int to) {
        int k = to - from;
        if (k < 2) {
            return 0;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                sum += Math.abs(x[i] - x[j]);
            }
        }
        return 2 * sum / ((double) k * (k - 1));
    }

    /**
     * Each change point tested between its neighbours; the one with the largest p dropped while that p is above
     * {@link #MAX_P} (or a side is shorter than {@link #MIN_SIZE}), then the others tested again.
     */
    private static List<Shift> merge(double[] x, List<Integer> points) {
        while (true) {
            List<Shift> shifts = new ArrayList<>();
            int weakest = -1;
            for (int i = 0; i < points.size(); i++) {
                int from = i == 0 ? 0 : points.get(i - 1);
                int to = i == points.size() - 1 ? x.length : points.get(i + 1);
                int at = points.get(i);
                double p = at - from < MIN_SIZE || to - at < MIN_SIZE ? 1 : tTestP(x, from, at, to);
                shifts.add(new Shift(at, mean(x, from, at), mean(x, at, to), p));
                if (p > MAX_P && (weakest < 0 || p > shifts.get(weakest).p())) {
                    weakest = i;
                }
            }
            if (weakest < 0) {
                return shifts;
            }
            points.remove(weakest);
        }
    }

    /**
     * Student's two-sided t-test (pooled variance) of x[from, at) against x[at, to). Otava uses Welch's, but a side of
     * three runs whose three values happen to lie close gives Welch's test a tiny variance and few degrees of freedom:
     * on white noise 4.6 % of series of 30 had a change point with it, 1.8 % with the pooled variance.
     */
    static double tTestP(double[] x, int from, int at, int to) {
        int m = at - from;
        int n = to - at;
        if (m < 2 || n < 2) {
            return 1;
        }
        double ma = mean(x, from, at);
        double mb = mean(x, at, to);
        double pooled = (sumOfSquares(x, from, at, ma) + sumOfSquares(x, at, to, mb)) / (m + n - 2);
        if (pooled == 0) {
            return ma == mb ? 1 : 0;
        }
        double t = (ma - mb) / Math.sqrt(pooled * (1.0 / m + 1.0 / n));
        return Math.min(1, 2 * StudentT.upperTail(Math.abs(t), m + n - 2));
    }

    private static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }

    private static double sumOfSquares(double[] x, int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (x[i] - mean) * (x[i] - mean);
        }
        return sum;
    }
}
