package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentMain;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.artemis.StandaloneArtemis;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.GrafanaDashboard;
import org.maestro.common.testing.PrometheusServer;
import org.maestro.common.testing.TestLab;
import org.maestro.inspector.InspectorMain;
import org.maestro.worker.WorkerMain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench/dashboard-during-restart.sh: what the Grafana dashboard shows while the agent restarts the SUT. Runs
 * {@code test-scripts/fixed-rate-with-agent.groovy} through {@code maestro run} against the standalone Artemis with a
 * sender, a receiver, an inspector (Jolokia) and an agent, each a process of its own; a real Prometheus with
 * prometheus/prometheus.yml (verbatim) scrapes them every second through the list {@code maestro targets} wrote.
 * Then every panel query and the annotation queries of grafana/dashboards/maestro.json are asked as Grafana would
 * (query_range over the run, step 1 s, {@code $test_id} the run's test) and printed: a timeline per second, what each
 * query returned (saying so when it returned nothing), and the dip against the run's summary.json.
 *
 * <p>Not a test (prints, asserts nothing): surefire runs it only when named, {@code -Dtest=DashboardDuringRestartBench}.
 * System properties: {@code maestro.bench.seconds} (30), {@code maestro.bench.at} (15s), {@code maestro.bench.rate} (500).
 */
class DashboardDuringRestartBench {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate-with-agent.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "dashboard-during-restart: ";
    private static final Pattern LEGEND_LABEL = Pattern.compile("\\{\\{\\s*(\\w+)\\s*}}");
    /** The peers' names, as the timeline's columns pick their series. */
    private static final String SENDER = "sender-1";
    private static final String RECEIVER = "receiver-1";
    private static final String AGENT = "agent-1";
    private static final String INSPECTOR = "inspector-1";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto(); // the SUT is a broker of its own, which the agent restarts

    @TempDir
    Path work;

    /** A query's series over the run: legend (as Grafana names it) to second (Unix) to value. */
    private final Map<String, Map<String, TreeMap<Long, Double>>> panels = new LinkedHashMap<>();
    /** The annotations Grafana would draw: second (Unix) to what it shows there. */
    private final Map<Long, List<String>> annotations = new TreeMap<>();
    /** The seconds each annotation's events begin at, by annotation name, for the summary lines. */
    private final Map<String, List<Long>> annotationStarts = new LinkedHashMap<>();

    @Test
    void whatTheDashboardShowsDuringAnAgentRestart() throws Exception {
        int seconds = Integer.getInteger("maestro.bench.seconds", 30);
        String at = System.getProperty("maestro.bench.at", "15s");
        long rate = Long.getLong("maestro.bench.rate", 500);
        Path data = work.resolve("data");
        Path runs = work.resolve("runs");
        String control = lab.controlUrl().toString();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties()) {
            sut.start();
            Path repo = org.maestro.client.local.HandlerRepository.commit(SCRIPT.resolveSibling("handlers"), work.resolve("handlers-repo"));
            PeerProcesses.start(lab, WorkerMain.class, control, data, RECEIVER, "--role", "receiver");
            PeerProcesses.start(lab, WorkerMain.class, control, data, SENDER, "--role", "sender");
            PeerProcesses.start(lab, InspectorMain.class, control, data, INSPECTOR);
            PeerProcesses.start(lab, AgentMain.class, control, data, AGENT, "--work-dir", data.resolve("agent-work").toString(),
                    "--allow", repo.toUri().toString());

            // The lab's way: the target list from a PING of the peers, and the repository's prometheus.yml as it is.
            Path targets = work.resolve("maestro.json");
            if (MaestroMain.execute("targets", "--broker", control, "--output", targets.toString()) != 0) {
                throw new IllegalStateException("maestro targets failed");
            }
            print("load average before the run: %s", Files.readString(Path.of("/proc/loadavg")).trim());
            String config = Files.readString(GrafanaDashboard.ROOT.resolve("prometheus/prometheus.yml"));
            try (PrometheusServer prometheus = lab.closeAfterEach(PrometheusServer.start(config,
                    Map.of("targets/maestro.json", Files.readString(targets))))) {
                awaitScraped(prometheus, 4);
                Instant from = Instant.now();
                MaestroCommand.Result r = MaestroCommand.run("run", SCRIPT.toString(), "--broker", control, "--runs", runs.toString(),
                        "-P", "url=" + sut.amqpUrl("bench.dashboard?failover=true&failover.initialReconnectDelay=100&failover.reconnectDelay=200"),
                        "-P", "rate=" + rate, "-P", "duration=" + seconds + "s", "-P", "at=" + at,
                        "-P", "handlers=" + repo.toUri(), "-P", "instance=" + sut.instanceDirectory(),
                        "-P", "jolokia=" + sut.jolokiaUrl(StandaloneArtemis.USER, StandaloneArtemis.PASSWORD));
                if (r.exitCode() == 2) {
                    throw new IllegalStateException("the run could not run:\n" + r.output());
                }
                Thread.sleep(3000); // the last scrapes after the end: 3 scrape intervals
                Instant to = Instant.now();
                print("load average after the run: %s", Files.readString(Path.of("/proc/loadavg")).trim());
                JsonNode summary = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());
                evaluate(prometheus, summary, from, to);
                report(summary, rate);
            }
        }
    }

    private static void awaitScraped(PrometheusServer prometheus, int peers) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!prometheus.values("sum(up{job=\"maestro\"})").equals(List.of((double) peers))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Prometheus does not scrape the " + peers + " peers: " + prometheus.targets());
            }
            Thread.sleep(200); // polling interval of a bounded wait: Prometheus scrapes every second
        }
    }

    /** Every panel query and annotation query, as Grafana asks them for this run's test. */
    private void evaluate(PrometheusServer prometheus, JsonNode summary, Instant from, Instant to) throws Exception {
        GrafanaDashboard dashboard = GrafanaDashboard.read().with(Map.of("$test_id", summary.path("testId").asText()));
        for (GrafanaDashboard.PanelQuery q : dashboard.queries()) {
            panels.put(q.name(), series(prometheus.queryRange(q.expr(), from, to, Duration.ofSeconds(1)), q.legendFormat()));
        }
        for (GrafanaDashboard.Annotation a : dashboard.annotations()) {
            Map<String, TreeMap<Long, Double>> series = series(prometheus.queryRange(a.expr(), from, to, Duration.ofSeconds(1)),
                    a.titleFormat());
            panels.put("annotation " + a.name(), series);
            List<Long> starts = annotationStarts.computeIfAbsent(a.name(), k -> new ArrayList<>());
            series.forEach((title, points) -> {
                if (a.useValueForTime()) {
                    // Grafana: each value is an event at that time (ms).
                    new TreeSet<>(points.values()).forEach(ms -> {
                        mark((long) (ms / 1000), "ANNOTATION " + a.name() + " \"" + title + "\"");
                        starts.add((long) (ms / 1000));
                    });
                } else {
                    // Grafana: non-zero samples at most a step (1 s) apart make one region.
                    Long begin = null;
                    Long last = null;
                    for (Map.Entry<Long, Double> p : points.entrySet()) {
                        if (p.getValue() > 0 && (last == null || p.getKey() - last > 1)) {
                            if (begin != null) {
                                mark(last, "ANNOTATION " + a.name() + " ends");
                            }
                            begin = p.getKey();
                            mark(begin, "ANNOTATION " + a.name() + " \"" + title + "\" begins");
                            starts.add(begin);
                        }
                        last = p.getValue() > 0 ? p.getKey() : last;
                    }
                    if (begin != null) {
                        mark(last, "ANNOTATION " + a.name() + " ends");
                    }
                }
            });
        }
    }

    private void mark(long second, String what) {
        annotations.computeIfAbsent(second, k -> new ArrayList<>()).add(what);
    }

    private static Map<String, TreeMap<Long, Double>> series(JsonNode result, String legendFormat) {
        Map<String, TreeMap<Long, Double>> out = new TreeMap<>();
        for (JsonNode s : result) {
            Matcher m = LEGEND_LABEL.matcher(legendFormat.isEmpty() ? s.path("metric").toString() : legendFormat);
            StringBuilder legend = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(legend, Matcher.quoteReplacement(s.path("metric").path(m.group(1)).asText()));
            }
            m.appendTail(legend);
            TreeMap<Long, Double> points = out.computeIfAbsent(legend.toString(), k -> new TreeMap<>());
            for (JsonNode v : s.path("values")) {
                points.put(v.path(0).asLong(), Double.parseDouble(v.path(1).asText()));
            }
        }
        return out;
    }

    private void report(JsonNode summary, long rate) {
        JsonNode action = summary.path("actions").path(0);
        Instant actionStart = Instant.parse(action.path("start").asText());
        Instant actionEnd = Instant.parse(action.path("end").asText());
        // The load's start: the action is planned from it (atMillis) and its handler started on time.
        Instant start = actionStart.minusMillis(action.path("atMillis").asLong());
        long outage = action.path("outageMillis").asLong();
        // From 3 s before a worker showed a rate to the end.
        TreeSet<Long> secs = new TreeSet<>();
        panels.values().forEach(p -> p.values().forEach(s -> secs.addAll(s.keySet())));
        long firstRate = panels.get("Rate: sent vs received, per peer / B").values().stream().mapToLong(TreeMap::firstKey)
                .min().orElse(secs.first());

        print("fixed-rate-with-agent.groovy, %d msg/s, test %s; t = seconds from the load's start %s (the action's start"
                + " minus its atMillis, summary.json)", rate, summary.path("testId").asText(), start);
        print("%5s %-11s %6s %6s %8s %8s %8s %5s %4s %4s %4s %6s %6s %4s %4s %5s %5s  %s", "t", "phase s/r", "sent/s", "recv/s",
                "rt p99", "rt max", "sd p99", "pend", "dup", "ooo", "ref", "sent", "recv", "runs", "busy", "insp", "miss", "marks");
        print("%5s %-11s %6s %6s %8s %8s %8s %5s %4s %4s %4s %6s %6s %4s %4s %5s %5s", "s", "", "msg/s", "msg/s", "ms", "ms", "ms",
                "", "", "", "", "total", "total", "done", "now", "/s", "/s");
        for (long sec : secs.tailSet(firstRate - 3)) {
            List<String> marks = new ArrayList<>();
            if (sec == actionStart.getEpochSecond()) {
                marks.add("handler starts (summary)");
            }
            if (sec == actionEnd.getEpochSecond()) {
                marks.add("handler ends (summary)");
            }
            if (outage > 0 && sec == actionStart.plusMillis(outage).getEpochSecond()) {
                marks.add("flow back (summary: outage " + outage + " ms)");
            }
            marks.addAll(annotations.getOrDefault(sec, List.of()));
            print("%5d %-11s %6s %6s %8s %8s %8s %5s %4s %4s %4s %6s %6s %4s %4s %5s %5s  %s", sec - start.getEpochSecond(),
                    phase(SENDER, sec) + "/" + phase(RECEIVER, sec),
                    num(sum("Rate: sent vs received, per peer / A", "sent " + SENDER, sec), 1),
                    num(sum("Rate: sent vs received, per peer / B", "received " + RECEIVER, sec), 1),
                    num(ms(sum("Response time percentiles (last second) / A", RECEIVER + " q0.99", sec)), 1),
                    num(ms(sum("Response time percentiles (last second) / A", RECEIVER + " q1", sec)), 1),
                    num(ms(sum("Send delay percentiles (last second) / A", SENDER + " q0.99", sec)), 1),
                    num(sum("Loss (pending, lost), duplicates, out of order, refused / E", "pending " + RECEIVER, sec), 1),
                    num(sum("Loss (pending, lost), duplicates, out of order, refused / B", "duplicated " + RECEIVER, sec), 1),
                    num(sum("Loss (pending, lost), duplicates, out of order, refused / C", "out of order " + RECEIVER, sec), 1),
                    num(sum("Loss (pending, lost), duplicates, out of order, refused / D", "refused " + SENDER, sec), 1),
                    num(sum("Messages so far / A", "sent", sec), 1), num(sum("Messages so far / C", "received", sec), 1),
                    num(sum("Agent handler runs / A", null, sec), 1), num(sum("Agent handler runs / B", "running on " + AGENT, sec), 1),
                    num(sum("Inspector samples / A", null, sec), 10), num(sum("Inspector samples / B", null, sec), 10),
                    String.join("; ", marks));
        }
        print("");
        print("every query of the dashboard, over the run (step 1 s):");
        for (Map.Entry<String, Map<String, TreeMap<Long, Double>>> p : panels.entrySet()) {
            if (p.getValue().isEmpty()) {
                print("  %-52s NO DATA during the run", p.getKey());
                continue;
            }
            for (Map.Entry<String, TreeMap<Long, Double>> s : p.getValue().entrySet()) {
                TreeMap<Long, Double> v = s.getValue();
                List<Double> numbers = v.values().stream().filter(d -> !d.isNaN()).toList();
                print("  %-52s %-36s %3d points (%d NaN), t %3d..%3d, min %s, max %s%s", p.getKey(), s.getKey(), v.size(),
                        v.size() - numbers.size(), v.firstKey() - start.getEpochSecond(), v.lastKey() - start.getEpochSecond(),
                        num(numbers.stream().min(Double::compare).orElse(null), 1000),
                        num(numbers.stream().max(Double::compare).orElse(null), 1000),
                        numbers.stream().allMatch(d -> d == 0) ? "  (only 0 during the run)" : "");
            }
        }
        print("");
        dip(summary, start, actionStart);
    }

    /** How deep and long the received rate's dip was, against the annotation and summary.json's measure of the action. */
    private void dip(JsonNode summary, Instant start, Instant actionStart) {
        TreeMap<Long, Double> received = new TreeMap<>();
        panels.get("Rate: sent vs received, per peer / B").forEach((legend, s) -> {
            if (legend.endsWith(RECEIVER)) {
                received.putAll(s);
            }
        });
        long t0 = start.getEpochSecond();
        long a = actionStart.getEpochSecond();
        // The rate before the action, in the running phase: the median of its seconds from 3 s after the start on.
        double[] before = received.subMap(t0 + 3, a).values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double normal = before.length == 0 ? Double.NaN : before[before.length / 2];
        Long dipFrom = null;
        Long dipTo = null;
        long zeroSeconds = 0;
        Long zeroFrom = null;
        Long zeroTo = null;
        double lowest = Double.MAX_VALUE;
        for (Map.Entry<Long, Double> e : received.tailMap(a, true).entrySet()) {
            if (e.getValue() < 0.5 * normal) {
                dipFrom = dipFrom == null ? e.getKey() : dipFrom;
                dipTo = e.getKey();
                if (e.getValue() == 0) {
                    zeroSeconds++;
                    zeroFrom = zeroFrom == null ? e.getKey() : zeroFrom;
                    zeroTo = e.getKey();
                }
                lowest = Math.min(lowest, e.getValue());
            } else if (dipFrom != null) {
                break;
            }
        }
        Long back = null;
        if (dipTo != null) {
            for (Map.Entry<Long, Double> e : received.tailMap(dipTo, false).entrySet()) {
                // At least 95 % of the rate: after an outage the senders catch up above it.
                if (e.getValue() >= 0.95 * normal) {
                    back = e.getKey();
                    break;
                }
            }
        }
        JsonNode action = summary.path("actions").path(0);
        print("received rate before the action (median from t=3): %.0f msg/s", normal);
        if (dipFrom == null) {
            print("dip: NONE seen by Prometheus (no second below half the rate after the handler started)");
        } else {
            print("dip (received below half the rate): t=%d..%d, %d s, %d of them at 0 msg/s; lowest %.0f msg/s; back to 95%% at t=%s",
                    dipFrom - t0, dipTo - t0, dipTo - dipFrom + 1, zeroSeconds, lowest, back == null ? "never" : Long.toString(back - t0));
        }
        print("outage: summary.json %d ms (handler start to the first message again); Prometheus: receiver at 0 msg/s for %d s%s",
                action.path("outageMillis").asLong(), zeroSeconds, zeroFrom == null ? "" : String.format(Locale.ROOT,
                        " (t=%d..%d), first second with messages again t=%d, %s s from the handler's start", zeroFrom - t0, zeroTo - t0,
                        zeroTo + 1 - t0, signed(zeroTo + 1 - a)));
        for (Map.Entry<String, List<Long>> an : annotationStarts.entrySet()) {
            if (an.getValue().isEmpty()) {
                print("annotation \"%s\": NONE (its query returned no value during the run)", an.getKey());
            }
            for (long at : an.getValue()) {
                print("annotation \"%s\" at t=%d: %s the dip's start, %s s from the handler's start (summary.json)", an.getKey(),
                        at - t0, dipFrom == null ? "(no dip)" : signed(at - dipFrom) + " s from", signed(at - a));
            }
        }
        print("summary.json action: %s %s at %d ms, handler %s .. %s (%.1f s), outage %d ms, recovery %d ms, lost %s, duplicated %s,"
                        + " out of order %s", action.path("handler").asText(), action.path("outcome").asText(), action.path("atMillis").asLong(),
                action.path("start").asText(), action.path("end").asText(),
                Duration.between(actionStart, Instant.parse(action.path("end").asText())).toMillis() / 1000.0,
                action.path("outageMillis").asLong(), action.path("recoveryMillis").asLong(), action.path("lost").asText(),
                action.path("duplicated").asText(), action.path("outOfOrder").asText());
        JsonNode totals = summary.path("totals");
        print("summary.json totals: sent %s, received %s, lost %s, duplicated %s, out of order %s", totals.path("sent").asText(),
                totals.path("received").asText(), totals.path("lost").asText(), totals.path("duplicated").asText(),
                totals.path("outOfOrder").asText());
        print("Prometheus at the end: sent %s, received %s, lost %s (pending at most %s during the run), duplicated %s, out of order %s, refused %s",
                last("Messages so far / A"), last("Messages so far / C"), last("Loss (pending, lost), duplicates, out of order, refused / A"),
                max("Loss (pending, lost), duplicates, out of order, refused / E"), last("Loss (pending, lost), duplicates, out of order, refused / B"),
                last("Loss (pending, lost), duplicates, out of order, refused / C"), last("Loss (pending, lost), duplicates, out of order, refused / D"));
    }

    /** The phase of a peer at a second: the phase series whose value is 1, abbreviated. */
    private String phase(String peer, long sec) {
        for (Map.Entry<String, TreeMap<Long, Double>> s : panels.get("Test phase per peer / A").entrySet()) {
            if (s.getKey().startsWith(peer + " ") && Double.valueOf(1).equals(s.getValue().get(sec))) {
                String p = s.getKey().substring(peer.length() + 1);
                return p.substring(0, Math.min(4, p.length()));
            }
        }
        return "-";
    }

    /** The sum of a query's series with this legend (null: all of them) at a second; null when none has a value. */
    private Double sum(String query, String legend, long sec) {
        Double total = null;
        for (Map.Entry<String, TreeMap<Long, Double>> s : panels.getOrDefault(query, Map.of()).entrySet()) {
            Double v = legend == null || s.getKey().equals(legend) ? s.getValue().get(sec) : null;
            if (v != null && !v.isNaN()) {
                total = total == null ? v : total + v;
            }
        }
        return total;
    }

    private String last(String query) {
        Double v = null;
        for (TreeMap<Long, Double> s : panels.getOrDefault(query, Map.of()).values()) {
            v = s.isEmpty() ? v : (v == null ? 0 : v) + s.lastEntry().getValue();
        }
        return num(v, 1);
    }

    private String max(String query) {
        return num(panels.getOrDefault(query, Map.of()).values().stream().flatMap(s -> s.values().stream())
                .max(Double::compare).orElse(null), 1);
    }

    private static Double ms(Double seconds) {
        return seconds == null ? null : seconds * 1000;
    }

    /** A value, "-" when there is none; {@code scale} 1 for whole numbers, else that many parts per unit are shown. */
    private static String num(Double v, int scale) {
        if (v == null) {
            return "-";
        }
        if (scale == 1 || v == Math.rint(v) && Math.abs(v) >= 1) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return String.format(Locale.ROOT, scale >= 1000 ? "%.3f" : "%.1f", v);
    }

    private static String signed(long v) {
        return (v >= 0 ? "+" : "") + v;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
