package org.maestro.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.metrics.MetricNames;
import org.maestro.common.testing.GrafanaDashboard;
import org.maestro.common.testing.Integration;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Grafana dashboard's structure (panels placed, each on the provisioned Prometheus data source, each with
 * queries), that every query is PromQL Prometheus' own {@code promtool} accepts (as recording rules, which it
 * parses), that every Maestro metric it names is one the peers expose, and that an agent's fault shows on it. Live
 * queries: {@link MonitoringTest}; during a restart: bench/dashboard-during-restart.sh.
 */
@Integration
class DashboardTest {
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final Pattern MAESTRO_METRIC = Pattern.compile("\\bmaestro_[a-z_]+");

    @TempDir
    Path tmp;

    @Test
    void panelsAreOnTheProvisionedDataSourceAndEachHasQueries() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read();
        JsonNode datasources = new ObjectMapper(new YAMLFactory()).readTree(
                GrafanaDashboard.ROOT.resolve("grafana/provisioning/datasources/prometheus.yml").toFile());
        String uid = datasources.path("datasources").path(0).path("uid").asText();
        assertEquals("prometheus", datasources.path("datasources").path(0).path("type").asText());
        assertFalse(uid.isEmpty());
        JsonNode d = dashboard.json;
        assertFalse(d.path("uid").asText().isEmpty());
        assertFalse(d.path("title").asText().isEmpty());
        assertTrue(d.path("panels").size() >= 6, "panels: " + d.path("panels").size());
        Set<Integer> ids = new HashSet<>();
        for (JsonNode panel : d.path("panels")) {
            String title = panel.path("title").asText();
            assertTrue(ids.add(panel.path("id").asInt()), "panel ids are unique: " + title);
            JsonNode grid = panel.path("gridPos");
            for (String key : List.of("h", "w", "x", "y")) {
                assertTrue(grid.path(key).isInt(), title + ": gridPos." + key);
            }
            assertTrue(grid.path("x").asInt() + grid.path("w").asInt() <= 24, title + " fits Grafana's 24 columns");
            assertEquals(uid, panel.path("datasource").path("uid").asText(), title);
            assertTrue(panel.path("targets").size() > 0, title + " has queries");
            for (JsonNode target : panel.path("targets")) {
                assertEquals(uid, target.path("datasource").path("uid").asText(), title);
                assertFalse(target.path("expr").asText().isBlank(), title);
            }
        }
        for (String wanted : List.of("Rate: sent vs received", "Response time percentiles", "Loss", "Agent handler runs")) {
            assertTrue(d.path("panels").findValuesAsText("title").stream().anyMatch(t -> t.startsWith(wanted)), wanted);
        }
        JsonNode agentActions = d.path("annotations").path("list").findParent("expr");
        assertEquals(uid, agentActions.path("datasource").path("uid").asText());
        assertTrue(agentActions.path("expr").asText().contains(MetricNames.AGENT_HANDLER_LAST_END), agentActions.toString());
        for (JsonNode variable : d.path("templating").path("list")) {
            assertEquals(uid, variable.path("datasource").path("uid").asText(), variable.path("name").asText());
            assertTrue(variable.path("query").path("query").asText().matches("label_values\\(maestro_[a-z_]+, [a-z_]+\\)"),
                    variable.toString());
        }
    }

    /**
     * Grafana's schema, as its foundation SDK's Go types hold it, decodes the dashboard strictly (no unknown field, no
     * missing required one, each panel's options by its type) and validates it; a copy with one typo'd field is refused.
     */
    @Test
    void grafanasOwnTypesDecodeTheDashboardStrictlyAndRefuseATypo() throws Exception {
        Path check = CachedTools.tool("dashboard-check");
        LauncherRun ok = LauncherRun.run(tmp, Map.of(), Duration.ofSeconds(30), check.toString(), GrafanaDashboard.FILE.toString());
        assertEquals(0, ok.exitCode(), ok.printed());
        Path typo = tmp.resolve("maestro.json");
        String original = Files.readString(GrafanaDashboard.FILE);
        Files.writeString(typo, original.replaceFirst("\"gridPos\"", "\"gridPoss\""));
        LauncherRun refused = LauncherRun.run(tmp, Map.of(), Duration.ofSeconds(30), check.toString(), typo.toString());
        assertEquals(1, refused.exitCode(), refused.printed());
        assertTrue(refused.err().contains("unexpected field 'gridPoss'"), refused.printed());
    }

    @Test
    void everyQueryIsPromqlThatPromtoolAcceptsAndNamesAnExposedMetric() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read();
        Map<String, String> queries = dashboard.panelQueries();
        StringBuilder rules = new StringBuilder("groups:\n  - name: maestro-dashboard\n    rules:\n");
        int i = 0;
        for (String expr : queries.values()) {
            rules.append(rule(i++, expr));
        }
        for (String expr : dashboard.annotationQueries()) {
            rules.append(rule(i++, expr));
        }
        assertEquals("", promtoolCheckRules(rules.toString()), "promtool accepts every query");
        // The check can fail: a query that is not PromQL is refused, naming it.
        String refused = promtoolCheckRules("groups:\n  - name: broken\n    rules:\n" + rule(0, "sum(rate(maestro_x[5s])"));
        assertNotEquals("", refused);

        Set<String> exposed = exposedNames();
        for (Map.Entry<String, String> q : queries.entrySet()) {
            Matcher m = MAESTRO_METRIC.matcher(q.getValue());
            while (m.find()) {
                assertTrue(exposed.contains(m.group()), q.getKey() + " names " + m.group() + ", which no peer exposes; they expose "
                        + exposed);
            }
        }
    }

    /**
     * A handler run (the agent's fault) shows where it happens: a region annotation while it runs, a mark at its end,
     * and a panel that steps up at each end. The runs' counter is no {@code increase()} or {@code rate()}: its series
     * is born at 1 when a run ends (handler and outcome are known only then), and Prometheus sees no increase in a
     * series' first sample, so the panel read 0 through a restart (bench/dashboard-during-restart.sh showed it).
     */
    @Test
    void anAgentHandlerRunShowsWhileItRunsAndWhenItEnds() throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read();
        Pattern growth = Pattern.compile("\\b(increase|rate|irate|delta)\\(\\s*" + MetricNames.AGENT_HANDLER_RUNS);
        boolean plotted = false;
        for (Map.Entry<String, String> q : dashboard.panelQueries().entrySet()) {
            assertFalse(growth.matcher(q.getValue()).find(), q.getKey() + ": " + q.getValue());
            plotted |= q.getValue().contains(MetricNames.AGENT_HANDLER_RUNS + "_total");
        }
        assertTrue(plotted, "a panel plots the handler runs");
        List<GrafanaDashboard.Annotation> annotations = dashboard.annotations();
        assertTrue(annotations.stream().anyMatch(a -> a.useValueForTime() && a.expr().contains(MetricNames.AGENT_HANDLER_LAST_END)),
                "a mark at each handler's end: " + annotations);
        assertTrue(annotations.stream().anyMatch(a -> !a.useValueForTime() && a.expr().contains(MetricNames.AGENT_HANDLERS_RUNNING)),
                "a region while a handler runs: " + annotations);
    }

    private static String rule(int index, String expr) {
        return "      - record: dashboard:query" + index + "\n        expr: '" + expr.replace("'", "''") + "'\n";
    }

    /** "" when promtool accepts the rules, else what it said. */
    private String promtoolCheckRules(String rulesYaml) throws Exception {
        if (!Files.isExecutable(PROMTOOL)) {
            fail("promtool is not installed (no " + PROMTOOL + "): run bin/install-test-deps, which installs Debian's prometheus");
        }
        Path file = Files.createTempFile(tmp, "rules", ".yml");
        Files.writeString(file, rulesYaml);
        Process p = new ProcessBuilder(PROMTOOL.toString(), "check", "rules", file.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "promtool ends");
        return p.exitValue() == 0 ? "" : output;
    }

    /**
     * The names the peers expose, from {@link MetricNames} and the client library's suffixes: {@code _total} on
     * counters, {@code _seconds} on quantile and timestamp gauges ({@code _seconds_bucket}, {@code _sum}, {@code _count}
     * on histograms), {@code _info} on the peer's identity.
     */
    private static Set<String> exposedNames() throws IllegalAccessException {
        Set<String> names = new HashSet<>();
        for (Field f : MetricNames.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String name = (String) f.get(null);
                names.add(name);
                names.add(name + "_total");
                names.add(name + "_seconds");
                for (String part : java.util.List.of("_bucket", "_sum", "_count")) {
                    names.add(name + "_seconds" + part);   // a histogram's series
                }
            }
        }
        names.add(org.maestro.common.metrics.PeerMetrics.PEER_INFO + "_info");
        return names;
    }
}
