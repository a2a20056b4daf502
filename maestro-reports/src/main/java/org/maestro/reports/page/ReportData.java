package org.maestro.reports.page;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.Figures;
import org.maestro.common.runfiles.HandlersCsv;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.common.runfiles.TestJson;
import org.maestro.results.PeerReduction;
import org.maestro.results.RateLogTally;
import org.maestro.results.ComparisonJson;
import org.maestro.results.ResultsJson;
import org.maestro.results.RunReduction;
import org.maestro.results.Summary;
import org.maestro.results.TimeBuckets;
import org.maestro.results.WarmupBoundary;
import org.maestro.reports.HdrLogSeries;
import org.maestro.reports.Json;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.Series;
import org.maestro.results.RouterHops;

/**
 * Everything report.html shows, as one JSON object built in one streaming pass over the run's files: the
 * summary as the client wrote it, the charts (x in seconds from the origin, the run's start), the figures
 * read from the HDR logs, the warm-up band, and the markers of agent actions and failed peers.
 */
public final class ReportData {
    private static final String[] HDR_TITLES = {"Response time (corrected for coordinated omission)",
            "Service time", "Send delay"};

    /** At most this many points per line on a time chart: a longer run gets buckets of several seconds. */
    static final int MAX_POINTS = 3600;

    private final RunDirectory run;
    private final long originMicros;
    private final int bucketSeconds;
    private final ObjectNode root = Json.MAPPER.createObjectNode();
    private final ArrayNode charts;
    private final ArrayNode markers;
    private final ArrayNode notes;
    private final Map<String, Long> lastActivityMicros = new HashMap<>();
    /** Each sender's and receiver's files as the results model reduced them, by peer name. */
    private final Map<String, PeerReduction> reduced = new HashMap<>();
    /** Each one's HDR logs per bucket (p50, p99, max), by peer name and file. */
    private final Map<String, Map<String, HdrLogSeries>> perBucket = new HashMap<>();

    /** The topology the client started for this run, or null: which router each inspector and worker used. */
    private final RunTopology topology;

    private ReportData(RunDirectory run) throws IOException {
        this.run = run;
        this.topology = RunTopology.read(run.dir).orElse(null);
        this.originMicros = run.originMicros();
        long end = Json.epochMicros(run.summary.end());
        this.bucketSeconds = bucketSeconds(end < 0 ? 0 : end - originMicros, MAX_POINTS);
        root.put("originEpochMillis", originMicros / 1000);
        root.put("bucketSeconds", bucketSeconds);
        // summary.json as the results model writes it (numbers as JSON has them, as a reader of the file sees them).
        root.set("summary", Json.MAPPER.readTree(ResultsJson.MAPPER.writeValueAsBytes(run.summary)));
        // A figure's label, written once (the console and the worker's end line use the same).
        root.putObject("labels").put("rate", Figures.RATE_AFTER_WARMUP);
        charts = root.putArray("charts");
        markers = root.putArray("markers");
        notes = root.putArray("notes");
    }

    /** The bucket width in seconds that keeps a run of {@code durationMicros} within {@code maxPoints} points. */
    static int bucketSeconds(long durationMicros, int maxPoints) {
        long seconds = Math.max(0, durationMicros) / 1_000_000L + 1;
        return (int) Math.max(1, (seconds + maxPoints - 1) / maxPoints);
    }

    public static ObjectNode build(RunDirectory run) throws IOException {
        ReportData d = new ReportData(run);
        d.reduce();
        d.peers();
        d.warmup();
        d.throughput();
        d.latency();
        d.topology();
        d.inspectors();
        d.actions();
        d.failures();
        d.comparison();
        d.systems();
        d.consoleLog();
        return d.root;
    }

    private void peers() {
        ArrayNode peers = root.putArray("peers");
        for (PeerDir p : run.peers) {
            ObjectNode n = peers.addObject();
            n.put("name", p.name());
            n.put("role", p.role());
            n.put("host", p.host());
            n.put("collected", Files.isDirectory(p.dir()));
            if (p.startEpochMicros() >= 0) {
                n.put("startSeconds", Json.round((p.startEpochMicros() - originMicros) / 1e6));
            }
            n.put("warmupSeconds", p.warmupMicros() / 1e6);
        }
    }

    private void warmup() {
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (PeerDir p : run.peers) {
            if ((p.isSender() || p.isReceiver()) && p.startEpochMicros() >= 0 && p.warmupMicros() > 0) {
                from = Math.min(from, p.startEpochMicros());
                to = Math.max(to, p.startEpochMicros() + p.warmupMicros());
            }
        }
        if (from < to) {
            ObjectNode w = root.putObject("warmup");
            w.put("from", Json.round((from - originMicros) / 1e6));
            w.put("to", Json.round((to - originMicros) / 1e6));
        }
    }

    /**
     * Each sender's and receiver's files reduced once by the results model, its HDR intervals drawn per bucket on the
     * way (warm-up included: the report shades it).
     */
    private void reduce() throws IOException {
        for (WarmupBoundary.Worker w : run.frame.workers()) {
            Map<String, HdrLogSeries> series = new LinkedHashMap<>();
            PeerReduction.logsOf(w.sender()).forEach(f -> series.put(f, HdrLogSeries.feed(originMicros, bucketSeconds)));
            perBucket.put(w.name(), series);
        }
        RunReduction reduction = run.reduce(bucketSeconds, rateLogs -> (w, file, h) -> perBucket.get(w.name()).get(file).add(h));
        perBucket.values().forEach(series -> series.values().forEach(HdrLogSeries::finish));
        reduction.peers().forEach(p -> reduced.put(p.name(), p));
    }

    private void throughput() {
        String per = bucketSeconds == 1 ? "" : " (average of " + bucketSeconds + " s)";
        ObjectNode sent = chart("throughput-sent", "Messages sent per second" + per, "time", "msg/s");
        ObjectNode received = chart("throughput-received", "Messages received per second" + per, "time", "msg/s");
        TimeBuckets sentTotal = new TimeBuckets(originMicros, bucketSeconds);
        TimeBuckets receivedTotal = new TimeBuckets(originMicros, bucketSeconds);
        int senders = 0;
        int receivers = 0;
        ArrayNode counts = root.putArray("rateLogs");
        for (PeerDir p : run.peers) {
            if (!p.isSender() && !p.isReceiver()) {
                continue;
            }
            RateLogTally t = reduced.get(p.name()).rateLogs();
            ObjectNode c = counts.addObject();
            c.put("peer", p.name());
            c.put("role", p.role());
            if (!Files.isDirectory(p.dir())) {
                c.putNull("messages"); // its files were not collected: unknown, not 0
                continue;
            }
            c.put("messages", t.messages());
            if (t.truncatedFiles() > 0) {
                notes.add(p.name() + ": " + t.truncatedFiles() + " rate log(s) end inside a frame (the peer died while writing)");
            }
            if (t.lastEpochMicros() > 0) {
                lastActivityMicros.put(p.name(), t.lastEpochMicros());
            }
            if (t.messages() == 0) {
                continue;
            }
            ((ArrayNode) (p.isSender() ? sent : received).get("series")).add(Json.series(Series.of(p.name(), t.counts())));
            (p.isSender() ? sentTotal : receivedTotal).addAll(t.counts());
            if (p.isSender()) {
                senders++;
            } else {
                receivers++;
            }
        }
        if (senders > 1) {
            ((ArrayNode) sent.get("series")).add(Json.series(Series.of("total", sentTotal)));
        }
        if (receivers > 1) {
            ((ArrayNode) received.get("series")).add(Json.series(Series.of("total", receivedTotal)));
        }
    }

    private void latency() {
        ArrayNode figures = root.putArray("latency");
        // A run of several routes: each route's receivers' response times merged, one distribution per route.
        Map<String, Histogram> byRoute = new LinkedHashMap<>();
        if (run.summary.routes().size() > 1) {
            run.summary.routes().forEach(r -> byRoute.put(r.name(), new Histogram(3)));
        }
        for (int k = 0; k < PeerFiles.HDR_LOGS.size(); k++) {
            boolean sendDelay = k == 2;
            ObjectNode overTime = chart("hdr-time-" + k, HDR_TITLES[k] + " over time (p50, p99, max per "
                    + (bucketSeconds == 1 ? "second" : bucketSeconds + " s") + ")", "time", "ms");
            ObjectNode distribution = chart("hdr-dist-" + k, HDR_TITLES[k] + ": percentile distribution after warm-up",
                    "distribution", "ms");
            for (PeerDir p : run.peers) {
                Path file = p.dir().resolve(PeerFiles.HDR_LOGS.get(k));
                if (!Files.isRegularFile(file) || (sendDelay ? !p.isSender() : !p.isReceiver())) {
                    continue;
                }
                HdrLogSeries s = perBucket.get(p.name()).get(PeerFiles.HDR_LOGS.get(k));
                ArrayNode lines = (ArrayNode) overTime.get("series");
                for (Series line : List.of(s.p50, s.p99, s.max)) {
                    Series named = new Series(p.name() + " " + line.label);
                    for (int i = 0; i < line.size(); i++) {
                        named.add(line.x(i), line.y(i));
                    }
                    lines.add(Json.series(named));
                }
                ((ArrayNode) distribution.get("series")).add(Json.series(s.distribution(p.name())));
                String route = run.frame.route(p.name());
                if (k == 0 && byRoute.containsKey(route)) {
                    byRoute.get(route).add(s.measured);
                }
                ObjectNode f = figures.addObject();
                f.put("peer", p.name());
                f.put("measure", HDR_TITLES[k]);
                f.put("file", PeerFiles.HDR_LOGS.get(k));
                // The peer's figures, count and percentiles, as summary.json has them (computed once, by the same model); a
                // peer it lacks (an older run, files collected later) from the run's reduction. Null (unknown) when
                // nothing was measured.
                Summary.Latency l = p.summary() != null && p.summary().dataMissing() == null
                        ? Summary.Latency.known(latencyOf(p.summary(), k)) : reduced.get(p.name()).latency(PeerFiles.HDR_LOGS.get(k));
                f.put("count", l == null ? 0 : l.count());
                for (double q : new double[] {50, 90, 99, 99.9, 100}) {
                    String field = q == 100 ? "max" : "p" + (q == 99.9 ? "999" : String.valueOf((int) q));
                    if (l == null) {
                        f.putNull(field);
                    } else {
                        f.put(field, l.at(q));
                    }
                }
            }
        }
        if (!byRoute.isEmpty()) {
            ObjectNode routes = chart("routes-latency", HDR_TITLES[0] + " by route: percentile distribution after warm-up",
                    "distribution", "ms");
            byRoute.forEach((name, h) -> ((ArrayNode) routes.get("series")).add(Json.series(HdrLogSeries.distribution(h, name))));
        }
    }

    /** The figure of HDR log {@code k} ({@link PeerFiles#HDR_LOGS}) in a peer's summary. */
    private static Summary.Latency latencyOf(Summary.PeerResult p, int k) {
        return switch (k) {
            case 0 -> p.responseTime();
            case 1 -> p.serviceTime();
            default -> p.sendDelay();
        };
    }

    /**
     * A chart of rates (counters) and one of levels (gauges) per inspector CSV, each with the series that moved most
     * and a note on what it left out; a CSV where nothing moved gets a line in the notes instead. A chart names the
     * router its inspector sampled (by the run's topology); an inspector of several routers has each router's CSVs in a
     * directory of its own (test.json's targets), charted per router. Each link's deliveries over the run (the hops of a
     * line) are summary.json's {@code hops}.
     */
    private void inspectors() throws IOException {
        for (PeerDir p : run.peers) {
            // Only an inspector's CSVs are data series: a receiver's sequence events, a generator's own CPU (the "Load
            // generators" table) and an agent's handler runs are records shown elsewhere, not charts.
            if (!p.isInspector() || !Files.isDirectory(p.dir())) {
                continue;
            }
            for (TestJson.Target target : inspectedTargets(p)) {
                inspectorCharts(p, target);
            }
        }
    }

    /** The charts of one target of an inspector (the inspector itself when it sampled one URL). */
    private void inspectorCharts(PeerDir p, TestJson.Target target) throws IOException {
        Path dir = target.directory(p.dir());
        if (!Files.isDirectory(dir)) {
            notes.add(p.name() + ": no files of " + target.name() + " (" + dir.getFileName() + "/ was not collected)");
            return;
        }
        List<Path> csvs;
        try (Stream<Path> files = Files.list(dir)) {
            csvs = files.filter(PeerFiles::isCsv).sorted().toList();
        }
        Map<String, Map.Entry<String, TestJson.DataSet>> dataSets = new HashMap<>();
        target.dataSets().forEach((name, d) -> dataSets.put(d.file(), Map.entry(name, d)));
        NavigableSet<Double> ticks = InspectorCsv.ticks(dir.resolve(PeerFiles.dataSetCsv(PeerFiles.SAMPLING_DATA_SET)),
                originMicros);
        String router = RouterHops.routerOf(topology, target);
        String who = router.isEmpty() ? p.name() : router + " (" + p.name() + ")";
        for (Path csv : csvs) {
            String file = csv.getFileName().toString();
            Map.Entry<String, TestJson.DataSet> named = dataSets.get(file);
            TestJson.DataSet d = named == null ? null : named.getValue();
            String noun = named == null ? "" : named.getKey();
            InspectorCsv c = InspectorCsv.read(csv, d == null ? Map.of() : d.kinds(), noun, originMicros, bucketSeconds, ticks);
            for (InspectorCsv.Chart cc : c.charts) {
                ObjectNode chart = chart("csv-" + charts.size(), who + ": " + file
                        + (cc.rates() ? ": rates per second (counters)" : ": levels (gauges)"), "time", cc.rates() ? "/s" : "");
                chart.put("inspector", p.name());
                cc.lines().forEach(s -> ((ArrayNode) chart.get("series")).add(Json.series(s)));
                if (!cc.note().isEmpty()) {
                    chart.put("note", cc.note());
                }
            }
            if (c.charts.isEmpty()) {
                notes.add(who + ": " + file + ": nothing charted (" + c.nothing + ")");
            }
        }
    }

    /**
     * What an inspector sampled, by its test.json: its targets (several routers), or itself as one; itself, without data
     * sets, when its test.json is missing or unreadable (said in the notes: its CSV columns' kinds are then guessed).
     */
    private List<TestJson.Target> inspectedTargets(PeerDir p) {
        try {
            Optional<TestJson> test = TestJson.read(p.dir());
            if (test.isPresent() && test.get() instanceof TestJson.Inspector i) {
                return i.inspected();
            }
        } catch (IOException e) {
            notes.add(p.name() + ": " + PeerFiles.TEST_JSON + " is not readable (" + e.getMessage()
                    + "): its CSV columns' kinds are guessed");
        }
        return List.of(new TestJson.Target("", "", Map.of()));
    }

    /**
     * The topology the client started (topology.json), its picture (topology.svg, inlined) and, for each node, the
     * peers that used it: senders and receivers by their URLs, inspectors by their management URL, and the agent beside
     * it (whose handlers restart it) as topology.json names it.
     */
    private void topology() throws IOException {
        if (topology == null) {
            return;
        }
        ObjectNode t = root.putObject("topology");
        t.put("description", topology.description());
        t.put("sendsOn", topology.sendsOn());
        t.put("receivesOn", topology.receivesOn());
        Path svg = run.dir.resolve(RunTopology.PICTURE);
        if (Files.isRegularFile(svg)) {
            t.put("svg", Files.readString(svg));
        }
        Map<String, ArrayNode> users = new LinkedHashMap<>();
        ArrayNode nodes = t.putArray("nodes");
        for (RunTopology.Node n : topology.nodes()) {
            ObjectNode o = nodes.addObject();
            o.put("name", n.name());
            o.put("kind", n.kind());
            o.put("url", n.url());
            String log = RunLayout.routerLog(n.name()); // a router --local started: its log, kept in the run directory
            if (Files.isRegularFile(run.dir.resolve(log))) {
                o.put("log", log);
            }
            users.put(n.name(), o.putArray("peers"));
            if (n.agent() != null) {
                users.get(n.name()).addObject().put("peer", n.agent()).put("role", "agent").put("what", "acts on");
            }
        }
        ArrayNode links = t.putArray("links");
        topology.links().forEach(l -> links.addObject().put("from", l.from()).put("to", l.to()).put("cost", l.cost()));
        for (PeerDir p : run.peers) {
            Optional<TestJson> test;
            try {
                test = TestJson.read(p.dir());
            } catch (IOException e) {
                continue; // not collected or unreadable: it used no router the report can tell
            }
            List<String[]> uses = new ArrayList<>(); // {url, what}
            test.flatMap(TestJson::asWorker).ifPresent(w -> uses.add(p.isSender() ? new String[] {w.sendUrl(), "sends"}
                    : new String[] {w.receiveUrl(), "receives"}));
            test.filter(x -> x instanceof TestJson.Inspector).map(x -> (TestJson.Inspector) x)
                    .ifPresent(i -> i.inspected().forEach(target -> uses.add(new String[] {target.managementUrl(), "inspects"})));
            for (String[] use : uses) {
                topology.nodeAt(use[0]).ifPresent(n -> users.get(n.name()).addObject().put("peer", p.name()).put("role", p.role())
                        .put("what", use[1]));
            }
        }
    }

    private void actions() throws IOException {
        ArrayNode actions = root.putArray("handlerRuns");
        List<Summary.ActionResult> summaryActions = run.summary.actions();
        for (Summary.ActionResult a : summaryActions) {
            long at = Json.epochMicros(a.start());
            if (at < 0) {
                at = originMicros + a.atMillis() * 1000;
            }
            // Which agent ran it and when it started, as the summary has them (the console's words).
            marker(at, "action", a.describe() + " -> " + a.outcome() + " (" + a.when() + ")");
        }
        for (PeerDir p : run.peers) {
            Path file = p.dir().resolve(PeerFiles.HANDLERS_CSV);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            for (HandlersCsv.Row r : HandlersCsv.read(file)) {
                ObjectNode n = actions.addObject();
                n.put("peer", p.name());
                n.put("start", r.start());
                n.put("end", r.end());
                n.put("handler", r.handler());
                n.put("args", r.args());
                n.put("outcome", r.outcome());
                n.put("exitStatus", r.exitStatus());
                n.put("reason", r.reason());
                if (summaryActions.isEmpty()) {
                    long at = Json.epochMicros(Json.MAPPER.getNodeFactory().textNode(r.start()));
                    if (at >= 0) {
                        marker(at, "action", r.handler() + " " + r.args() + " -> " + r.outcome());
                    }
                }
            }
        }
    }

    /** Each peer's system.json (host, CPUs, heap, OS, JVM, driver): what the figures were measured on. */
    private void systems() throws IOException {
        ArrayNode systems = root.putArray("systems");
        for (PeerDir p : run.peers) {
            Path file = p.dir().resolve(PeerFiles.SYSTEM_JSON);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                JsonNode s = Json.MAPPER.readTree(file.toFile());
                if (s != null && s.isObject()) {
                    ObjectNode n = systems.addObject();
                    n.put("peer", p.name());
                    n.setAll((ObjectNode) s);
                }
            } catch (JsonProcessingException e) {
                notes.add(p.name() + ": " + PeerFiles.SYSTEM_JSON + " is not readable JSON (" + e.getOriginalMessage() + ")");
            }
        }
    }

    /** The end of console.log (what the user saw during the run); a long log keeps its last {@value #CONSOLE_TAIL} bytes. */
    private void consoleLog() throws IOException {
        Path file = run.dir.resolve(RunLayout.CONSOLE_LOG);
        if (!Files.isRegularFile(file)) {
            return;
        }
        long size = Files.size(file);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, size - CONSOLE_TAIL);
            byte[] tail = new byte[(int) (size - from)];
            f.seek(from);
            f.readFully(tail);
            String text = new String(tail, StandardCharsets.UTF_8);
            if (from > 0) {
                // Start at a whole line, and say what was left out.
                text = "[... first " + (from + text.indexOf('\n') + 1) + " bytes left out: see console.log]\n" + text.substring(text.indexOf('\n') + 1);
            }
            root.put("console", text);
        }
    }

    static final int CONSOLE_TAIL = 64 * 1024;

    /** The verdict against a baseline, when {@code maestro compare} or {@code run --baseline} left one. */
    private void comparison() throws IOException {
        Path file = run.dir.resolve(ComparisonJson.FILE);
        if (Files.isRegularFile(file)) {
            try {
                root.set("comparison", ResultsJson.MAPPER.valueToTree(ComparisonJson.read(file)));
            } catch (IOException e) {
                notes.add(e.getMessage() + ": run maestro compare again");
            }
        }
    }

    /**
     * A failed peer is marked where its rate logs end (its last message), else at the end of the run; an interruption of
     * the control plane where it began.
     */
    private void failures() {
        for (Summary.Interruption i : run.summary.interruptions()) {
            marker(Json.epochMicros(i.from()), "interruption", "control plane: " + i.who() + " away"
                    + (i.millis() != null ? " for " + i.millis() + " ms" : ", not back within the run"));
        }
        for (PeerDir p : run.peers) {
            if (!p.ok()) {
                long at = lastActivityMicros.getOrDefault(p.name(), Json.epochMicros(run.summary.end()));
                marker(at, "failure", p.name() + " failed: " + Objects.requireNonNullElse(p.summary().end(), ""));
            }
        }
    }

    private void marker(long epochMicros, String kind, String label) {
        if (epochMicros < 0) {
            return;
        }
        ObjectNode m = markers.addObject();
        m.put("x", Json.round((epochMicros - originMicros) / 1e6));
        m.put("kind", kind);
        m.put("label", label);
    }

    private ObjectNode chart(String id, String title, String kind, String unit) {
        return Json.chart(charts, id, title, kind, unit);
    }

    /** Drops the charts that got no line. */
    public static void dropEmptyCharts(ObjectNode root) {
        ArrayNode kept = Json.MAPPER.createArrayNode();
        for (JsonNode c : root.path("charts")) {
            if (!c.path("series").isEmpty()) {
                kept.add(c);
            }
        }
        root.set("charts", kept);
    }

    /** The lines of a chart, for tests. */
    public static List<JsonNode> series(JsonNode root, String chartId) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode c : root.path("charts")) {
            if (c.path("id").asText().equals(chartId)) {
                c.path("series").forEach(out::add);
            }
        }
        return out;
    }
}
