package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.maestro.reports.results.Summary;
import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.PeerFiles;

/**
 * What a comparison needs of one run, read in one streaming pass over its rate logs and HDR logs: messages sent and
 * received per second and the worst receiver's p99 per second (x in seconds from the load's start, so two runs
 * line up), the latency distributions after warm-up, and the run's measured period cut into a few slices with each
 * metric measured on each slice — their spread estimates how much the figure moves by chance. A route's metric is
 * measured on its own peers' slices (summary.json's routes name them).
 */
final class RunFigures {
    /** Slices of the measured period; each must be at least a second long. */
    static final int SLICES = 8;

    final RunDirectory run;
    final String name;
    /** When the load started (the earliest sender or receiver start), epoch microseconds. */
    final long loadStartMicros;
    final TimeBuckets sent;
    final TimeBuckets received;
    /** Response time p99 per second, the worst of the receivers. */
    final java.util.TreeMap<Double, Double> worstP99 = new java.util.TreeMap<>();
    /** Response time, service time and send delay after warm-up, all peers merged (see {@link PeerFiles#HDR_LOGS}). */
    final Histogram[] measured = {new Histogram(3), new Histogram(3), new Histogram(3)};
    private final Map<Metric, double[]> sliceValues = new HashMap<>();
    /** Each route's own counts and slices (a run of several routes), so that a route's metric has its own spread. */
    private final Map<String, Part> routes = new HashMap<>();
    /** The route of each sender and receiver, from summary.json's routes. */
    private final Map<String, String> routeOf = new HashMap<>();
    private int slices;

    /** Counts per second and the measured period's slices of each HDR measure, of the whole run or of one route. */
    private record Part(TimeBuckets sent, TimeBuckets received, Histogram[][] sliced) {
    }

    private RunFigures(RunDirectory run) {
        this.run = run;
        this.name = run.dir.getFileName().toString();
        this.loadStartMicros = run.peers.stream().filter(p -> p.isSender() || p.isReceiver())
                .mapToLong(PeerDir::startEpochMicros).filter(s -> s >= 0).min().orElse(run.originMicros());
        this.sent = new TimeBuckets(loadStartMicros, 1);
        this.received = new TimeBuckets(loadStartMicros, 1);
        for (Summary.RouteResult r : run.summary.routes()) {
            String route = r.name();
            r.peers().forEach(p -> routeOf.put(p, route));
            routes.put(route, new Part(new TimeBuckets(loadStartMicros, 1), new TimeBuckets(loadStartMicros, 1), null));
        }
    }

    static RunFigures read(RunDirectory run, Iterable<Metric> metrics) throws IOException {
        RunFigures f = new RunFigures(run);
        f.readAll(metrics);
        return f;
    }

    private void readAll(Iterable<Metric> metrics) throws IOException {
        long measureFrom = Long.MAX_VALUE;
        long last = 0;
        for (PeerDir p : run.peers) {
            if (!p.isSender() && !p.isReceiver()) {
                continue;
            }
            if (p.isSender() && p.startEpochMicros() >= 0) {
                measureFrom = Math.min(measureFrom, p.startEpochMicros() + p.warmupMicros());
            }
            RateLogTally t = RateLogTally.read(p.dir(), loadStartMicros, 1);
            (p.isSender() ? sent : received).addAll(t.counts());
            Part route = routes.get(routeOf.get(p.name()));
            if (route != null) {
                (p.isSender() ? route.sent : route.received).addAll(t.counts());
            }
            last = Math.max(last, t.lastEpochMicros());
        }
        if (measureFrom == Long.MAX_VALUE) {
            measureFrom = loadStartMicros;
        }
        // Whole seconds only: a partial first or last second would read as a slower slice.
        int from = (int) Math.ceil((measureFrom - loadStartMicros) / 1e6);
        int to = (int) Math.floor((last - loadStartMicros) / 1e6);
        slices = Math.max(0, Math.min(SLICES, to - from));
        if (slices < 2) {
            slices = 0;
        }
        Histogram[][] sliced = newSlices();
        routes.replaceAll((name, r) -> new Part(r.sent, r.received, newSlices()));
        for (PeerDir p : run.peers) {
            for (int m = 0; m < PeerFiles.HDR_LOGS.size(); m++) {
                Path file = p.dir().resolve(PeerFiles.HDR_LOGS.get(m));
                boolean sendDelay = m == 2;
                if (!Files.isRegularFile(file) || (sendDelay ? !p.isSender() : !p.isReceiver())) {
                    continue;
                }
                HdrLogSeries overTime = HdrLogSeries.feed(loadStartMicros, 1);
                Part route = routes.get(routeOf.get(p.name()));
                int measure = m;
                HdrLogSeries.forEachInterval(file, h -> {
                    if (measure == 0) {
                        overTime.add(h);
                    }
                    if (HdrLogSeries.isWarmup(h)) {
                        return;
                    }
                    measured[measure].add(h);
                    int slice = slice((h.getStartTimeStamp() * 1000 - loadStartMicros) / 1_000_000L, from, to);
                    if (slice >= 0) {
                        sliced[measure][slice].add(h);
                        if (route != null) {
                            route.sliced[measure][slice].add(h);
                        }
                    }
                });
                overTime.finish();
                mergeWorst(overTime.p99);
            }
        }
        for (Metric metric : metrics) {
            Part part = metric.route() == null ? new Part(sent, received, sliced) : routes.get(metric.route());
            if (metric.window() != null && slices > 0 && part != null) {
                sliceValues.put(metric, sliceValues(metric, part, from, to));
            }
        }
    }

    private Histogram[][] newSlices() {
        Histogram[][] sliced = new Histogram[PeerFiles.HDR_LOGS.size()][slices];
        for (Histogram[] row : sliced) {
            for (int i = 0; i < row.length; i++) {
                row[i] = new Histogram(3);
            }
        }
        return sliced;
    }

    /** The slice holding second {@code second}, or -1 outside the measured period (a late interval joins the last). */
    private int slice(long second, int from, int to) {
        if (slices == 0 || second < from) {
            return -1;
        }
        return (int) Math.min(slices - 1, (second - from) * slices / (to - from));
    }

    private double[] sliceValues(Metric metric, Part part, int from, int to) {
        double[] values = new double[slices];
        String source = metric.window().source();
        for (int i = 0; i < slices; i++) {
            int first = from + (int) ((long) i * (to - from) / slices);
            int end = from + (int) ((long) (i + 1) * (to - from) / slices);
            if (source.equals(Metric.Window.RECEIVED) || source.equals(Metric.Window.SENT)) {
                TimeBuckets counts = source.equals(Metric.Window.RECEIVED) ? part.received : part.sent;
                long n = 0;
                for (int s = first; s < end; s++) {
                    n += counts.get(s);
                }
                values[i] = n / (double) (end - first);
            } else {
                Histogram h = part.sliced[java.util.Arrays.asList(Metric.HDR_MEASURES).indexOf(source)][i];
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
     * How much the run's figure for {@code metric} moves between slices of the run: the standard deviation of its
     * values on the slices. NaN when the run is too short to slice or the metric cannot be sliced.
     */
    double noise(Metric metric) {
        double[] values = sliceValues.get(metric);
        return values == null ? Double.NaN : Spread.standardDeviation(values);
    }
}
