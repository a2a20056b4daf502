package org.maestro.reports;

/** Standard deviations that skip missing values (NaN). */
final class Spread {
    private Spread() {
    }

    /** The sample standard deviation of the values that are not NaN; NaN when fewer than two. */
    static double standardDeviation(double... values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
            }
        }
        return Math.sqrt(squares / (n - 1));
    }

    static double mean(double... values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
