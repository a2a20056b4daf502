package org.maestro.results.history;

import java.util.function.Function;

import org.maestro.results.Summary;

/**
 * A metric whose history is searched for change points: one a nightly is judged by, named as the comparison names it
 * ("response time p99"), read from a run's (or a route's) totals in summary.json.
 */
public enum HeadlineMetric {
    RECEIVE_RATE("receive rate", "msg/s", true, Summary.Totals::receiveRate),
    SEND_RATE("send rate", "msg/s", true, Summary.Totals::sendRate),
    RESPONSE_P50("response time p50", "ms", false, t -> percentile(t.responseTime(), 50)),
    RESPONSE_P99("response time p99", "ms", false, t -> percentile(t.responseTime(), 99)),
    RESPONSE_P999("response time p99.9", "ms", false, t -> percentile(t.responseTime(), 99.9)),
    SEND_DELAY_P99("send delay p99", "ms", false, t -> percentile(t.sendDelay(), 99)),
    LOST("lost", "messages", false, t -> t.lost() == null ? null : t.lost().doubleValue());

    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final Function<Summary.Totals, Double> figure;

    HeadlineMetric(String label, String unit, boolean higherIsBetter, Function<Summary.Totals, Double> figure) {
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.figure = figure;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** Its value in {@code totals}; null when they are unknown or it measured nothing. */
    public Double valueIn(Summary.Totals totals) {
        return totals == null ? null : figure.apply(totals);
    }

    private static Double percentile(Summary.Latency latency, double percentile) {
        Summary.Latency known = Summary.Latency.known(latency);
        return known == null ? null : known.at(percentile);
    }
}
