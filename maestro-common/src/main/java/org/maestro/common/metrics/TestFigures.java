package org.maestro.common.metrics;

import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Registers a role's per-test metrics as callbacks on the peer's registry: each reads the test the peer runs now
 * (or ran last) when Prometheus scrapes, and is labelled with its {@code test_id}, so each test's counters are a
 * series of their own. A figure that does not apply (the role's other half, no test yet, an empty interval) is
 * left out: NaN from a value function, an empty map from a quantile function.
 *
 * @param <J> the role's test (a worker's job, an inspector's job)
 */
public final class TestFigures<J> {
    private final PrometheusRegistry registry;
    private final Supplier<J> test;
    private final Function<J, String> testId;

    /**
     * @param test   the current or last test, null before the first one
     * @param testId the id of a test
     */
    public TestFigures(PrometheusRegistry registry, Supplier<J> test, Function<J, String> testId) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.test = Objects.requireNonNull(test, "test");
        this.testId = Objects.requireNonNull(testId, "testId");
    }

    /**
     * {@code maestro_test_phase{test_id, phase}}: 1 for the phase the test is in; {@code test_id=""} and
     * {@code phase="idle"} before the first test. The phase is a label of this gauge alone, not of the counters,
     * so that a counter stays one series through its test's phases (join on test_id to split by phase).
     */
    public TestFigures<J> phase(Function<J, String> phase) {
        GaugeWithCallback.builder().name(MetricNames.TEST_PHASE)
                .help("1 for the phase (idle, starting, warmup, running, draining, done) of the peer's current or last test")
                .labelNames(MetricLabels.TEST_ID, MetricLabels.PHASE)
                .callback(cb -> {
                    J t = test.get();
                    cb.call(1, t == null ? "" : testId.apply(t), t == null ? "idle" : phase.apply(t));
                })
                .register(registry);
        return this;
    }

    /** A counter (exposed with the {@code _total} suffix) of the test. */
    public TestFigures<J> counter(String name, String help, ToDoubleFunction<J> value) {
        CounterWithCallback.builder().name(name).help(help).labelNames(MetricLabels.TEST_ID)
                .callback(cb -> sample(value, cb::call))
                .register(registry);
        return this;
    }

    /** A gauge of the test. */
    public TestFigures<J> gauge(String name, String help, ToDoubleFunction<J> value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames(MetricLabels.TEST_ID)
                .callback(cb -> sample(value, cb::call))
                .register(registry);
        return this;
    }

    /** Where a counter's or a gauge's callback puts one value with its test_id label. */
    private interface Sample {
        void call(double value, String... labels);
    }

    /** Reads {@code value} of the current test into {@code out}, or nothing when there is no test or it is NaN. */
    private void sample(ToDoubleFunction<J> value, Sample out) {
        J t = test.get();
        double v = t == null ? Double.NaN : value.applyAsDouble(t);
        if (!Double.isNaN(v)) {
            out.call(v, testId.apply(t));
        }
    }

    /**
     * A gauge in seconds per quantile ({@code quantile="0.5"}, ..., {@code "1"} for the maximum) of an interval's
     * distribution.
     *
     * @param quantiles quantile to seconds, empty when there is nothing to show
     */
    public TestFigures<J> quantiles(String name, String help, Function<J, Map<Double, Double>> quantiles) {
        GaugeWithCallback.builder().name(name).help(help).unit(Unit.SECONDS)
                .labelNames(MetricLabels.TEST_ID, MetricLabels.QUANTILE)
                .callback(cb -> {
                    J t = test.get();
                    if (t != null) {
                        String id = testId.apply(t);
                        quantiles.apply(t).forEach((q, seconds) -> cb.call(seconds, id, quantileLabel(q)));
                    }
                })
                .register(registry);
        return this;
    }

    /**
     * What a histogram callback reads: a distribution in microseconds, the same one the peer's HDR log holds
     * ({@code countAtOrBelow} of a value in microseconds, the count and the sum), so the buckets are not a second
     * measurement beside the log's.
     */
    public interface Distribution {
        long count();

        long countAtOrBelowMicros(long micros);

        double sumMicros();
    }

    /**
     * A Prometheus histogram in seconds ({@code NAME_seconds_bucket{le}}, {@code _sum}, {@code _count}) of the
     * test's whole distribution so far, with the {@link LatencyBuckets}: unlike the quantile gauges, the buckets of
     * every peer add up, so {@code histogram_quantile(0.99, sum by (le) (rate or increase of NAME_seconds_bucket))}
     * is a test-wide p99. It stays once the test is done: its final buckets are the test's.
     *
     * @param distribution the distribution, null when there is none yet
     */
    public TestFigures<J> histogram(String name, String help, Function<J, Distribution> distribution) {
        double[] bounds = LatencyBuckets.upperBoundsSeconds();
        String seconds = name + "_seconds";   // a snapshot's name carries its unit, as the builders add it
        registry.register(new Collector() {
            @Override
            public MetricSnapshot collect() {
                HistogramSnapshot.Builder snapshot = HistogramSnapshot.builder().name(seconds).help(help).unit(Unit.SECONDS);
                J t = test.get();
                Distribution d = t == null ? null : distribution.apply(t);
                if (d != null) {
                    long[] counts = new long[bounds.length];
                    long below = 0;
                    for (int i = 0; i < bounds.length - 1; i++) {
                        long atOrBelow = d.countAtOrBelowMicros(Math.round(bounds[i] * 1e6));
                        counts[i] = atOrBelow - below;
                        below = atOrBelow;
                    }
                    counts[bounds.length - 1] = d.count() - below;
                    snapshot.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
                            .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts))
                            .sum(d.sumMicros() / 1e6).labels(Labels.of(MetricLabels.TEST_ID, testId.apply(t))).build());
                }
                return snapshot.build();
            }

            @Override
            public String getPrometheusName() {
                return seconds;
            }
        });
        return this;
    }

    /** 0.5 → "0.5", 1.0 → "1": the shortest form, as Prometheus' own summaries write it. */
    static String quantileLabel(double q) {
        return q == Math.rint(q) ? Long.toString((long) q) : Double.toString(q);
    }
}
