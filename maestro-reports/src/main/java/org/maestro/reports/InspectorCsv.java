package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;

/**
 * An inspector CSV (ISO-8601 timestamp first, a header row) turned into at most two charts of what changed:
 * counters as rates per second, gauges as levels, a line per column and row key (the row's {@link ColumnKind#KEY}
 * values, e.g. the queue name), never an identity. The column kinds come from the inspector's test.json; a CSV
 * without them is guessed (text a key, a number a gauge). A series that never changed is left out, and of those
 * that did only the {@value #TOP_MOVERS} that moved most are drawn: each chart's note names what was left out.
 *
 * <p>Streaming, in up to three passes over the file: guess the kinds (only when some are not given), measure how
 * much every series moved (one small record per series, not its points), then collect the chosen series' points,
 * at most one per line and time bucket.
 */
final class InspectorCsv {
    /** Lines per chart at most: more are unreadable. */
    static final int TOP_MOVERS = 10;

    /** One chart of a data set: its lines and the note on what it leaves out ("" for nothing). */
    record Chart(boolean rates, List<Series> lines, String note) {
    }

    final List<Chart> charts = new ArrayList<>();
    /** Why nothing was charted, when nothing was ("" otherwise). */
    String nothing = "";

    private InspectorCsv() {
    }

    /** How far one series moved over the run. */
    private static final class Movement {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double increase;
        double last = Double.NaN;
        double lastX = Double.NaN;

        /** A gauge's range relative to its size, so bytes and loads rank side by side; a counter's total increase. */
        double score(boolean counter) {
            if (counter) {
                return increase;
            }
            double size = Math.max(Math.abs(min), Math.abs(max));
            return max > min ? (max - min) / size : 0;
        }
    }

    /**
     * Reads {@code file}; with buckets wider than a second (a long run) a line keeps its first point per bucket.
     *
     * @param kinds the kinds the inspector gave the columns (empty when it gave none)
     * @param noun  what one row is, for the entity-count line (e.g. "links"); "" for none
     */
    static InspectorCsv read(Path file, Map<String, ColumnKind> kinds, String noun, long originMicros, int bucketSeconds)
            throws IOException {
        InspectorCsv result = new InspectorCsv();
        List<String> header;
        try (CsvReader csv = CsvReader.open(file)) {
            header = csv.next();
        }
        if (header == null || header.size() < 2) {
            result.nothing = "no columns";
            return result;
        }
        ColumnKind[] kind = kinds(file, header, kinds);
        boolean keyed = false;
        for (ColumnKind k : kind) {
            keyed |= k == ColumnKind.KEY;
        }
        String countLabel = keyed && !noun.isEmpty() ? "number of " + noun : "";

        // Pass 2: how much each series moved; rows per sample for the entity count.
        Map<String, Movement> moved = new LinkedHashMap<>();
        Map<String, Boolean> isCounter = new HashMap<>();
        TreeMap<Double, Integer> rowsPerSample = new TreeMap<>();
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            List<String> row;
            while ((row = csv.next()) != null) {
                Double x = seconds(row.get(0), originMicros);
                if (x == null) {
                    continue;
                }
                rowsPerSample.merge(x, 1, Integer::sum);
                String key = key(row, header, kind);
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    Double y = charted(kind[i]) ? number(row.get(i).trim()) : null;
                    if (y == null) {
                        continue;
                    }
                    String name = label(key, header.get(i));
                    isCounter.putIfAbsent(name, kind[i] == ColumnKind.COUNTER);
                    Movement m = moved.computeIfAbsent(name, n -> new Movement());
                    m.min = Math.min(m.min, y);
                    m.max = Math.max(m.max, y);
                    if (!Double.isNaN(m.last) && y > m.last && x > m.lastX) {
                        m.increase += y - m.last; // a drop is a restart of the SUT, not a negative rate
                    }
                    m.last = y;
                    m.lastX = x;
                }
            }
        }
        if (!countLabel.isEmpty()) {
            Movement m = new Movement();
            rowsPerSample.values().forEach(n -> {
                m.min = Math.min(m.min, n);
                m.max = Math.max(m.max, n);
            });
            moved.put(countLabel, m);
            isCounter.put(countLabel, false);
        }

        List<String> notCharted = new ArrayList<>();
        for (int i = 1; i < header.size(); i++) {
            if (kind[i] == ColumnKind.IDENTITY) {
                notCharted.add(header.get(i));
            }
        }
        Map<String, Series> chosen = new LinkedHashMap<>();
        List<Chart> pending = new ArrayList<>();
        for (boolean rates : new boolean[] {true, false}) {
            List<Map.Entry<String, Movement>> all = moved.entrySet().stream()
                    .filter(e -> isCounter.get(e.getKey()) == rates).toList();
            if (all.isEmpty()) {
                continue;
            }
            List<Map.Entry<String, Movement>> movers = all.stream().filter(e -> e.getValue().score(rates) > 0)
                    .sorted(Comparator.comparingDouble((Map.Entry<String, Movement> e) -> -e.getValue().score(rates))
                            .thenComparing(Map.Entry::getKey))
                    .toList();
            List<Series> lines = new ArrayList<>();
            for (Map.Entry<String, Movement> e : movers.subList(0, Math.min(TOP_MOVERS, movers.size()))) {
                Series s = new Series(e.getKey());
                chosen.put(e.getKey(), s);
                lines.add(s);
            }
            String note = note(rates, all.size(), movers.size(), lines.size());
            if (!lines.isEmpty()) {
                pending.add(new Chart(rates, lines, note));
            } else {
                result.nothing += (result.nothing.isEmpty() ? "" : "; ") + note;
            }
        }
        if (!notCharted.isEmpty()) {
            String identities = "identities not charted: " + String.join(", ", notCharted);
            if (pending.isEmpty()) {
                result.nothing += (result.nothing.isEmpty() ? "" : "; ") + identities;
            } else {
                Chart last = pending.remove(pending.size() - 1);
                pending.add(new Chart(last.rates(), last.lines(), last.note() + (last.note().isEmpty() ? "" : "; ") + identities));
            }
        }
        if (chosen.isEmpty()) {
            if (result.nothing.isEmpty()) {
                result.nothing = "no numeric column";
            }
            return result;
        }

        // Pass 3: the chosen series' points.
        Map<String, double[]> previous = new HashMap<>(); // name -> {x, y} of the last sample, for rates
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            List<String> row;
            while ((row = csv.next()) != null) {
                Double x = seconds(row.get(0), originMicros);
                if (x == null) {
                    continue;
                }
                String key = key(row, header, kind);
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    String name = label(key, header.get(i));
                    Series s = chosen.get(name);
                    Double y = s == null ? null : number(row.get(i).trim());
                    if (y == null) {
                        continue;
                    }
                    if (kind[i] == ColumnKind.COUNTER) {
                        double[] before = previous.put(name, new double[] {x, y});
                        if (before != null && x > before[0] && y >= before[1]) {
                            add(s, x, (y - before[1]) / (x - before[0]), bucketSeconds);
                        }
                    } else {
                        add(s, x, y, bucketSeconds);
                    }
                }
            }
        }
        Series count = chosen.get(countLabel);
        if (count != null) {
            rowsPerSample.forEach((x, n) -> add(count, x, n, bucketSeconds));
        }
        result.charts.addAll(pending);
        return result;
    }

    /** What a chart leaves out, or "" when it draws every series. */
    private static String note(boolean rates, int series, int movers, int drawn) {
        List<String> parts = new ArrayList<>();
        if (movers > drawn) {
            parts.add("the " + drawn + " of " + movers + " series that " + (rates ? "grew" : "moved") + " most; "
                    + (movers - drawn) + " that " + (rates ? "grew" : "moved") + " less left out");
        }
        if (series > movers) {
            parts.add((series - movers) + (rates ? " counter series that never grew" : " gauge series that never changed")
                    + " left out");
        }
        return String.join("; ", parts);
    }

    private static void add(Series s, double x, double y, int bucketSeconds) {
        if (bucketSeconds == 1 || s.size() == 0
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

    /** The row's key: its KEY values joined by spaces (blank ones skipped). */
    private static String key(List<String> row, List<String> header, ColumnKind[] kind) {
        StringBuilder key = new StringBuilder();
        for (int i = 1; i < row.size() && i < header.size(); i++) {
            if (kind[i] == ColumnKind.KEY && !row.get(i).isBlank()) {
                key.append(key.length() == 0 ? "" : " ").append(row.get(i).trim());
            }
        }
        return key.toString();
    }

    /** The kind of every column (index 0, the timestamp, has none): as given, else guessed in a first pass. */
    private static ColumnKind[] kinds(Path file, List<String> header, Map<String, ColumnKind> given) throws IOException {
        ColumnKind[] kind = new ColumnKind[header.size()];
        boolean guess = false;
        for (int i = 1; i < header.size(); i++) {
            kind[i] = given.get(header.get(i));
            guess |= kind[i] == null;
        }
        if (!guess) {
            return kind;
        }
        boolean[] numeric = new boolean[header.size()];
        boolean[] text = new boolean[header.size()];
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            List<String> row;
            while ((row = csv.next()) != null) {
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    String v = row.get(i).trim();
                    if (!v.isEmpty()) {
                        numeric[i] |= number(v) != null;
                        text[i] |= number(v) == null;
                    }
                }
            }
        }
        for (int i = 1; i < header.size(); i++) {
            if (kind[i] == null) {
                kind[i] = numeric[i] && !text[i] ? ColumnKind.GAUGE : ColumnKind.KEY;
            }
        }
        return kind;
    }

    private static Double seconds(String timestamp, long originMicros) {
        try {
            Instant t = Instant.parse(timestamp.trim());
            return (t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000 - originMicros) / 1e6;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Double number(String v) {
        try {
            double d = Double.parseDouble(v);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
