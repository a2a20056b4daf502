package org.maestro.common.metrics;

import java.util.Locale;

/**
 * The upper bounds, in seconds, of the Prometheus histograms of response time and send delay: five a decade
 * (each 1.585 times the one before) from 10 µs to 100 s, the range messaging latencies span from a broker on the
 * same host to a test that fell minutes behind, then +Inf. {@code histogram_quantile} over {@code sum by (le)} of
 * every peer's buckets gives a test-wide quantile to within one bucket: a factor of 1.585 at worst.
 */
public final class LatencyBuckets {
    /** Buckets a decade. */
    public static final int PER_DECADE = 5;
    private static final int FIRST_DECADE = -5;   // 10 µs
    private static final int LAST_DECADE = 2;     // 100 s
    private static final double[] UPPER_BOUNDS_SECONDS = bounds();

    private LatencyBuckets() {
    }

    private static double[] bounds() {
        int n = (LAST_DECADE - FIRST_DECADE) * PER_DECADE + 1;
        double[] b = new double[n + 1];
        for (int i = 0; i < n; i++) {
            // Rounded to 4 significant digits, so the le labels read 1.585e-05, not 1.5848931924611134e-05.
            double v = Math.pow(10, FIRST_DECADE + (double) i / PER_DECADE);
            b[i] = Double.parseDouble(String.format(Locale.ROOT, "%.3e", v));
        }
        b[n] = Double.POSITIVE_INFINITY;
        return b;
    }

    /** The bounds, the last one +Inf. */
    public static double[] upperBoundsSeconds() {
        return UPPER_BOUNDS_SECONDS.clone();
    }

    /** The bucket {@code seconds} falls in: {lower bound, upper bound} (0 below the first). */
    public static double[] bucketOf(double seconds) {
        double lower = 0;
        for (double upper : UPPER_BOUNDS_SECONDS) {
            if (seconds <= upper) {
                return new double[]{lower, upper};
            }
            lower = upper;
        }
        throw new IllegalArgumentException("not a time: " + seconds);
    }
}
