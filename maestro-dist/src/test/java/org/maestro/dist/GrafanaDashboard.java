package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The repository's Grafana dashboard (grafana/dashboards/maestro.json), read as its tests need it. */
final class GrafanaDashboard {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path FILE = ROOT.resolve("grafana/dashboards/maestro.json");
    /** What Grafana puts in place of the dashboard's variables, for PromQL that Prometheus can evaluate. */
    private static final Map<String, String> VARIABLES = Map.of("$test_id", ".*", "$peer", ".*", "$__rate_interval", "5s",
            "$__interval", "1s");

    final JsonNode json;

    GrafanaDashboard(JsonNode json) {
        this.json = json;
    }

    static GrafanaDashboard read() throws IOException {
        return new GrafanaDashboard(new ObjectMapper().readTree(FILE.toFile()));
    }

    /** Every panel's every query, "panel title / refId" to PromQL with the variables filled in. */
    Map<String, String> panelQueries() {
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode panel : json.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queries.put(panel.path("title").asText() + " / " + target.path("refId").asText(),
                        fill(target.path("expr").asText()));
            }
        }
        return queries;
    }

    /** The annotations' PromQL (Grafana's built-in one has none). */
    List<String> annotationQueries() {
        List<String> queries = new ArrayList<>();
        for (JsonNode a : json.path("annotations").path("list")) {
            if (a.has("expr")) {
                queries.add(fill(a.path("expr").asText()));
            }
        }
        return queries;
    }

    static String fill(String expr) {
        String filled = expr;
        for (Map.Entry<String, String> v : VARIABLES.entrySet()) {
            filled = filled.replace(v.getKey(), v.getValue());
        }
        return filled;
    }
}
