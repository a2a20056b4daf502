package org.maestro.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The repository's Grafana dashboard (grafana/dashboards/maestro.json), read as its tests and benches need it: the
 * panels' and annotations' PromQL with the dashboard's variables filled in as Grafana would.
 */
public final class GrafanaDashboard {
    /** The repository's root, from any module's directory (where Maven runs its tests). */
    public static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    public static final Path FILE = ROOT.resolve("grafana/dashboards/maestro.json");
    /**
     * What Grafana puts in place of the dashboard's variables, for PromQL that Prometheus can evaluate: every test and
     * peer ("All"), and Grafana's {@code $__rate_interval} = max(4 × scrape interval, {@code $__interval} + scrape
     * interval), which is 4 s with the data source's 1 s (grafana/provisioning) at a 1 s step.
     */
    public static final Map<String, String> DEFAULT_VARIABLES = Map.of("$test_id", ".*", "$peer", ".*",
            "$__rate_interval", "4s", "$__interval", "1s");

    public final JsonNode json;
    private final Map<String, String> variables;

    private GrafanaDashboard(JsonNode json, Map<String, String> variables) {
        this.json = json;
        this.variables = variables;
    }

    public static GrafanaDashboard read() throws IOException {
        return new GrafanaDashboard(new ObjectMapper().readTree(FILE.toFile()), DEFAULT_VARIABLES);
    }

    /** This dashboard with some variables chosen otherwise, e.g. {@code $test_id} set to one test as a user picks it. */
    public GrafanaDashboard with(Map<String, String> chosen) {
        Map<String, String> all = new HashMap<>(variables);
        all.putAll(chosen);
        return new GrafanaDashboard(json, all);
    }

    /** One query of a panel: where it is, its legend format and its PromQL with the variables filled in. */
    public record PanelQuery(String panel, String refId, String legendFormat, String expr) {
        public String name() {
            return panel + " / " + refId;
        }
    }

    /** Every panel's every query, in the dashboard's order. */
    public List<PanelQuery> queries() {
        List<PanelQuery> queries = new ArrayList<>();
        for (JsonNode panel : json.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queries.add(new PanelQuery(panel.path("title").asText(), target.path("refId").asText(),
                        target.path("legendFormat").asText(), fill(target.path("expr").asText())));
            }
        }
        return queries;
    }

    /** Every panel's every query, "panel title / refId" to PromQL with the variables filled in. */
    public Map<String, String> panelQueries() {
        Map<String, String> queries = new LinkedHashMap<>();
        for (PanelQuery q : queries()) {
            queries.put(q.name(), q.expr());
        }
        return queries;
    }

    /**
     * An annotation of the dashboard's Prometheus data source. With {@code useValueForTime} each distinct value is
     * an event at that time (ms); without, Grafana makes a region of each run of non-zero samples at most a step apart.
     */
    public record Annotation(String name, String expr, boolean useValueForTime, String titleFormat) {
    }

    /** The annotations with PromQL (Grafana's built-in one has none), variables filled in. */
    public List<Annotation> annotations() {
        List<Annotation> annotations = new ArrayList<>();
        for (JsonNode a : json.path("annotations").path("list")) {
            if (a.has("expr")) {
                annotations.add(new Annotation(a.path("name").asText(), fill(a.path("expr").asText()),
                        a.path("useValueForTime").asBoolean(), a.path("titleFormat").asText()));
            }
        }
        return annotations;
    }

    /** The annotations' PromQL. */
    public List<String> annotationQueries() {
        return annotations().stream().map(Annotation::expr).toList();
    }

    private String fill(String expr) {
        String filled = expr;
        for (Map.Entry<String, String> v : variables.entrySet()) {
            filled = filled.replace(v.getKey(), v.getValue());
        }
        return filled;
    }
}
