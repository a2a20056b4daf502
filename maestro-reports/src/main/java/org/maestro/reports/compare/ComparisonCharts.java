package org.maestro.reports.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.HdrLogSeries;
import org.maestro.reports.Json;
import org.maestro.reports.page.ReportData;
import org.maestro.reports.Series;
import org.maestro.results.ActionResult;

/**
 * The overlaid charts of comparison.html: the run and its baselines on one axis of seconds from each run's load
 * start (so they line up whatever their dates), baselines drawn dashed; agent actions of each run as markers.
 */
public final class ComparisonCharts {
    private ComparisonCharts() {
    }

    public static ObjectNode build(RunFigures candidate, List<RunFigures> baselines) {
        ObjectNode data = Json.MAPPER.createObjectNode();
        ArrayNode charts = data.putArray("charts");
        List<RunFigures> all = new ArrayList<>();
        all.add(candidate);
        all.addAll(baselines);
        ObjectNode received = Json.chart(charts, "cmp-received", "Messages received per second (all receivers)", "elapsed", "msg/s");
        ObjectNode sent = Json.chart(charts, "cmp-sent", "Messages sent per second (all senders)", "elapsed", "msg/s");
        ObjectNode p99 = Json.chart(charts, "cmp-p99", "Response time p99 per second (worst receiver)", "elapsed", "ms");
        ObjectNode[] distributions = new ObjectNode[Metric.HDR_NAMES.length];
        for (int m = 0; m < distributions.length; m++) {
            distributions[m] = Json.chart(charts, "cmp-dist-" + m, capitalized(Metric.HDR_NAMES[m])
                    + ": percentile distribution after warm-up", "distribution", "ms");
        }
        ArrayNode markers = data.putArray("markers");
        for (RunFigures f : all) {
            boolean isBaseline = f != candidate;
            String label = (isBaseline ? "baseline " : "this run ") + f.name;
            add(received, Series.of(label, f.received), isBaseline);
            add(sent, Series.of(label, f.sent), isBaseline);
            Series worst = new Series(label);
            for (Map.Entry<Double, Double> e : f.worstP99.entrySet()) {
                worst.add(e.getKey(), e.getValue());
            }
            add(p99, worst, isBaseline);
            for (int m = 0; m < distributions.length; m++) {
                add(distributions[m], HdrLogSeries.distribution(f.measured[m], label), isBaseline);
            }
            for (ActionResult a : f.run.summary.actions()) {
                long at = Json.epochMicros(a.start());
                double x = at >= 0 ? (at - f.originMicros) / 1e6 : a.atMillis() / 1000.0;
                ObjectNode mk = markers.addObject();
                mk.put("x", Json.round(x));
                mk.put("kind", isBaseline ? "baseline-action" : "action");
                mk.put("label", label + ": " + a.describe() + " -> " + a.outcome() + " (" + a.when() + ")");
            }
        }
        // The band ends where the run's warm-up data ends (the receivers' warm-up-tagged intervals run past the
        // senders' warm-up by the messages still in flight); the p99 line leaves those intervals out.
        if (candidate.warmupEndSeconds > 0) {
            ObjectNode w = data.putObject("warmup");
            w.put("from", 0);
            w.put("to", Json.round(candidate.warmupEndSeconds));
        }
        ReportData.dropEmptyCharts(data);
        return data;
    }

    private static void add(ObjectNode chart, Series s, boolean isBaseline) {
        if (s.size() == 0) {
            return;
        }
        ObjectNode line = Json.series(s);
        if (isBaseline) {
            line.put("style", "baseline");
        }
        ((ArrayNode) chart.get("series")).add(line);
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
