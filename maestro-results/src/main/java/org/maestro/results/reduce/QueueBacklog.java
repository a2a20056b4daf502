package org.maestro.results.reduce;

import org.maestro.common.note.Role;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;
import org.maestro.common.runfiles.QueueColumns;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * How the SUT's queues filled while a step's load was measured, from an inspector's per-queue data set (a key column
 * {@value QueueColumns#QUEUE} and a gauge {@value QueueColumns#MESSAGE_COUNT}, e.g. Artemis through Jolokia): the
 * messages held in all queues at each sample, added up, and the growth per second as the least-squares slope of those
 * totals over the measured span. A SUT that keeps up holds about the messages in flight, a flat line; one that does not
 * holds a backlog that grows with time. This is the direct measure of what receive rate vs send rate infers.
 *
 * @param samples          the inspector's samples inside the span
 * @param firstMessages    messages held at the first of them
 * @param lastMessages     messages held at the last
 * @param spanSeconds      the time from the first to the last
 * @param growthPerSecond  the slope, messages per second (negative when the queues emptied); NaN when not
 *                         {@link #judged()}: too few samples tell no trend
 */
public record QueueBacklog(int samples, long firstMessages, long lastMessages, double spanSeconds, double growthPerSecond) {
    /** Fewer samples than this in the span tell no trend: the judgement falls back to the rates. */
    public static final int MIN_SAMPLES = 3;

    /** Whether the samples tell a trend ({@value #MIN_SAMPLES} or more): else the judgement falls back to the rates, and says so. */
    public boolean judged() {
        return samples >= MIN_SAMPLES;
    }

    /** The growth per second when {@link #judged()}, else null (incremental.json's queueGrowthPerSecond). */
    public Double judgedGrowthPerSecond() {
        return judged() ? growthPerSecond : null;
    }

    /**
     * A step's backlog over its measured span: from the first sender's start plus the longest warm-up to that start
     * plus {@code loadMicros}, the step's length (the drain after the senders end is not a sign of the rate).
     */
    public static Optional<QueueBacklog> readMeasured(Path runDir, long loadMicros) throws IOException {
        long start = Long.MAX_VALUE;
        long warmup = 0;
        Path peers = RunLayout.peersDir(runDir);
        if (!Files.isDirectory(peers)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(peers)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                Optional<TestJson.Worker> w = TestJson.worker(dir);
                if (w.isPresent() && Role.SENDER.wireName().equalsIgnoreCase(w.get().peer().role()) && w.get().startEpochMicros() > 0) {
                    start = Math.min(start, w.get().startEpochMicros());
                    warmup = Math.max(warmup, w.get().warmupMicros());
                }
            }
        }
        return start == Long.MAX_VALUE ? Optional.empty() : read(runDir, start + warmup, start + loadMicros);
    }

    /**
     * A step's backlog from the samples between {@code fromMicros} and {@code toMicros} (epoch microseconds) of the
     * first inspector of {@code runDir} (by name; of an inspector of several SUTs, the first target) that has a per-queue data set
     * (two inspectors sample at different instants: their totals would not add up); empty when there is none; not {@link #judged()} when it has fewer than
     * {@link #MIN_SAMPLES} samples in the span.
     */
    public static Optional<QueueBacklog> read(Path runDir, long fromMicros, long toMicros) throws IOException {
        Map<Long, Long> totals = new TreeMap<>();
        Path peers = RunLayout.peersDir(runDir);
        if (!Files.isDirectory(peers)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(peers)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                Optional<TestJson.Inspector> inspector = TestJson.read(dir).filter(TestJson.Inspector.class::isInstance)
                        .map(TestJson.Inspector.class::cast);
                for (TestJson.Target target : inspector.map(TestJson.Inspector::inspected).orElse(List.of())) {
                    Path targetDir = target.directory(dir);
                    for (TestJson.DataSet d : target.dataSets().values()) {
                        if (d.kindOf(QueueColumns.QUEUE) == ColumnKind.KEY && d.kindOf(QueueColumns.MESSAGE_COUNT) == ColumnKind.GAUGE
                                && Files.isRegularFile(targetDir.resolve(d.file()))) {
                            add(targetDir.resolve(d.file()), fromMicros, toMicros, totals);
                            return of(totals);
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The backlog of the totals held at each sample (epoch microseconds → messages); not judged with too few. */
    static Optional<QueueBacklog> of(Map<Long, Long> totals) {
        if (totals.isEmpty()) {
            return Optional.of(new QueueBacklog(0, 0, 0, 0, Double.NaN));
        }
        long t0 = totals.keySet().iterator().next();
        double n = totals.size();
        double sumX = 0;
        double sumY = 0;
        double sumXY = 0;
        double sumXX = 0;
        long first = -1;
        long last = 0;
        long lastTime = t0;
        for (Map.Entry<Long, Long> e : totals.entrySet()) {
            double x = (e.getKey() - t0) / 1e6;
            double y = e.getValue();
            sumX += x;
            sumY += y;
            sumXY += x * y;
            sumXX += x * x;
            first = first < 0 ? e.getValue() : first;
            last = e.getValue();
            lastTime = e.getKey();
        }
        double denominator = n * sumXX - sumX * sumX;
        double slope = totals.size() < MIN_SAMPLES ? Double.NaN : denominator == 0 ? 0 : (n * sumXY - sumX * sumY) / denominator;
        return Optional.of(new QueueBacklog(totals.size(), first, last, (lastTime - t0) / 1e6, slope));
    }

    private static void add(Path csv, long fromMicros, long toMicros, Map<Long, Long> totals) throws IOException {
        try (CsvReader in = CsvReader.open(csv)) {
            List<String> header = in.next();
            int count = header == null ? -1 : header.indexOf(QueueColumns.MESSAGE_COUNT);
            if (count < 0) {
                return;
            }
            for (List<String> row = in.next(); row != null; row = in.next()) {
                if (row.size() <= count) {
                    continue;
                }
                try {
                    Instant at = Instant.parse(row.get(0));
                    long micros = at.getEpochSecond() * 1_000_000 + at.getNano() / 1000;
                    if (micros >= fromMicros && micros <= toMicros && !row.get(count).isEmpty()) {
                        totals.merge(micros, Long.parseLong(row.get(count)), Long::sum);
                    }
                } catch (DateTimeParseException | NumberFormatException e) {
                    // A row the inspector could not fill (a failed read writes no number): not a sample of the depth.
                }
            }
        }
    }
}
