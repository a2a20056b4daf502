package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;
import org.maestro.reports.Series;

/**
 * An inspector CSV (ISO-8601 timestamp first, a header row) turned into at most two charts of what changed:
 * counters as rates per second, gauges as levels, a line per column and row key (the row's {@link ColumnKind#KEY}
 * values, e.g. the queue name), never an identity ({@link CsvColumnKinds}). A series that never changed is left
 * out, and of those that did only the {@value #TOP_MOVERS} that moved most are drawn: each chart's note names
 * what was left out. A data set of entities (it has keys) also gets a "number of ..." line: rows per sample.
 * Rows of one sample that share a key are added up (a router's priority lanes to one router, every client's link of
 * one address). A line is broken, not bridged, where the inspector sampled and the line had no value (the sample was
 * missing, or the entity was not there): the inspector's {@code sampling.csv} gives the times it sampled.
 *
 * <p>Streaming: one pass measures how much every series moved (one small record per series, not its points),
 * a second collects the chosen series' points, at most one per line and time bucket.
 */
final class InspectorCsv {
    /** Lines per chart at most: more are unreadable. */
    static final int TOP_MOVERS = 10;

    /** One chart of a data set: rates (counters) or levels (gauges), its lines, the note on what it leaves out ("" for nothing). */
    record Chart(boolean rates, List<Series> lines, String note) {
    }

    final List<Chart> charts = new ArrayList<>();
    /** Why nothing was charted, when nothing was ("" otherwise). */
    String nothing = "";

    private final List<String> header;
    private final ColumnKind[] kind;
    private final String countLabel;
    private final InspectorSamples samples;
    private final Map<String, SeriesMovement> moved = new LinkedHashMap<>();
    private final TreeMap<Double, Integer> rowsPerSample = new TreeMap<>();
    private final Map<String, Series> chosen = new LinkedHashMap<>();
    /** The times (x) the inspector sampled, whatever each sample gave: a line with no value at one of them breaks. */
    private NavigableSet<Double> ticks = new TreeSet<>();

    private InspectorCsv(Path file, List<String> header, ColumnKind[] kind, String countLabel, long originMicros) {
        this.header = header;
        this.kind = kind;
        this.countLabel = countLabel;
        this.samples = new InspectorSamples(file, header, kind, originMicros);
    }

    /**
     * Reads {@code file}; with buckets wider than a second (a long run) a line keeps its first point per bucket.
     *
     * @param kinds the kinds the inspector gave the columns (empty when it gave none)
     * @param noun  what one row is, for the entity-count line (e.g. "links"); "" for none
     */
    static InspectorCsv read(Path file, Map<String, ColumnKind> kinds, String noun, long originMicros, int bucketSeconds)
            throws IOException {
        return read(file, kinds, noun, originMicros, bucketSeconds, new TreeSet<>());
    }

    /** As {@link #read(Path, Map, String, long, int)}, breaking lines at the {@code ticks} (x) where they had no value. */
    static InspectorCsv read(Path file, Map<String, ColumnKind> kinds, String noun, long originMicros, int bucketSeconds,
                             NavigableSet<Double> ticks) throws IOException {
        List<String> header;
        try (CsvReader csv = CsvReader.open(file)) {
            header = csv.next();
        }
        if (header == null || header.size() < 2) {
            InspectorCsv empty = new InspectorCsv(file, List.of(), new ColumnKind[0], "", originMicros);
            empty.nothing = "no columns";
            return empty;
        }
        ColumnKind[] kind = CsvColumnKinds.of(file, header, kinds);
        boolean keyed = Arrays.asList(kind).contains(ColumnKind.KEY);
        InspectorCsv c = new InspectorCsv(file, header, kind, keyed && !noun.isEmpty() ? "number of " + noun : "", originMicros);
        c.ticks = ticks;
        c.measure();
        c.choose();
        if (!c.chosen.isEmpty()) {
            c.collect(bucketSeconds);
        }
        return c;
    }

    /** The sample times (x) of an inspector's sampling.csv, from {@code originMicros}: every sample it took. */
    static NavigableSet<Double> ticks(Path samplingCsv, long originMicros) throws IOException {
        NavigableSet<Double> ticks = new TreeSet<>();
        if (Files.isRegularFile(samplingCsv)) {
            InspectorSamples reader = new InspectorSamples(samplingCsv, List.of(), new ColumnKind[0], originMicros);
            try (CsvReader csv = CsvReader.open(samplingCsv)) {
                csv.next();
                List<String> row;
                while ((row = csv.next()) != null) {
                    Double x = reader.seconds(row.get(0));
                    if (x != null) {
                        ticks.add(x);
                    }
                }
            }
        }
        return ticks;
    }

    /** First pass: how much each series moved, and how many rows each sample had. */
    private void measure() throws IOException {
        double[] firstX = {Double.NaN};
        samples.forEach((x, key, row, rows, restarted) -> {
            if (Double.isNaN(firstX[0])) {
                firstX[0] = x;
            }
            rowsPerSample.merge(x, rows, Integer::sum);
            for (int i = 1; i < row.size() && i < header.size(); i++) {
                Double y = charted(kind[i]) ? CsvColumnKinds.number(row.get(i).trim()) : null;
                if (y != null) {
                    int column = i;
                    String label = label(key, header.get(i));
                    boolean appeared = x > firstX[0] && !moved.containsKey(label);
                    moved.computeIfAbsent(label, n -> new SeriesMovement(kind[column] == ColumnKind.COUNTER)).add(x, y, appeared);
                }
            }
        });
        if (!countLabel.isEmpty()) {
            SeriesMovement count = new SeriesMovement(false);
            rowsPerSample.forEach((x, n) -> count.add(x, n, false));
            moved.put(countLabel, count);
        }
    }

    /** The top movers of each kind, and the notes on what is left out. */
    private void choose() {
        List<String> identities = new ArrayList<>();
        for (int i = 1; i < header.size(); i++) {
            if (kind[i] == ColumnKind.IDENTITY) {
                identities.add(header.get(i));
            }
        }
        List<String> notCharted = new ArrayList<>();
        for (boolean rates : new boolean[] {true, false}) {
            List<Map.Entry<String, SeriesMovement>> all = moved.entrySet().stream().filter(e -> e.getValue().counter == rates).toList();
            if (all.isEmpty()) {
                continue;
            }
            List<Map.Entry<String, SeriesMovement>> movers = all.stream().filter(e -> e.getValue().score() > 0)
                    .sorted(Comparator.comparingDouble((Map.Entry<String, SeriesMovement> e) -> -e.getValue().score())
                            .thenComparing(Map.Entry::getKey))
                    .toList();
            List<Series> lines = new ArrayList<>();
            for (Map.Entry<String, SeriesMovement> e : movers.subList(0, Math.min(TOP_MOVERS, movers.size()))) {
                Series s = new Series(e.getKey());
                chosen.put(e.getKey(), s);
                lines.add(s);
            }
            String note = leftOut(rates, all.size(), movers.size(), lines.size());
            if (lines.isEmpty()) {
                notCharted.add(note);
            } else {
                charts.add(new Chart(rates, lines, note));
            }
        }
        if (!identities.isEmpty()) {
            String identitiesNote = "identities not charted: " + String.join(", ", identities);
            if (charts.isEmpty()) {
                notCharted.add(identitiesNote);
            } else {
                Chart last = charts.remove(charts.size() - 1);
                charts.add(new Chart(last.rates(), last.lines(), join(last.note(), identitiesNote)));
            }
        }
        nothing = charts.isEmpty() ? (notCharted.isEmpty() ? "no numeric column" : String.join("; ", notCharted)) : "";
    }

    /** Second pass: the chosen series' points; a counter's rate between consecutive samples of its row. */
    private void collect(int bucketSeconds) throws IOException {
        Map<String, double[]> previous = new HashMap<>(); // series -> {x, y} of its last sample
        samples.forEach((x, key, row, rows, restarted) -> {
            for (int i = 1; i < row.size() && i < header.size(); i++) {
                String name = label(key, header.get(i));
                Series s = chosen.get(name);
                Double y = s == null ? null : CsvColumnKinds.number(row.get(i).trim());
                if (y == null) {
                    continue;
                }
                double[] before = previous.put(name, new double[] {x, y});
                boolean broken = before != null && gap(s, before[0], x);
                if (kind[i] == ColumnKind.COUNTER) {
                    // A rate across a gap would be an average over samples that are not there: the line breaks instead.
                    if (before != null && !broken && !restarted && x > before[0] && y >= before[1]) {
                        add(s, x, (y - before[1]) / (x - before[0]), bucketSeconds);
                    }
                } else {
                    add(s, x, y, bucketSeconds);
                }
            }
        });
        Series count = chosen.get(countLabel);
        if (count != null) {
            Double[] before = {null};
            rowsPerSample.forEach((x, n) -> {
                if (before[0] != null) {
                    gap(count, before[0], x);
                }
                add(count, x, n, bucketSeconds);
                before[0] = x;
            });
        }
    }

    /**
     * Whether the inspector sampled between {@code fromX} and {@code toX} without a value for this line: then a point
     * without value (NaN, null in the report's JSON) at the first such sample breaks the line there.
     */
    private boolean gap(Series s, double fromX, double toX) {
        Double missed = ticks.higher(fromX);
        if (missed == null || missed >= toX) {
            return false;
        }
        s.add(missed, Double.NaN);
        return true;
    }

    /** What a chart leaves out, or "" when it draws every series. */
    private static String leftOut(boolean rates, int series, int movers, int drawn) {
        String verb = rates ? "grew" : "moved";
        String note = movers > drawn
                ? "the " + drawn + " of " + movers + " series that " + verb + " most; " + (movers - drawn) + " that " + verb
                + " less left out" : "";
        return series > movers
                ? join(note, (series - movers) + (rates ? " counter series that never grew" : " gauge series that never changed")
                + " left out") : note;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : a + "; " + b;
    }

    private static void add(Series s, double x, double y, int bucketSeconds) {
        if (bucketSeconds == 1 || s.size() == 0 || Double.isNaN(s.y(s.size() - 1))
                || Math.floor(s.x(s.size() - 1) / bucketSeconds) != Math.floor(x / bucketSeconds)) {
            s.add(x, y);
        }
    }

    private static boolean charted(ColumnKind k) {
        return k == ColumnKind.COUNTER || k == ColumnKind.GAUGE;
    }

    private static String label(String key, String column) {
        return key.isEmpty() ? column : key + " " + column;
    }
}
