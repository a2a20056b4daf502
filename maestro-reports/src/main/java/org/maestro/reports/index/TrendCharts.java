package org.maestro.reports.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.Json;
import org.maestro.reports.Series;

/**
 * The run index's trend charts: receive rate and p99 response time per run over the runs' start dates, a
 * line per test name, so that a nightly's drift shows. Runs that could not run (verdict error), unreadable
 * ones and runs without a start date carry no figure worth a point and are left out.
 */
public final class TrendCharts {
    private TrendCharts() {
    }

    /** The charts for {@code rows} (index rows, any order), as the page's "charts" array. */
    public static ArrayNode of(List<ObjectNode> rows) {
        List<ObjectNode> dated = new ArrayList<>();
        for (ObjectNode row : rows) {
            if (row.has("startMillis") && row.path("note").asText().isEmpty()
                    && !row.path("verdict").asText().equals("error")) {
                dated.add(row);
            }
        }
        dated.sort(Comparator.comparingLong(r -> r.path("startMillis").asLong()));
        ArrayNode charts = Json.MAPPER.createArrayNode();
        chart(charts, "trend-receive-rate", "Receive rate per run", "msg/s", dated, "receiveRate");
        chart(charts, "trend-p99", "p99 response time per run", "ms", dated, "p99");
        return charts;
    }

    private static void chart(ArrayNode charts, String id, String title, String unit, List<ObjectNode> rows, String field) {
        Map<String, Series> lines = new LinkedHashMap<>();
        Map<String, ArrayNode> runs = new LinkedHashMap<>();
        for (ObjectNode row : rows) {
            JsonNode y = row.path(field);
            if (!y.isNumber()) {
                continue;
            }
            // An incremental run's figure is its sustainable step's: a line of its own, not mixed with fixed-rate runs.
            String label = row.path("name").asText() + (row.path("kind").asText().equals("incremental") ? " (incremental)" : "");
            lines.computeIfAbsent(label, Series::new).add(row.path("startMillis").asLong(), y.asDouble());
            runs.computeIfAbsent(label, l -> Json.MAPPER.createArrayNode()).add(row.path("dir").asText());
        }
        ArrayNode series = (ArrayNode) Json.chart(charts, id, title, "date", unit).path("series");
        lines.forEach((label, s) -> series.add(Json.series(s).set("runs", runs.get(label))));
    }
}
