package org.maestro.reports.compare;

import java.util.Arrays;

/** Means and standard deviations that skip missing values (NaN). */
final class Spread {
    private Spread() {
    }

    /** The sample standard deviation of the values that are not NaN; NaN when fewer than two. */
    static double standardDeviation(double... values) {
        double[] known = known(values);
        if (known.length < 2) {
            return Double.NaN;
        }
        double mean = mean(known);
        double squares = Arrays.stream(known).map(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (known.length - 1));
    }

    /** The mean of the values that are not NaN; NaN when there is none. */
    static double mean(double... values) {
        return Arrays.stream(known(values)).average().orElse(Double.NaN);
    }

    private static double[] known(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    }
}
