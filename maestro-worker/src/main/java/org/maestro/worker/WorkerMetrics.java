package org.maestro.worker;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.HdrHistogram.Histogram;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.metrics.TestFigures;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * A worker's metrics (docs/metrics.md): its current or last test's counts, the rate and the last second's
 * latency quantiles, read from the job when scraped. A sender shows what it sent, had acknowledged or refused and
 * its send delay (none flat out: there is no schedule); a receiver what it received, has pending (gaps still open
 * while it runs) or lost (at the end), got twice or out of order, and its response and service times.
 */
final class WorkerMetrics {
    /** The quantiles shown of each one-second distribution; 1 is the maximum. */
    static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999, 1};

    private WorkerMetrics() {
    }

    static void register(PrometheusRegistry registry, Supplier<WorkerJob> job) {
        new TestFigures<>(registry, job, WorkerJob::testId)
                .phase(WorkerJob::phase)
                .gauge(MetricNames.MESSAGE_RATE, "Messages sent (sender) or received (receiver) in the last second",
                        WorkerJob::lastSecondCount)
                .gauge(MetricNames.HOST_CPU_BUSY, "Busy share (0 to 1) of the host's cores in the last second of the test"
                        + " (resource-usage.csv's hostBusyPercent): a generator near 1 measures itself", j -> j.lastSecondHostBusyPercent() / 100)
                .counter(MetricNames.MESSAGES_SENT, "Messages sent, warm-up included",
                        sender(SenderJob::messageCount))
                .counter(MetricNames.MESSAGES_ACKNOWLEDGED, "Messages the SUT acknowledged (settled; absent when presettled)",
                        sender(SenderJob::acknowledgedCount))
                .counter(MetricNames.MESSAGES_RELEASED, "Deliveries the SUT gave back unrefused (released, modified) and the"
                        + " sender sent again (settled; absent when presettled)", sender(SenderJob::releasedCount))
                .counter(MetricNames.MESSAGES_REFUSED, "Messages the SUT refused, or lost while the sender failed over",
                        sender(SenderJob::refusedCount))
                .quantiles(MetricNames.SEND_DELAY, "Actual minus intended send time over the last second, by quantile",
                        j -> j instanceof SenderJob s ? lastSecond(s, s.lastSendDelays()) : Map.of())
                .counter(MetricNames.MESSAGES_RECEIVED, "Messages received, warm-up included",
                        receiver(ReceiverJob::messageCount))
                // One count, two names: while the test runs a gap may still be filled by a late message (pending);
                // once it is done what is missing is lost. Each series is there only while its name is true.
                .gauge(MetricNames.MESSAGES_PENDING, "Messages not seen yet while the test runs: gaps in the senders'"
                        + " sequences still open, which a late message fills (absent once the test is done)",
                        j -> j instanceof ReceiverJob r && !WorkerJob.DONE.equals(r.phase()) ? r.accounts()[0] : Double.NaN)
                .gauge(MetricNames.MESSAGES_LOST, "Messages never seen: the gaps still open when the test ended (absent"
                        + " while it runs, see " + MetricNames.MESSAGES_PENDING + ")",
                        j -> j instanceof ReceiverJob r && WorkerJob.DONE.equals(r.phase()) ? r.accounts()[0] : Double.NaN)
                .counter(MetricNames.MESSAGES_DUPLICATED, "Messages received more than once",
                        receiver(r -> r.accounts()[1]))
                .counter(MetricNames.MESSAGES_OUT_OF_ORDER, "Messages received after a later one of the same sender connection",
                        receiver(r -> r.accounts()[2]))
                .quantiles(MetricNames.RESPONSE_TIME, "Received minus intended send time (corrected for coordinated"
                                + " omission) over the last second, by quantile",
                        j -> j instanceof ReceiverJob r ? lastSecond(r, r.lastResponseTimes()) : Map.of())
                .quantiles(MetricNames.SERVICE_TIME, "Received minus actual send time over the last second, by quantile",
                        j -> j instanceof ReceiverJob r ? lastSecond(r, r.lastServiceTimes()) : Map.of())
                // The test's measured period so far, from the histograms its HDR logs are written from: one truth.
                .histogram(MetricNames.RESPONSE_TIME_HISTOGRAM, "Received minus intended send time (corrected for"
                                + " coordinated omission) over the test's measured period so far (warm-up left out)",
                        j -> j instanceof ReceiverJob r ? distribution(r.measuredResponseTimes()) : null)
                .histogram(MetricNames.SERVICE_TIME_HISTOGRAM, "Received minus actual send time over the test's measured"
                                + " period so far (warm-up left out)",
                        j -> j instanceof ReceiverJob r ? distribution(r.measuredServiceTimes()) : null)
                .histogram(MetricNames.SEND_DELAY_HISTOGRAM, "Actual minus intended send time over the test's measured"
                                + " period so far (warm-up left out; none flat out)",
                        j -> j instanceof SenderJob s ? distribution(s.measuredSendDelays()) : null);
    }

    private static ToDoubleFunction<WorkerJob> sender(Function<SenderJob, Long> value) {
        // A figure the sender does not have (null: acknowledgements of presettled sends) is left out, not 0.
        return j -> {
            Long v = j instanceof SenderJob s ? value.apply(s) : null;
            return v == null ? Double.NaN : v;
        };
    }

    private static ToDoubleFunction<WorkerJob> receiver(Function<ReceiverJob, Long> value) {
        return j -> j instanceof ReceiverJob r ? value.apply(r) : Double.NaN;
    }

    /**
     * The last second's quantiles while the job runs; none once it is done: its last interval would otherwise be shown
     * as "the last second" for as long as the peer lives (as the rate was, before it dropped to 0 at the end).
     */
    private static Map<Double, Double> lastSecond(WorkerJob job, Histogram lastInterval) {
        return WorkerJob.DONE.equals(job.phase()) ? Collections.emptyMap() : quantiles(lastInterval);
    }

    /** Quantile to seconds of a histogram in microseconds; empty for none or an empty one. */
    static Map<Double, Double> quantiles(Histogram micros) {
        if (micros == null || micros.getTotalCount() == 0) {
            return Collections.emptyMap();
        }
        Map<Double, Double> seconds = new LinkedHashMap<>();
        for (double q : QUANTILES) {
            long value = q == 1 ? micros.getMaxValue() : micros.getValueAtPercentile(q * 100);
            seconds.put(q, value / 1e6);
        }
        return seconds;
    }

    /** An HDR histogram in microseconds as a histogram metric reads it; null when it holds no value (unknown, not 0). */
    static TestFigures.Distribution distribution(Histogram micros) {
        if (micros == null || micros.getTotalCount() == 0) {
            return null;
        }
        return new TestFigures.Distribution() {
            @Override
            public long count() {
                return micros.getTotalCount();
            }

            @Override
            public long countAtOrBelowMicros(long bound) {
                return bound >= micros.getMaxValue() ? micros.getTotalCount() : micros.getCountBetweenValues(0, bound);
            }

            @Override
            public double sumMicros() {
                return micros.getMean() * micros.getTotalCount();
            }
        };
    }
}
