package org.maestro.common.metrics;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A latency histogram on /metrics is the distribution it is given, put into the fixed buckets: cumulative counts per
 * {@code le}, its sum and count in seconds, labelled with the test; none at all while there is no distribution.
 */
class LatencyHistogramTest {
    /** Three values: 0.5 ms, 2 ms, 3 s (in microseconds). */
    private static final long[] MICROS = {500, 2_000, 3_000_000};

    @Test
    void theBucketsCountTheValuesAtOrBelowEachBound() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        String[] test = {null};
        new TestFigures<>(registry, () -> test[0], t -> t).histogram("maestro_x_histogram", "x", t -> new TestFigures.Distribution() {
            @Override
            public long count() {
                return MICROS.length;
            }

            @Override
            public long countAtOrBelowMicros(long micros) {
                return java.util.Arrays.stream(MICROS).filter(v -> v <= micros).count();
            }

            @Override
            public double sumMicros() {
                return java.util.Arrays.stream(MICROS).sum();
            }
        });
        assertFalse(scrape(registry).contains("maestro_x_histogram_seconds_bucket"), "no test, no series");
        test[0] = "t-1";
        String text = scrape(registry);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"1.0E-5\"} 0"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"6.31E-4\"} 1"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"0.002512\"} 2"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"2.512\"} 2"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"3.981\"} 3"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_bucket{test_id=\"t-1\",le=\"+Inf\"} 3"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_count{test_id=\"t-1\"} 3"), text);
        assertTrue(text.contains("maestro_x_histogram_seconds_sum{test_id=\"t-1\"} 3.0025"), text);
    }

    @Test
    void fiveBucketsADecadeFromTenMicrosecondsToAHundredSeconds() {
        double[] b = LatencyBuckets.upperBoundsSeconds();
        assertEquals(1e-5, b[0]);
        assertEquals(100, b[b.length - 2]);
        assertEquals(Double.POSITIVE_INFINITY, b[b.length - 1]);
        assertEquals(7 * LatencyBuckets.PER_DECADE + 2, b.length);
        assertArrayEquals(new double[]{0.001, 0.001585}, LatencyBuckets.bucketOf(0.0015));
    }

    private static String scrape(PrometheusRegistry registry) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PrometheusTextFormatWriter(false).write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }
}
