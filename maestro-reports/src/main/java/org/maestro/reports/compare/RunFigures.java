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
import org.maestro.results.reduce.HdrIntervalLog;
import org.maestro.results.reduce.PeerReduction;
import org.maestro.results.reduce.RateLogTally;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.reduce.TimeBuckets;
import org.maestro.results.reduce.WarmupBoundary;
import org.maestro.reports.HdrLogSeries;
import org.maestro.reports.RunDirectory;
import org.maestro.reports.Series;

/**
 * What a comparison needs of one run besides the figures of its summary.json (which it compares): messages sent and
 * received per second and the worst receiver's p99 per second after warm-up (x in seconds from the load's clock
 * origin, the first sender's start, as in the report, so two runs line up), the latency distributions after warm-up,
 * and the measured period cut into a few slices with each metric measured on each slice — their spread estimates how much the figure moves by chance.
 * Read with the run's reduction ({@link RunReduction}, the report's: rate logs, HDR logs and warm-up boundaries
 * read once). A route's slices span that route's own measured period: from its senders' warm-up end to
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
    }

    public static RunFigures read(RunDirectory run, Iterable<Metric> metrics) throws IOException {
        RunFigures f = new RunFigures(run);
        f.readAll(metrics);
        return f;
    }

    /**
     * The run's reduction (the same as the report's), counted per second: its rate logs first, which give each part's
     * measured period, then its HDR logs, each interval of the measured period put in its slice on the way.
     */
    private void readAll(Iterable<Metric> metrics) throws IOException {
        Map<String, HdrLogSeries> overTime = new HashMap<>();
        long[] lastWarmupMillis = {0};
        RunReduction reduction = run.reduce(1, rateLogs -> {
            measuredPeriods(rateLogs);
            return (w, file, h) -> interval(w, file, h, overTime, lastWarmupMillis);
        });
        for (PeerReduction p : reduction.peers()) {
            (p.sender() ? sent : received).addAll(p.rateLogs().counts());
            parts(p.name()).forEach(part -> (p.sender() ? part.sent : part.received).addAll(p.rateLogs().counts()));
        }
        for (int m = 0; m < PeerFiles.HDR_LOGS.size(); m++) {
            measured[m].add(reduction.measured(PeerFiles.HDR_LOGS.get(m)));
        }
        overTime.values().forEach(series -> {
            series.finish();
            mergeWorst(series.p99);
        });
        long warmupEnd = Math.max(run.frame.lastBoundary(), lastWarmupMillis[0] * 1000);
        warmupEndSeconds = warmupEnd <= originMicros ? 0 : (warmupEnd - originMicros) / 1e6;
        for (Metric metric : metrics) {
            Part part = metric.route() == null ? whole : routes.get(metric.route());
            if (metric.window() != null && part != null && part.slices > 0) {
                sliceValues.put(metric, sliceValues(metric, part));
            }
        }
    }

    /** Each part's measured period, from its senders' earliest boundary to its own peers' last message. */
    private void measuredPeriods(Map<String, RateLogTally> rateLogs) {
        Map<String, long[]> spans = new HashMap<>(); // part -> {measure from, last}
        for (WarmupBoundary.Worker w : run.frame.workers()) {
            long boundary = run.frame.boundary(w.name());
            for (String part : partsOf(w.name())) {
                long[] span = spans.computeIfAbsent(part, k -> new long[] {Long.MAX_VALUE, 0});
                if (w.sender() && boundary > 0) {
                    span[0] = Math.min(span[0], boundary);
                }
                span[1] = Math.max(span[1], rateLogs.get(w.name()).lastEpochMicros());
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
    }

    /**
     * One interval of a worker's HDR log: a measured one goes to its slices (and, of the response time, to the worker's
     * p99 per second); a warm-up one of the response time moves the data's warm-up end.
     */
    private void interval(WarmupBoundary.Worker w, String file, Histogram h, Map<String, HdrLogSeries> overTime,
                          long[] lastWarmupMillis) {
        int measure = PeerFiles.HDR_LOGS.indexOf(file);
        boolean response = measure == 0;
        if (HdrIntervalLog.isWarmup(h)) {
            if (response) {
                lastWarmupMillis[0] = Math.max(lastWarmupMillis[0], h.getEndTimeStamp());
            }
            return;
        }
        if (response) {
            overTime.computeIfAbsent(w.name(), k -> HdrLogSeries.feed(originMicros, 1)).add(h);
        }
        long second = Math.floorDiv(h.getStartTimeStamp() * 1000 - originMicros, 1_000_000L);
        for (Part part : parts(w.name())) {
            int slice = part.slice(second);
            if (slice >= 0) {
                part.sliced[measure][slice].add(h);
            }
        }
    }

    /** The parts a peer counts in: the whole run's (""), and its route's when it has one. */
    private List<String> partsOf(String peer) {
        String route = run.frame.route(peer);
        return route == null ? List.of("") : List.of("", route);
    }

    private List<Part> parts(String peer) {
        List<Part> out = new ArrayList<>();
        for (String part : partsOf(peer)) {
            out.add(part.isEmpty() ? whole : routes.get(part));
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
