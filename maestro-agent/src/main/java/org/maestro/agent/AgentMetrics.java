package org.maestro.agent;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import org.maestro.common.metrics.MetricLabels;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.note.Payload;

import java.util.function.IntSupplier;

/**
 * An agent's metrics (docs/metrics.md): its handler runs by test, handler and outcome, when each last ended (what
 * the Grafana dashboard marks as an annotation), and how many run now. Counted from the outcome notes the runs
 * send, so a run is counted once it has ended, whatever ended it.
 */
final class AgentMetrics {
    private final Counter runs = Counter.builder().name(MetricNames.AGENT_HANDLER_RUNS)
            .help("Handler runs that ended, by test, handler and outcome (succeeded, failed, timed-out, refused)")
            .labelNames(MetricLabels.TEST_ID, MetricLabels.HANDLER, MetricLabels.OUTCOME)
            .build();
    private final Gauge lastEnd = Gauge.builder().name(MetricNames.AGENT_HANDLER_LAST_END).unit(Unit.SECONDS)
            .help("When the last run of a handler with this outcome ended (Unix time)")
            .labelNames(MetricLabels.TEST_ID, MetricLabels.HANDLER, MetricLabels.OUTCOME)
            .build();

    /** Counts a run from its outcome note. */
    void ended(String testId, Payload.HandlerOutcome outcome) {
        runs.labelValues(testId, outcome.handler(), outcome.outcome()).inc();
        lastEnd.labelValues(testId, outcome.handler(), outcome.outcome()).set(outcome.endMicros() / 1e6);
    }

    void register(PrometheusRegistry registry, IntSupplier running) {
        registry.register(runs);
        registry.register(lastEnd);
        GaugeWithCallback.builder().name(MetricNames.AGENT_HANDLERS_RUNNING).help("Handler runs under way now")
                .callback(cb -> cb.call(running.getAsInt()))
                .register(registry);
    }
}
