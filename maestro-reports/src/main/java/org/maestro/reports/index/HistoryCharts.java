package org.maestro.reports.index;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.Json;
import org.maestro.reports.Series;
import org.maestro.results.history.ChangePoints;
import org.maestro.results.history.HeadlineMetric;
import org.maestro.results.history.History;

/**
 * The runs index's history charts: each test's headline metrics over its runs, one point per run named by its build,
 * with the change points {@code maestro history} finds ({@link History}, computed there, only drawn here) marked where
 * the series shifted. A test gets them once it has runs enough for a change point ({@link #MIN_RUNS}); of its series,
 * the receive rate and the response time p99 always, any other (a route's too) when it has a change point.
 */
final class HistoryCharts {
    /** The fewest runs in which a change point can be found: {@link ChangePoints#MIN_SIZE} on either side. */
    static final int MIN_RUNS = 2 * ChangePoints.MIN_SIZE;
    /** The chart kind report.js draws over the runs' order, with the change points marked. */
    static final String KIND = "history";
    private static final List<String> ALWAYS = List.of(HeadlineMetric.RECEIVE_RATE.label(), HeadlineMetric.RESPONSE_P99.label());

    private HistoryCharts() {
    }

    /** Adds the history charts of {@code history}'s tests to {@code charts}. */
    static void addTo(ArrayNode charts, History history) {
        int t = 0;
        for (History.TestHistory test : history.tests()) {
            t++;
            if (test.runs().size() < MIN_RUNS) {
                continue;
            }
            int m = 0;
            for (History.Series s : test.series()) {
                m++;
                if (!s.changePoints().isEmpty() || (s.route() == null && ALWAYS.contains(s.metric()))) {
                    chart(charts, "history-" + t + "-" + m, test, s);
                }
            }
        }
    }

    private static void chart(ArrayNode charts, String id, History.TestHistory test, History.Series s) {
        ObjectNode chart = Json.chart(charts, id, test.name() + ": " + s.label() + " over its runs", KIND, s.unit());
        Series line = new Series(s.label());
        for (int i = 0; i < s.values().size(); i++) {
            Double v = s.values().get(i);
            line.add(i, v == null ? Double.NaN : v);
        }
        ((ArrayNode) chart.path("series")).add(Json.series(line));
        ArrayNode runs = chart.putArray("runs");
        test.runs().forEach(r -> runs.add(r.label()));
        ArrayNode points = chart.putArray("changePoints");
        for (History.ChangePoint c : s.changePoints()) {
            points.addObject().put("index", c.index()).put("label", c.label()).put("run", c.run())
                    .put("text", s.label() + " " + c.text());
        }
    }
}
