package org.maestro.reports.compare;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.reports.results.HdrIntervalLog;
import org.maestro.reports.results.RateLogTally;
import org.maestro.reports.results.Summary;
import org.maestro.reports.results.TimeBuckets;
import org.maestro.reports.results.WarmupBoundary;
import org.maestro.reports.HdrLogSeries;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.Series;

/**
 * What a comparison needs of one run besides the figures of its summary.json (which it compares): messages sent and
 * received per second and the worst receiver's p99 per second after warm-up (x in seconds from the load's clock
 * origin, the first sender's start, as in the report, so two runs line up), the latency distributions after warm-up,
 * and the measured period cut into a few slices with each metric measured on each slice — their spread estimates how much the figure moves by chance. Read with the
 * results model's readers ({@link RateLogTally}, {@link HdrIntervalLog}) and warm-up boundaries
 * ({@link WarmupBoundary}). A route's slices span that route's own measured period: from its senders' warm-up end to
 * its own peers' last message (summary.json's routes name its peers), not the run's.
 */
public final class RunFigures {
    /** Slices of the measured period; each must be at least a second long. */
    static final int SLICES = 8;
    /**
     * A run's spread between slices is an estimate of its noise only from this many slices on (4 degrees of freedom):
     * from two or three, a calm pair of seconds on a busy host reads as no noise, a burst as a noise larger than the
     * figure. A run measured for fewer whole seconds has no slice spread ({@link #tooFewSlices}).
     */
    static final int MIN_SLICES = 5;

    final RunDirectory run;
    final String name;
    /** The origin of the run's time axis, the load's clock ({@link RunDirectory#originMicros}), epoch microseconds. */
    final long originMicros;
    final TimeBuckets sent;
    final TimeBuckets received;
    /** Response time p99 per second after warm-up (warm-up-tagged intervals left out), the worst of the receivers. */
    final TreeMap<Double, Double> worstP99 = new TreeMap<>();
    /** Response time, service time and send delay after warm-up, all peers merged (see {@link PeerFiles#HDR_LOGS}). */
    final Histogram[] measured = {new Histogram(3), new Histogram(3), new Histogram(3)};
    /**
     * Seconds from the load's clock origin to the end of the warm-up as the data has it: the latest sender's warm-up end or
     * the end of the latest warm-up-tagged interval of a receiver, whichever is later. 0 when there was none.
     */
    double warmupEndSeconds;
    private final Map<Metric, double[]> sliceValues = new HashMap<>();
    /** The whole run's part, and each route's (a run of several routes), so that a route's metric has its own spread. */
    private Part whole;
    private final Map<String, Part> routes = new HashMap<>();
    /** The route of each sender and receiver, from summary.json's routes. */
    private final Map<String, String> routeOf = new HashMap<>();

    /**
     * Counts per second and the measured period's slices of each HDR measure, of the whole run or of one route.
     *
     * @param from the first whole second after its warm-up boundary, from the load's clock origin
     * @param to   the last whole second of its own peers' messages
     */
    record Part(TimeBuckets sent, TimeBuckets received, Histogram[][] sliced, int from, int to, int slices) {
        static Part of(long originMicros, long measureFromMicros, long lastMicros) {
            // Whole seconds only: a partial first or last second would read as a slower slice.
            int from = (int) Math.ceil((measureFromMicros - originMicros) / 1e6);
            int to = (int) Math.floor((lastMicros - originMicros) / 1e6);
            int slices = Math.max(0, Math.min(SLICES, to - from));
            if (slices < MIN_SLICES) {
                slices = 0;
            }
            Histogram[][] sliced = new Histogram[PeerFiles.HDR_LOGS.size()][slices];
            for (Histogram[] row : sliced) {
                for (int i = 0; i < row.length; i++) {
                    row[i] = new Histogram(3);
                }
            }
            return new Part(new TimeBuckets(originMicros, 1), new TimeBuckets(originMicros, 1), sliced, from, to, slices);
        }

        /** The slice holding second {@code second}, or -1 outside the measured period (a late interval joins the last). */
        int slice(long second) {
            if (slices == 0 || second < from) {
                return -1;
            }
            return (int) Math.min(slices - 1, (second - from) * slices / (to - from));
        }

        int firstSecond(int slice) {
            return from + (int) ((long) slice * (to - from) / slices);
        }
    }

    private RunFigures(RunDirectory run) {
        this.run = run;
        this.name = run.dir.getFileName().toString();
        this.originMicros = run.originMicros();
        this.sent = new TimeBuckets(originMicros, 1);
        this.received = new TimeBuckets(originMicros, 1);
        for (Summary.RouteResult r : run.summary.routes()) {
            r.peers().forEach(p -> routeOf.put(p, r.name()));
        }
    }

    public static RunFigures read(RunDirectory run, Iterable<Metric> metrics) throws IOException {
        RunFigures f = new RunFigures(run);
        f.readAll(metrics);
        return f;
    }

    private void readAll(Iterable<Metric> metrics) throws IOException {
        List<PeerDir> workers = run.peers.stream().filter(p -> p.isSender() || p.isReceiver()).toList();
        Map<String, Long> boundaries = WarmupBoundary.of(workers.stream()
                .map(p -> new WarmupBoundary.Worker(p.name(), p.isSender(), routeOf.get(p.name()), p.dir())).toList());
        // First the rate logs: each part's measured period, from its boundary to its own peers' last message.
        Map<String, RateLogTally> tallies = new HashMap<>();
        Map<String, long[]> spans = new HashMap<>(); // part -> {measure from, last}
        for (PeerDir p : workers) {
            long boundary = boundaries.getOrDefault(p.name(), 0L);
            RateLogTally t = RateLogTally.read(p.dir(), boundary, originMicros, 1);
            tallies.put(p.name(), t);
            for (String part : partsOf(p)) {
                long[] span = spans.computeIfAbsent(part, k -> new long[] {Long.MAX_VALUE, 0});
                if (p.isSender() && boundary > 0) {
                    span[0] = Math.min(span[0], boundary);
                }
                span[1] = Math.max(span[1], t.lastEpochMicros());
            }
        }
        spans.forEach((part, span) -> {
            Part made = Part.of(originMicros, span[0] == Long.MAX_VALUE ? originMicros : span[0], span[1]);
            if (part.isEmpty()) {
                whole = made;
            } else {
                routes.put(part, made);
            }
        });
        if (whole == null) {
            whole = Part.of(originMicros, originMicros, originMicros);
        }
        long warmupEnd = boundaries.values().stream().mapToLong(Long::longValue).filter(b -> b > 0).max().orElse(0);
        for (PeerDir p : workers) {
            RateLogTally t = tallies.get(p.name());
            (p.isSender() ? sent : received).addAll(t.counts());
            List<Part> parts = parts(p);
            parts.forEach(part -> (p.isSender() ? part.sent : part.received).addAll(t.counts()));
            for (int m = 0; m < PeerFiles.HDR_LOGS.size(); m++) {
                boolean sendDelay = m == 2;
                if (sendDelay != p.isSender()) {
                    continue;
                }
                HdrLogSeries overTime = HdrLogSeries.feed(originMicros, 1);
                int measure = m;
                long[] lastWarmupMillis = {0};
                HdrIntervalLog.forEachInterval(p.dir().resolve(PeerFiles.HDR_LOGS.get(m)), h -> {
                    if (HdrIntervalLog.isWarmup(h)) {
                        lastWarmupMillis[0] = Math.max(lastWarmupMillis[0], h.getEndTimeStamp());
                        return;
                    }
                    if (measure == 0) {
                        overTime.add(h);
                    }
                    measured[measure].add(h);
                    long second = Math.floorDiv(h.getStartTimeStamp() * 1000 - originMicros, 1_000_000L);
                    for (Part part : parts) {
                        int slice = part.slice(second);
                        if (slice >= 0) {
                            part.sliced[measure][slice].add(h);
                        }
                    }
                });
                overTime.finish();
                mergeWorst(overTime.p99);
                if (measure == 0) {
                    warmupEnd = Math.max(warmupEnd, lastWarmupMillis[0] * 1000);
                }
            }
        }
        warmupEndSeconds = warmupEnd <= originMicros ? 0 : (warmupEnd - originMicros) / 1e6;
        for (Metric metric : metrics) {
            Part part = metric.route() == null ? whole : routes.get(metric.route());
            if (metric.window() != null && part != null && part.slices > 0) {
                sliceValues.put(metric, sliceValues(metric, part));
            }
        }
    }

    /** The parts a peer counts in: the whole run's (""), and its route's when it has one. */
    private List<String> partsOf(PeerDir p) {
        String route = routeOf.get(p.name());
        return route == null ? List.of("") : List.of("", route);
    }

    private List<Part> parts(PeerDir p) {
        List<Part> out = new ArrayList<>();
        for (String name : partsOf(p)) {
            out.add(name.isEmpty() ? whole : routes.get(name));
        }
        return out;
    }

    /** A route's measured period, in whole seconds from the load's clock origin: {from, to}; null when it has none. */
    public int[] routeSeconds(String route) {
        Part p = routes.get(route);
        return p == null ? null : new int[] {p.from, p.to};
    }

    private double[] sliceValues(Metric metric, Part part) {
        double[] values = new double[part.slices];
        String source = metric.window().source();
        for (int i = 0; i < part.slices; i++) {
            int first = part.firstSecond(i);
            int end = part.firstSecond(i + 1);
            if (source.equals(Metric.Window.RECEIVED) || source.equals(Metric.Window.SENT)) {
                TimeBuckets counts = source.equals(Metric.Window.RECEIVED) ? part.received : part.sent;
                long n = 0;
                for (int s = first; s < end; s++) {
                    n += counts.get(s);
                }
                values[i] = n / (double) (end - first);
            } else {
                Histogram h = part.sliced[Arrays.asList(Metric.HDR_MEASURES).indexOf(source)][i];
                double q = metric.window().percentile();
                values[i] = h.getTotalCount() == 0 ? Double.NaN
                        : HdrLogSeries.millis(q >= 100 ? h.getMaxValue() : h.getValueAtPercentile(q));
            }
        }
        return values;
    }

    private void mergeWorst(Series p99) {
        for (int i = 0; i < p99.size(); i++) {
            worstP99.merge(p99.x(i), p99.y(i), Math::max);
        }
    }

    /**
     * Why this run cannot show how much {@code metric} moves by chance: "NAME measured 3 s", when the metric is
     * measured on slices but the run's (or its route's) measured period has fewer whole seconds than
     * {@link #MIN_SLICES}; null when it has enough, or the metric is not measured on slices (a count).
     */
    String tooFewSlices(Metric metric) {
        if (metric.window() == null || sliceValues.containsKey(metric)) {
            return null;
        }
        Part part = metric.route() == null ? whole : routes.get(metric.route());
        int seconds = part == null ? 0 : Math.max(0, part.to - part.from);
        return name + " measured " + seconds + " whole s" + (metric.route() == null ? "" : " of route " + metric.route());
    }

    /**
     * How much the run's figure for {@code metric} moves between slices of the run: the standard deviation of its
     * values on the slices. NaN when the run is too short to slice or the metric cannot be sliced.
     */
    public double noise(Metric metric) {
        double[] values = sliceValues.get(metric);
        return values == null ? Double.NaN : Spread.standardDeviation(values);
    }
}
