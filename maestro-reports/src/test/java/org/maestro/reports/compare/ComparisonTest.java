package org.maestro.reports.compare;

import org.maestro.common.runfiles.RunLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.maestro.results.ComparisonJson;
import org.maestro.results.Format;
import org.maestro.results.ResultsJson;
import org.maestro.results.Summary;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import picocli.CommandLine;
import org.maestro.reports.Json;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.SyntheticRun;

/** Compares runs written with the real writers: verdicts, thresholds, comparison.json/html and junit.xml. */
class ComparisonTest {
    private static final long T0 = 1_795_000_000_000_000L;
    private static final long HOUR = 3_600_000_000L;

    @TempDir
    Path tmp;

    private SyntheticRun run(String dir, long start, int rate, long seed) throws IOException {
        return new SyntheticRun(Files.createDirectories(tmp.resolve(dir)), start, 12, rate, 2).seed(seed);
    }

    @Test
    void runsAlikeAreTheSameAndJunitKeepsTheRunsOwnSuite() throws Exception {
        SyntheticRun base = run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun cand = run("20261122-020000-synthetic", T0 + HOUR, 300, 2).write();
        Comparison c = Comparison.of(List.of(base.dir), cand.dir, null);
        for (MetricVerdict v : c.verdicts()) {
            assertEquals(MetricVerdict.SAME, v.verdict(), v.metric().name() + ": " + v);
        }
        assertEquals("same", c.verdict());
        assertFalse(c.isRegression());
        c.write();

        JsonNode json = Json.MAPPER.readTree(cand.dir.resolve(ComparisonJson.FILE).toFile());
        assertEquals("same", json.path("verdict").asText());
        assertEquals(base.dir.getFileName().toString(), json.path("baseline").asText());
        assertEquals("../" + base.dir.getFileName(), json.path("baselines").get(0).path("path").asText());
        JsonNode p99 = metric(json, "response time p99");
        assertEquals(base.measuredResponse.getValueAtPercentile(99) / 1000.0, p99.path("baseline").asDouble(), 1e-9,
                "the baseline's p99 as its HDR log gives it");
        assertEquals(cand.measuredResponse.getValueAtPercentile(99) / 1000.0, p99.path("value").asDouble(), 1e-9);
        assertTrue(p99.path("threshold").asDouble() > 0);

        Document junit = junit(cand.dir);
        assertEquals("testsuites", junit.getDocumentElement().getTagName());
        Element suite = suite(junit, "maestro.synthetic.baseline");
        assertEquals(String.valueOf(json.path("metrics").size()), suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals(1, countSuites(junit, "synthetic"), "the run's own suite is kept");
    }

    /**
     * Runs of several routes: each route both have is compared metric by metric (its spread from its own peers'
     * slices), a route slower than its baseline is a regression on its own, and a route only one run has is a note.
     */
    @Test
    void routesOfTheSameNameAreComparedAndOneOnlyTheBaselineHasIsANote() throws Exception {
        SyntheticRun base = run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun cand = run("20261122-020000-synthetic", T0 + HOUR, 300, 2).write();
        withRoutes(base.dir, 1, "amqp", "core", "kafka");
        // Thirty times the p99: one baseline cannot show the run-to-run spread, and the one measured on identical runs lets
        // a tail move about fivefold by chance; the route's own slices (its peers' files) let it move by some 12 ms.
        withRoutes(cand.dir, 30, "amqp", "core");
        Comparison c = Comparison.of(List.of(base.dir), cand.dir, null);
        c.write();
        JsonNode json = Json.MAPPER.readTree(cand.dir.resolve(ComparisonJson.FILE).toFile());
        JsonNode amqp = metric(json, "route amqp: response time p99");
        assertEquals("same", amqp.path("verdict").asText(), amqp.toString());
        assertEquals(metric(json, "response time p99").path("threshold").asDouble(), amqp.path("threshold").asDouble(), 1e-9,
                "the route of all the peers: the run's spread between slices");
        JsonNode core = metric(json, "route core: response time p99");
        assertEquals("worse", core.path("verdict").asText(), core.toString());
        assertEquals("worse", json.path("verdict").asText());
        assertTrue(json.path("notes").toString().contains("route kafka of baseline 20261122-010000-synthetic is not in this run:"
                + " not compared"), json.path("notes").toString());
        assertFalse(json.path("metrics").toString().contains("route kafka"), "nothing to compare it with");
        assertTrue(Files.readString(cand.dir.resolve("junit.xml")).contains("<failure message=\"regression: route core: response time p99"),
                "a route's regression fails in JUnit too");
        assertTrue(String.join("\n", c.lines()).contains("route core: response time p99 (ms)"), String.join("\n", c.lines()));
    }

    /**
     * Adds routes to a run's summary: the first carries all its peers and the run's totals; the others copies of its
     * peers' files (each route's peers of its own, as a real run's), and the run's totals with the response time p99
     * times {@code p99Scale}.
     */
    private static void withRoutes(Path run, double p99Scale, String... names) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode s = (com.fasterxml.jackson.databind.node.ObjectNode)
                Json.MAPPER.readTree(run.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode routes = s.putArray("routes");
        for (int i = 0; i < names.length; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode r = routes.addObject();
            r.put("name", names[i]);
            r.put("protocol", names[i]);
            r.put("target", names[i] + "://127.0.0.1:61616/q");
            com.fasterxml.jackson.databind.node.ArrayNode peers = r.putArray("peers");
            com.fasterxml.jackson.databind.node.ObjectNode totals = s.get("totals").deepCopy();
            if (i == 0) {
                peers.add(SyntheticRun.RECEIVER).add(SyntheticRun.SENDER);
            } else {
                for (String peer : List.of(SyntheticRun.RECEIVER, SyntheticRun.SENDER)) {
                    Path from = run.resolve("peers").resolve(peer);
                    Path to = run.resolve("peers").resolve(names[i] + "-" + peer);
                    try (java.util.stream.Stream<Path> files = Files.list(from)) {
                        Files.createDirectories(to);
                        for (Path f : files.toList()) {
                            Files.copy(f, to.resolve(f.getFileName()));
                        }
                    }
                    peers.add(names[i] + "-" + peer);
                }
                com.fasterxml.jackson.databind.node.ObjectNode p99 = (com.fasterxml.jackson.databind.node.ObjectNode) totals.get("responseTime");
                p99.put("p99", p99.get("p99").asDouble() * p99Scale);
            }
            r.set("totals", totals);
        }
        Json.MAPPER.writeValue(run.resolve("summary.json").toFile(), s);
    }

    @Test
    void slowerLatencyIsARegressionInJunitAndTheExitCode() throws Exception {
        SyntheticRun base = run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun cand = run("20261122-020000-synthetic", T0 + HOUR, 300, 2).latencyScale(2).write();

        StringBuilder out = new StringBuilder();
        int exit = compare(out, base.dir.toString(), cand.dir.toString());
        assertEquals(1, exit, "a regression fails the command:\n" + out);
        assertTrue(out.toString().contains("WORSE"), out.toString());

        JsonNode json = Json.MAPPER.readTree(cand.dir.resolve(ComparisonJson.FILE).toFile());
        assertEquals("worse", json.path("verdict").asText());
        // (Its p99 sits where 1 % of slow messages begins: too unsteady from slice to slice to call.)
        for (String m : List.of("response time p50", "service time p50")) {
            JsonNode v = metric(json, m);
            assertEquals("worse", v.path("verdict").asText(), m + ": " + v);
            assertTrue(v.path("changePercent").asDouble() > 50, m + " about doubled: " + v);
        }
        // A tail percentile doubled against one baseline is within what such a figure moves between identical runs.
        JsonNode p90 = metric(json, "response time p90");
        assertEquals("same", p90.path("verdict").asText(), p90.toString());
        assertTrue(p90.path("basis").asText().contains("run-to-run spread measured on identical runs; one baseline cannot show it"),
                p90.toString());
        assertEquals("same", metric(json, "receive rate").path("verdict").asText());
        assertEquals("same", metric(json, "send delay p99").path("verdict").asText(), "the sender did not change");

        Element suite = suite(junit(cand.dir), "maestro.synthetic.baseline");
        assertTrue(Integer.parseInt(suite.getAttribute("failures")) >= 2, "a failure per worse metric");
        assertTrue(text(suite).contains("regression: response time p50"), text(suite));

        // Again: the suite is replaced, not added twice; the run's report links the comparison.
        assertEquals(1, compare(new StringBuilder(), base.dir.toString(), cand.dir.toString()));
        assertEquals(1, countSuites(junit(cand.dir), "synthetic.baseline"));
        JsonNode report = ReportHtml.data(cand.dir.resolve(ReportBuilder.REPORT_FILE));
        assertEquals("worse", report.path("comparison").path("verdict").asText());

        JsonNode page = ReportHtml.data(cand.dir.resolve(Comparison.HTML_FILE));
        assertTrue(page.path("comparisonPage").asBoolean());
        Map<String, JsonNode> charts = new HashMap<>();
        page.path("charts").forEach(c -> charts.put(c.path("id").asText(), c));
        for (String id : List.of("cmp-received", "cmp-sent", "cmp-p99", "cmp-dist-0", "cmp-dist-1", "cmp-dist-2")) {
            JsonNode c = charts.get(id);
            assertNotNull(c, "chart " + id);
            assertEquals(2, c.path("series").size(), id + ": this run and its baseline");
            assertEquals("baseline", c.path("series").get(1).path("style").asText(), id + ": the baseline drawn as such");
        }
        // Received per second: whole seconds after the load's start hold the rate exactly.
        JsonNode received = charts.get("cmp-received").path("series").get(0);
        assertEquals(300, received.path("y").get(5).asDouble(), 1e-9);
        assertEquals(5, received.path("x").get(5).asDouble() - received.path("x").get(0).asDouble(), 1e-9);
    }

    /**
     * Six baselines (the run-to-run spread measured): an identical run is the same, a run whose latency doubled is
     * still worse under the family-wise rule, and every surface shows the rule once and each metric's threshold after
     * the correction.
     */
    @Test
    void aRealRegressionIsStillCaughtAcrossTheWholeComparison() throws Exception {
        List<Path> baselines = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            baselines.add(run("20261122-0" + i + "0000-synthetic", T0 + i * HOUR, 300, 10 + i).write().dir);
        }
        SyntheticRun same = run("20261122-070000-synthetic", T0 + 7 * HOUR, 300, 20).write();
        Comparison c = Comparison.of(baselines, same.dir, null);
        // The synthetic runs' latency tails scatter more than their floors allow: "same" would be a guess there.
        assertEquals("inconclusive", c.verdict(), String.join("\n", c.lines()));
        assertFalse(c.fails(), "inconclusive passes unless --fail-inconclusive");
        assertTrue(c.fails(true));
        // maestro compare says the same: a pass with a warning, or exit 1 and a junit failure with --fail-inconclusive.
        List<String> args = new java.util.ArrayList<>(baselines.stream().map(Path::toString).toList());
        args.add(same.dir.toString());
        StringBuilder out = new StringBuilder();
        assertEquals(0, compare(out, args.toArray(String[]::new)), out.toString());
        assertTrue(out.toString().contains("warning: the comparison is inconclusive; --fail-inconclusive fails on it"), out.toString());
        String skipped = Files.readString(same.dir.resolve("junit.xml"));
        assertTrue(skipped.contains("<skipped") && !skipped.contains("<failure"), skipped);
        args.add(0, Comparison.FAIL_INCONCLUSIVE_OPTION);
        assertEquals(1, compare(out, args.toArray(String[]::new)), out.toString());
        String failed = Files.readString(same.dir.resolve("junit.xml"));
        assertTrue(failed.matches("(?s).*<failure message=\"[^\"]*inconclusive.*"), failed);
        assertEquals("same", c.verdicts().stream().filter(v -> v.metric().name().equals("receive rate")).findFirst()
                .orElseThrow().verdict());
        SyntheticRun slower = run("20261122-080000-synthetic", T0 + 8 * HOUR, 300, 21).latencyScale(2).write();
        c = Comparison.of(baselines, slower.dir, null);
        assertEquals("worse", c.verdict(), String.join("\n", c.lines()));
        c.write();

        JsonNode json = Json.MAPPER.readTree(slower.dir.resolve(ComparisonJson.FILE).toFile());
        JsonNode rule = json.path("rule");
        assertTrue(rule.path("familyWise").asBoolean());
        assertEquals(0.01, rule.path("falseAlarmRate").asDouble(), 1e-12);
        int judged = rule.path("metricsJudged").asInt();
        assertTrue(judged >= 10, rule.toString());
        assertTrue(rule.path("text").asText().startsWith("family-wise: at most 1 % of comparisons"), rule.toString());
        for (String m : List.of("response time p50", "response time p90", "service time p50")) {
            JsonNode v = metric(json, m);
            assertEquals("worse", v.path("verdict").asText(), m + ": " + v);
            double level = v.path("level").asDouble();
            assertTrue(level <= 0.01 && level >= 0.01 / judged - 1e-12, "held to 1 % / (m - i + 1): " + v);
            assertTrue(v.path("change").asDouble() > v.path("threshold").asDouble(), "beyond the threshold shown: " + v);
            assertTrue(v.path("basis").asText().contains("Holm rank"), v.toString());
        }
        JsonNode rate = metric(json, "receive rate");
        assertEquals("same", rate.path("verdict").asText(), rate.toString());
        assertTrue(Math.abs(rate.path("change").asDouble()) <= rate.path("threshold").asDouble(), rate.toString());

        Element suite = suite(junit(slower.dir), "maestro.synthetic.baseline");
        Element property = (Element) suite.getElementsByTagName("property").item(0);
        assertEquals("rule", property.getAttribute("name"));
        assertEquals(rule.path("text").asText(), property.getAttribute("value"), "the rule once, as comparison.json has it");
        assertTrue(text(suite).contains("regression: response time p50"), text(suite));
        JsonNode page = ReportHtml.data(slower.dir.resolve(Comparison.HTML_FILE));
        assertEquals(rule, page.path("comparison").path("rule"), "comparison.html renders comparison.json's rule");
        assertTrue(c.lines().contains("rule: " + rule.path("text").asText()), String.join("\n", c.lines()));
        // The former rule judges the same changes: its thresholds are narrower (0.5 % per metric, not 1 % / m).
        MetricVerdict before = c.judgedBy(FalseAlarmRule.PER_METRIC).verdicts().stream()
                .filter(v -> v.metric().name().equals("receive rate")).findFirst().orElseThrow();
        assertTrue(before.threshold() <= rate.path("threshold").asDouble(), before + " vs " + rate);
    }

    /**
     * Issue 35: every comparison says, per headline metric, the smallest change toward worse its rule would call, in
     * the console, comparison.json and comparison.html alike (computed once, by the comparison).
     */
    @Test
    void eachHeadlineMetricsSmallestDetectableChangeIsPrinted() throws Exception {
        List<Path> bases = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            bases.add(run("20261122-0" + i + "0000-synthetic", T0 + i * HOUR, 300, i + 1).write().dir);
        }
        SyntheticRun cand = run("20261122-060000-synthetic", T0 + 6 * HOUR, 300, 9).write();
        Comparison c = Comparison.of(bases, cand.dir, null);
        c.write();
        JsonNode json = Json.MAPPER.readTree(cand.dir.resolve(ComparisonJson.FILE).toFile());
        JsonNode detectable = json.path("detectable");
        List<String> names = new java.util.ArrayList<>();
        detectable.forEach(d -> names.add(d.path("metric").asText()));
        assertEquals(List.of("receive rate", "send rate", "response time p50", "response time p99", "response time p99.9",
                "send delay p99"), names, "the headline metrics with a known noise, in the table's order");
        int judged = json.path("rule").path("metricsJudged").asInt();
        List<String> console = c.lines();
        for (JsonNode d : detectable) {
            String metric = d.path("metric").asText();
            JsonNode verdict = metric(json, metric);
            assertEquals(0.01 / judged, d.path("level").asDouble(), 1e-12, "Holm's first step: " + d);
            assertEquals(verdict.path("higherIsBetter").asBoolean() ? "fall" : "rise", d.path("worse").asText(), d.toString());
            assertEquals(100 * d.path("change").asDouble() / verdict.path("baseline").asDouble(), d.path("percent").asDouble(),
                    1e-3 * d.path("percent").asDouble(), d.toString());
            assertTrue(d.path("percent").asDouble() >= d.path("floorPercent").asDouble() - 1e-9, "never below the floor: " + d);
            assertEquals(5, d.path("baselines").asInt());
            String text = d.path("text").asText();
            assertTrue(text.startsWith(metric + ": smallest detectable " + d.path("worse").asText() + " "), text);
            assertTrue(console.contains(text), "printed as comparison.json has it: " + text + "\n" + String.join("\n", console));
        }
        String rate = detectable.get(0).path("text").asText();
        assertTrue(rate.matches("receive rate: smallest detectable fall [0-9.]+ % at [0-9.]+ %.*"), rate);
        JsonNode page = ReportHtml.data(cand.dir.resolve(Comparison.HTML_FILE));
        assertEquals(detectable, page.path("comparison").path("detectable"), "comparison.html renders comparison.json's");
        // junit.xml: each headline metric's test case carries the same figure.
        Document junit = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(cand.dir.resolve(RunLayout.JUNIT_XML).toFile());
        NodeList cases = junit.getElementsByTagName("testcase");
        for (JsonNode d : detectable) {
            String expected = "; smallest detectable " + d.path("worse").asText() + " "
                    + Format.number(d.path("percent").asDouble()) + " %";
            boolean found = false;
            for (int i = 0; i < cases.getLength(); i++) {
                Element tc = (Element) cases.item(i);
                if (tc.getAttribute("name").startsWith(d.path("metric").asText() + " vs ")) {
                    // Its line is the failure's or the output's text, or a skipped (inconclusive) case's message.
                    NodeList skipped = tc.getElementsByTagName("skipped");
                    String line = skipped.getLength() > 0 ? ((Element) skipped.item(0)).getAttribute("message") : tc.getTextContent();
                    assertTrue(line.contains(expected), tc.getAttribute("name") + ": " + line);
                    found = true;
                }
            }
            assertTrue(found, "a test case of " + d.path("metric").asText());
        }
    }

    /**
     * Issue 35: the rule's false alarms measured on the baselines themselves, each judged against the others by the same
     * rule, beside its verdicts: the counts are those the comparison itself gives each baseline against the others, and
     * a baseline unlike the rest (its latency doubled) is caught as what the rule would call by chance on such runs.
     */
    @Test
    void theRulesFalseAlarmsAreMeasuredOnTheBaselinesLeftOneOut() throws Exception {
        List<Path> bases = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            SyntheticRun b = run("20261123-0" + i + "0000-synthetic", T0 + i * HOUR, 300, i + 1);
            bases.add((i == 2 ? b.latencyScale(2) : b).write().dir);
        }
        SyntheticRun cand = run("20261123-060000-synthetic", T0 + 6 * HOUR, 300, 9).write();
        Comparison c = Comparison.of(bases, cand.dir, null);
        c.write();
        JsonNode measured = Json.MAPPER.readTree(cand.dir.resolve(ComparisonJson.FILE).toFile()).path("rule").path("measured");
        int anyWorse = 0;
        int worse = 0;
        int better = 0;
        int verdicts = 0;
        for (Path left : bases) {
            List<Path> others = bases.stream().filter(b -> !b.equals(left)).toList();
            List<MetricVerdict> judged = Comparison.of(others, left, null).verdicts();
            long w = judged.stream().filter(v -> v.verdict().equals(MetricVerdict.WORSE)).count();
            anyWorse += w > 0 ? 1 : 0;
            worse += (int) w;
            better += (int) judged.stream().filter(v -> v.verdict().equals(MetricVerdict.BETTER)).count();
            verdicts += judged.size();
        }
        assertEquals(5, measured.path("comparisons").asInt(), measured.toString());
        assertEquals(anyWorse, measured.path("anyWorse").asInt(), "as the comparison judges each baseline against the others: " + measured);
        assertEquals(worse, measured.path("worse").asInt(), measured.toString());
        assertEquals(better, measured.path("better").asInt(), measured.toString());
        assertEquals(verdicts, measured.path("verdicts").asInt(), measured.toString());
        assertTrue(anyWorse >= 1, "the baseline with twice the latency is a false alarm the rule gives on these runs: " + measured);
        String text = measured.path("text").asText();
        assertTrue(text.startsWith("measured false alarms: " + anyWorse + " of 5 comparisons") && text.contains("leave-one-out"), text);
        assertTrue(c.lines().contains("rule's " + text), String.join("\n", c.lines()));
        JsonNode page = ReportHtml.data(cand.dir.resolve(Comparison.HTML_FILE));
        assertEquals(measured, page.path("comparison").path("rule").path("measured"), "comparison.html renders comparison.json's");

        Comparison two = Comparison.of(bases.subList(0, 2), cand.dir, null);
        assertTrue(two.toJson().rule().measured() == null, "two baselines cannot be judged each against the others' spread");
    }

    @Test
    void throughputBothWays() throws Exception {
        SyntheticRun base = run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun slower = run("20261122-020000-synthetic", T0 + HOUR, 200, 2).write();
        SyntheticRun faster = run("20261122-030000-synthetic", T0 + 2 * HOUR, 400, 3).write();
        assertEquals("worse", verdict(Comparison.of(List.of(base.dir), slower.dir, null), "receive rate"));
        assertEquals("better", verdict(Comparison.of(List.of(base.dir), faster.dir, null), "receive rate"));
        Comparison c = Comparison.of(List.of(base.dir), slower.dir, null);
        assertTrue(c.toJson().notes().toString().contains("rate 300 \u2192 200"), "the parameters that differ are named: "
                + c.toJson().notes());
        SyntheticRun base2 = run("20261122-013000-synthetic", T0 + HOUR / 2, 300, 4).write();
        List<String> notes = Comparison.of(List.of(base.dir, base2.dir), slower.dir, null).toJson().notes();
        assertEquals(1, notes.size(), "one line for a difference all baselines share: " + notes);
        assertTrue(notes.get(0).startsWith("parameters differ from all 2 baselines: "), notes.toString());
    }

    /**
     * Issue 21: on a busy host a 400 msg/s baseline of a few seconds gave the receive rate a threshold of \u00b1815 msg/s
     * (its per-second rates jumped between about 100 and 700), so a run throttled to 159 msg/s (-58 %) read "same". A
     * spread from three seconds is no estimate of the noise: the rates are "not judged", never "same", and the nightly
     * fails saying why. A baseline long enough to slice but as noisy gives a threshold beyond the baseline's whole rate,
     * which no fall could pass: not judged either. A quiet baseline of the same length still calls the fall worse.
     */
    @Test
    void aShortNoisyBaselineNeverCallsAFallSame() throws Exception {
        SyntheticRun shortNoisy = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-010000-synthetic")), T0, 5,
                400, 2).perSecond(400, 400, 100, 700, 400).seed(1).write();
        SyntheticRun throttled = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-030000-synthetic")),
                T0 + 2 * HOUR, 5, 400, 2).perSecond(159).seed(3).write();
        Comparison c = Comparison.of(List.of(shortNoisy.dir), throttled.dir, null);
        MetricVerdict rate = c.verdicts().stream().filter(v -> v.metric().name().equals("receive rate")).findFirst().orElseThrow();
        assertEquals(-60, rate.changePercent(), 1, rate.toString());
        assertEquals(MetricVerdict.NOT_JUDGED, rate.verdict(), rate.toString());
        assertTrue(rate.basis().startsWith("too few samples: 20261122-010000-synthetic measured "), rate.basis());
        assertEquals(MetricVerdict.NOT_JUDGED, c.verdict());
        assertTrue(c.fails(), "a nightly cannot pass on a comparison that cannot tell");
        String console = String.join("\n", c.lines());
        assertTrue(console.contains("\nnot judged: receive rate, send rate, ") && console.contains("NOT JUDGED"), console);
        c.write();
        String junit = Files.readString(throttled.dir.resolve(RunLayout.JUNIT_XML));
        assertTrue(junit.contains("<failure message=\"receive rate: 159 msg/s against 400 msg/s (-60.3 %) (too few samples"),
                junit);

        SyntheticRun longNoisy = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-020000-synthetic")),
                T0 + HOUR, 12, 400, 2).perSecond(100, 700).seed(2).write();
        SyntheticRun longThrottled = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-040000-synthetic")),
                T0 + 3 * HOUR, 12, 400, 2).perSecond(159).seed(5).write();
        rate = Comparison.of(List.of(longNoisy.dir), longThrottled.dir, null).verdicts().get(0);
        assertEquals("receive rate", rate.metric().name());
        assertTrue(rate.threshold() >= 400, rate.toString());
        assertEquals(MetricVerdict.NOT_JUDGED, rate.verdict(), rate.toString());
        assertTrue(rate.basis().startsWith("too noisy: the threshold \u00b1"), rate.basis());
        // Against a copy of itself the change is 0, within the floor: "same", however noisy.
        Path copy = Files.createDirectories(tmp.resolve("20261122-050000-synthetic"));
        try (java.util.stream.Stream<Path> files = Files.walk(longNoisy.dir)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(longNoisy.dir.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        MetricVerdict itself = Comparison.of(List.of(longNoisy.dir), copy, null).verdicts().get(0);
        assertTrue(itself.threshold() >= 400 && itself.verdict().equals(MetricVerdict.SAME), itself.toString());

        SyntheticRun quiet = new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-023000-synthetic")),
                T0 + HOUR + HOUR / 2, 12, 400, 2).seed(4).write();
        Comparison againstQuiet = Comparison.of(List.of(quiet.dir), longThrottled.dir, null);
        assertEquals(MetricVerdict.WORSE, verdict(againstQuiet, "receive rate"));
        assertEquals(MetricVerdict.WORSE, againstQuiet.verdict());
    }

    /**
     * bench/compare-noise.sh's 64 KiB run: a load the SUT hardly feels reads "same" metric by metric. A load that differs
     * from every baseline's is "not comparable", which fails a nightly (exit code and junit.xml); one baseline of the same
     * load is enough to compare.
     */
    @Test
    void aLoadThatDiffersFromEveryBaselineIsNotComparableAndFailsTheNightly() throws Exception {
        SyntheticRun base = run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun other = run("20261122-020000-synthetic", T0 + HOUR, 200, 2).write();
        Comparison c = Comparison.of(List.of(base.dir), other.dir, null);
        assertEquals(Comparison.NOT_COMPARABLE, c.verdict());
        assertTrue(c.fails());
        String why = c.toJson().notComparable();
        assertTrue(why.startsWith("the load differs from the baseline's (rate 300 \u2192 200"), why);
        assertTrue(c.lines().contains("not comparable: " + why), String.join("\n", c.lines()));
        c.write();
        assertEquals(why, ComparisonJson.read(other.dir.resolve(ComparisonJson.FILE)).notComparable());
        String junit = Files.readString(other.dir.resolve(RunLayout.JUNIT_XML));
        assertTrue(junit.contains("name=\"same load as baseline 20261122-010000-synthetic\"")
                && junit.contains("message=\"not comparable: the load differs"), junit);
        SyntheticRun same = run("20261122-013000-synthetic", T0 + HOUR / 2, 200, 3).write();
        Comparison withOne = Comparison.of(List.of(base.dir, same.dir), other.dir, null);
        assertTrue(withOne.toJson().notComparable() == null && !withOne.verdict().equals(Comparison.NOT_COMPARABLE),
                "one baseline of the same load: " + withOne.verdict());
    }

    @Test
    void aDirectoryOfRunsStandsForItsLatestPassedRunsOfTheSameTest() throws Exception {
        run("20261122-010000-synthetic", T0, 300, 1).write();
        SyntheticRun b2 = run("20261122-020000-synthetic", T0 + HOUR, 300, 2).write();
        SyntheticRun b3 = run("20261122-030000-synthetic", T0 + 2 * HOUR, 300, 3).write();
        run("20261122-033000-synthetic", T0 + 2 * HOUR + HOUR / 2, 300, 4).verdict("failed").write();
        new SyntheticRun(Files.createDirectories(tmp.resolve("20261122-034000-other")), T0 + 2 * HOUR, 5, 300, 1).named("other").write();
        SyntheticRun cand = run("20261122-040000-synthetic", T0 + 3 * HOUR, 300, 5).write();
        run("20261122-050000-synthetic", T0 + 4 * HOUR, 300, 6).write();  // later than the run: not its baseline

        List<Path> baselines = Baselines.resolve(List.of(tmp), cand.dir);
        assertEquals(3, baselines.size(), baselines.toString());
        assertEquals(b3.dir.getFileName(), baselines.get(0).getFileName(), "newest first");
        assertEquals(b2.dir.getFileName(), baselines.get(1).getFileName());

        Comparison c = Comparison.of(baselines, cand.dir, null);
        JsonNode json = ResultsJson.MAPPER.valueToTree(c.toJson());
        assertEquals(3, json.path("baselines").size());
        assertTrue(json.path("method").asText().contains("run-to-run"), json.path("method").asText());
        assertEquals(3, metric(json, "response time p99").path("baselines").size());
        assertTrue(metric(json, "response time p50").path("basis").asText().length() > 0);
        assertEquals("same", c.verdict(), json.toPrettyString());
    }

    @Test
    void badInputIsNamed() throws Exception {
        SyntheticRun cand = run("20261122-020000-synthetic", T0 + HOUR, 300, 2).write();
        StringBuilder err = new StringBuilder();
        assertEquals(2, compare(err, tmp.resolve("nope").toString(), cand.dir.toString()));
        assertTrue(err.toString().contains("does not exist"), err.toString());
        err.setLength(0);
        assertEquals(2, compare(err, cand.dir.toString(), cand.dir.toString()));
        assertTrue(err.toString().contains("the run itself"), err.toString());
        err.setLength(0);
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(2, compare(err, empty.toString(), cand.dir.toString()));
        assertTrue(err.toString().contains("neither a run directory"), err.toString());
        err.setLength(0);
        assertEquals(2, compare(err, "--min-change", "lots", cand.dir.toString(), cand.dir.toString()));
        assertTrue(err.toString().contains("not a percentage"), err.toString());
        assertFalse(Files.exists(cand.dir.resolve(ComparisonJson.FILE)), "nothing written when nothing was compared");
    }

    /** The comparison's time axis is the report's: the load's clock, from the first sender's start (receivers start before). */
    @Test
    void theComparisonCountsTimeFromTheSameOriginAsTheReport() throws Exception {
        SyntheticRun r = run("20261122-010000-synthetic", T0, 300, 1).write();
        RunDirectory dir = RunDirectory.open(r.dir);
        assertEquals(r.startEpochMicros, dir.originMicros(), "the sender's start; the receiver's is 0.25 s earlier");
        assertEquals(dir.originMicros(), RunFigures.read(dir, List.of()).originMicros);
    }

    /** One metric judged alone by the former rule (each metric at 0.5 %, 3 sigma while the spread is not measured). */
    private static MetricVerdict alone(Metric m, double[] baselines, double[] baselineNoise, double candidate,
                                       double candidateNoise, double relativeFloor) {
        MetricChange c = MetricChange.of(m, baselines, baselineNoise, candidate, candidateNoise, relativeFloor);
        return c == null ? null : FalseAlarmRule.PER_METRIC.judge(List.of(c)).get(0);
    }

    /** A summary.json that holds nothing (every list empty). */
    private static final Summary EMPTY = Json.MAPPER.convertValue(Json.MAPPER.createObjectNode(), Summary.class);

    @Test
    void thresholdsFromFloorsAndSpread() {
        Metric p99 = Metric.of(EMPTY, EMPTY).stream().filter(m -> m.name().equals("response time p99")).findFirst().orElseThrow();
        // One baseline, no spread known: twice the floor (2 x 15 %) decides.
        MetricVerdict v = alone(p99, new double[] {10}, new double[] {Double.NaN}, 12.9, Double.NaN, p99.relativeFloor());
        assertEquals("same", v.verdict());
        assertEquals(3.0, v.threshold(), 1e-9);
        assertEquals("worse", alone(p99, new double[] {10}, new double[] {Double.NaN}, 13.1, Double.NaN, p99.relativeFloor()).verdict());
        assertEquals("better", alone(p99, new double[] {10}, new double[] {Double.NaN}, 6.9, Double.NaN, p99.relativeFloor()).verdict());
        // Spread between slices wider than that: 3 sigma of the difference.
        v = alone(p99, new double[] {10}, new double[] {1.2}, 14, 1.6, p99.relativeFloor());
        assertEquals(6.0, v.threshold(), 1e-5);
        assertEquals("same", v.verdict());
        // Several baselines: their run-to-run spread.
        v = alone(p99, new double[] {9, 10, 11}, new double[0], 13, Double.NaN, p99.relativeFloor());
        assertEquals(3 * Math.sqrt(4.0 / 3), v.threshold(), 1e-5);
        assertEquals("same", v.verdict());
        assertEquals("worse", alone(p99, new double[] {9, 10, 11}, new double[0], 14, Double.NaN, 0.15).verdict());
        // Five baselines: the spread counts as measured; Student's t for 4 degrees of freedom, the plain floor.
        v = alone(p99, new double[] {9, 10, 11, 10, 10}, new double[0], 13.5, Double.NaN, p99.relativeFloor());
        assertEquals(4.604 * Math.sqrt(0.5) * Math.sqrt(1.2), v.threshold(), 1e-3);
        // Within it, yet that threshold (3.57 ms) is above the 1.5 ms floor: a rise of the size that counts would not show.
        assertEquals("inconclusive", v.verdict());
        assertEquals("worse", alone(p99, new double[] {9, 10, 11, 10, 10}, new double[0], 13.7, Double.NaN, 0.15).verdict());
        // ... but never narrower than the runs' own slices show.
        assertEquals(4.604 * 2, alone(p99, new double[] {9, 10, 11, 10, 10}, new double[] {1.2, 1.2, 1.2, 1.2, 1.2},
                13.5, 1.6, 0.15).threshold(), 2e-3);
        // A latency under the absolute floor never flaps.
        assertEquals("same", alone(p99, new double[] {0.1}, new double[] {0.001}, 0.14, 0.001, p99.relativeFloor()).verdict());
        // Missing and never.
        assertEquals("missing", alone(p99, new double[] {10}, new double[] {1}, Double.NaN, Double.NaN, 0.15).verdict());
        assertTrue(alone(p99, new double[] {10}, new double[] {1}, Double.NaN, Double.NaN, 0.15).isRegression());
        assertEquals(null, alone(p99, new double[] {Double.NaN}, new double[] {1}, Double.NaN, Double.NaN, 0.15));
        Summary oneAction = Json.MAPPER.convertValue(Json.MAPPER.createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode>set("actions",
                Json.MAPPER.createArrayNode().add(Json.MAPPER.createObjectNode().put("handler", "restart"))), Summary.class);
        Metric outage = Metric.of(oneAction, EMPTY).get(Metric.of(EMPTY, EMPTY).size());
        assertEquals("worse", alone(outage, new double[] {4000}, new double[] {Double.NaN}, -1, Double.NaN, 0.25).verdict());
        assertEquals("better", alone(outage, new double[] {-1}, new double[] {Double.NaN}, 4000, Double.NaN, 0.25).verdict());
        assertEquals("same", alone(outage, new double[] {4000}, new double[] {Double.NaN}, 5900, Double.NaN, 0.25).verdict());
        assertEquals("worse", alone(outage, new double[] {4000}, new double[] {Double.NaN}, 6100, Double.NaN, 0.25).verdict());
        // A count that was zero: any loss is worse.
        Metric lost = Metric.of(EMPTY, EMPTY).stream().filter(m -> m.name().equals("lost")).findFirst().orElseThrow();
        assertEquals("worse", alone(lost, new double[] {0}, new double[] {Double.NaN}, 1, Double.NaN, 0.1).verdict());
        assertEquals("same", alone(lost, new double[] {0}, new double[] {Double.NaN}, 0, Double.NaN, 0.1).verdict());
        assertTrue(alone(lost, new double[] {0}, new double[] {Double.NaN}, 0, Double.NaN, 0.1).basis()
                .startsWith("floor 0 messages"), "a zero baseline has no percentage to speak of");
        assertEquals(0.05, CompareMain.parsePercent("5%"), 1e-12);
        assertEquals(0.005, CompareMain.parsePercent(" 0.5 % "), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> CompareMain.parsePercent("-3%"));
    }

    private static String verdict(Comparison c, String metric) {
        return c.verdicts().stream().filter(v -> v.metric().name().equals(metric)).findFirst().orElseThrow().verdict();
    }

    static int compare(StringBuilder output, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter w = new PrintWriter(bytes, true, StandardCharsets.UTF_8);
        int exit = new CommandLine(new CompareMain()).setOut(w).setErr(w).execute(args);
        w.flush();
        output.append(bytes.toString(StandardCharsets.UTF_8));
        return exit;
    }

    static JsonNode metric(JsonNode comparison, String name) {
        for (JsonNode m : comparison.path("metrics")) {
            if (m.path("metric").asText().equals(name)) {
                return m;
            }
        }
        throw new AssertionError("no metric '" + name + "' in " + comparison.toPrettyString());
    }

    private static Document junit(Path dir) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(dir.resolve("junit.xml").toFile());
    }

    private static Element suite(Document doc, String name) {
        NodeList suites = doc.getElementsByTagName("testsuite");
        for (int i = 0; i < suites.getLength(); i++) {
            if (((Element) suites.item(i)).getAttribute("name").equals(name)) {
                return (Element) suites.item(i);
            }
        }
        throw new AssertionError("no testsuite " + name);
    }

    private static int countSuites(Document doc, String nameSuffix) {
        NodeList suites = doc.getElementsByTagName("testsuite");
        int n = 0;
        for (int i = 0; i < suites.getLength(); i++) {
            if (((Element) suites.item(i)).getAttribute("name").endsWith(nameSuffix)) {
                n++;
            }
        }
        return n;
    }

    private static String text(Element e) {
        StringBuilder b = new StringBuilder();
        NodeList failures = e.getElementsByTagName("failure");
        for (int i = 0; i < failures.getLength(); i++) {
            b.append(((Element) failures.item(i)).getAttribute("message")).append('\n');
        }
        return b.toString();
    }
}
