package org.maestro.reports.page;

import org.maestro.common.note.LatencyMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.Figures;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunTopology;
import org.maestro.results.reduce.PeerReduction;
import org.maestro.results.reduce.RateLogTally;
import org.maestro.results.ComparisonJson;
import org.maestro.results.ResultsJson;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.Summary;
import org.maestro.results.reduce.TimeBuckets;
import org.maestro.results.reduce.WarmupBoundary;
import org.maestro.reports.HdrLogSeries;
import org.maestro.reports.Json;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.Series;

/**
 * Everything report.html shows, as one JSON object built in one streaming pass over the run's files: the
 * summary as the client wrote it, the charts (x in seconds from the origin, the run's start), the figures
 * read from the HDR logs, the warm-up band, and the markers of agent actions and failed peers. The peers, warm-up,
 * throughput and latency are built here; the topology ({@link TopologySection}), the inspectors' charts
 * ({@link InspectorCharts}), the markers ({@link TimeMarkers}) and the peers' systems and console log
 * ({@link SystemsAndConsole}) by their own classes, in this order.
 */
public final class ReportData {
    private static final String[] HDR_TITLES = {"Response time (corrected for coordinated omission)",
            "Service time", "Send delay"};
    private static final String ROUND_TRIP_TITLE = "Round trip";
    /** The clock of a figure a sender takes alone (its send delay). */
    private static final String SENDER_CLOCK = "the sender's clock";

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
        TopologySection.add(run, d.topology, d.root);
        InspectorCharts.add(run, d.topology, d.originMicros, d.bucketSeconds, d.charts, d.notes);
        TimeMarkers markers = new TimeMarkers(d.markers, d.originMicros);
        markers.actions(run, d.root);
        markers.failures(run, d.lastActivityMicros);
        d.comparison();
        SystemsAndConsole.systems(run, d.root, d.notes);
        SystemsAndConsole.consoleLog(run, d.root);
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
                String route = run.frame.route(p.name());
                if (k == 0 && byRoute.containsKey(route)) {
                    byRoute.get(route).add(s.measured);
                }
                // The peer's figures, count and percentiles, as summary.json has them (computed once, by the same model); a
                // peer it lacks (an older run, files collected later) from the run's reduction. Null (unknown) when
                // nothing was measured.
                Summary.Latency l = p.summary() != null && p.summary().dataMissing() == null
                        ? Summary.Latency.known(latencyOf(p.summary(), k)) : reduced.get(p.name()).latency(PeerFiles.HDR_LOGS.get(k));
                drawPeer(p, s, overTime, distribution, figures.addObject(), new Measure(HDR_TITLES[k], PeerFiles.HDR_LOGS.get(k),
                        sendDelay ? SENDER_CLOCK : LatencyMode.ONE_WAY_CLOCK), l);
            }
        }
        roundTrips(figures);
        if (!byRoute.isEmpty()) {
            ObjectNode routes = chart("routes-latency", HDR_TITLES[0] + " by route: percentile distribution after warm-up",
                    "distribution", "ms");
            byRoute.forEach((name, h) -> ((ArrayNode) routes.get("series")).add(Json.series(HdrLogSeries.distribution(h, name))));
        }
    }

    /**
     * Each sender's round trips, where its route measured latency round trip: over time, their distribution, and a
     * figure each, on the sender's clock.
     */
    private void roundTrips(ArrayNode figures) {
        String file = PeerFiles.LATENCY_ROUND_TRIP_HLOG;
        List<PeerDir> senders = run.peers.stream().filter(p -> p.isSender() && Files.isRegularFile(p.dir().resolve(file))).toList();
        if (senders.isEmpty()) {
            return;
        }
        ObjectNode overTime = chart("hdr-time-round-trip", ROUND_TRIP_TITLE + " over time (p50, p99, max per "
                + (bucketSeconds == 1 ? "second" : bucketSeconds + " s") + ")", "time", "ms");
        ObjectNode distribution = chart("hdr-dist-round-trip", ROUND_TRIP_TITLE + ": percentile distribution after warm-up",
                "distribution", "ms");
        for (PeerDir p : senders) {
            Summary.Latency l = p.summary() != null && p.summary().dataMissing() == null
                    ? Summary.Latency.known(p.summary().roundTrip()) : reduced.get(p.name()).latency(file);
            drawPeer(p, perBucket.get(p.name()).get(file), overTime, distribution, figures.addObject(),
                    new Measure(ROUND_TRIP_TITLE, file, LatencyMode.ROUND_TRIP_CLOCK), l);
        }
    }

    /** A latency measure as the report names it: its title, its HDR log, and the clock it is taken on. */
    private record Measure(String title, String file, String clock) {
    }

    /** One peer's HDR log on the two charts, and its figure {@code l} (null: unknown) as {@code f}. */
    private static void drawPeer(PeerDir p, HdrLogSeries s, ObjectNode overTime, ObjectNode distribution, ObjectNode f, Measure m,
                                 Summary.Latency l) {
        ArrayNode lines = (ArrayNode) overTime.get("series");
        for (Series line : List.of(s.p50, s.p99, s.max)) {
            Series named = new Series(p.name() + " " + line.label);
            for (int i = 0; i < line.size(); i++) {
                named.add(line.x(i), line.y(i));
            }
            lines.add(Json.series(named));
        }
        ((ArrayNode) distribution.get("series")).add(Json.series(s.distribution(p.name())));
        f.put("peer", p.name());
        f.put("measure", m.title());
        f.put("file", m.file());
        f.put("clock", m.clock());
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

    /** The figure of HDR log {@code k} ({@link PeerFiles#HDR_LOGS}) in a peer's summary. */
    private static Summary.Latency latencyOf(Summary.PeerResult p, int k) {
        return switch (k) {
            case 0 -> p.responseTime();
            case 1 -> p.serviceTime();
            default -> p.sendDelay();
        };
    }

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
