package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.maestro.common.runfiles.CsvReader;

/**
 * An inspector CSV (ISO-8601 timestamp first, a header row) turned into the lines of one chart, in two
 * streaming passes: the first finds the numeric columns (every non-empty value a number), the second makes a
 * line per numeric column and row key, the key being the row's non-numeric values (e.g. the queue name).
 * At most {@value #MAX_LINES} lines: a chart with more says how many it left out; at most one point per line
 * and time bucket.
 */
final class InspectorCsv {
    static final int MAX_LINES = 60;

    final List<Series> lines = new ArrayList<>();
    int linesLeftOut;

    private InspectorCsv() {
    }

    /** Reads {@code file}; with buckets wider than a second (a long run) a line keeps its first value per bucket. */
    static InspectorCsv read(Path file, long originMicros, int bucketSeconds) throws IOException {
        InspectorCsv chart = new InspectorCsv();
        List<String> header;
        boolean[] numeric;
        try (CsvReader csv = CsvReader.open(file)) {
            header = csv.next();
            if (header == null || header.size() < 2) {
                return chart;
            }
            numeric = new boolean[header.size()];
            boolean[] text = new boolean[header.size()];
            List<String> row;
            while ((row = csv.next()) != null) {
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    String v = row.get(i).trim();
                    if (v.isEmpty()) {
                        continue;
                    }
                    if (number(v) != null) {
                        numeric[i] = true;
                    } else {
                        text[i] = true;
                    }
                }
            }
            for (int i = 1; i < numeric.length; i++) {
                numeric[i] &= !text[i];
            }
        }
        Map<String, Series> byName = new LinkedHashMap<>();
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            List<String> row;
            while ((row = csv.next()) != null) {
                Double x = seconds(row.get(0), originMicros);
                if (x == null) {
                    continue;
                }
                StringBuilder key = new StringBuilder();
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    if (!numeric[i] && !row.get(i).isBlank()) {
                        key.append(key.length() == 0 ? "" : " ").append(row.get(i).trim());
                    }
                }
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    Double y = numeric[i] ? number(row.get(i).trim()) : null;
                    if (y == null) {
                        continue;
                    }
                    String name = key.length() == 0 ? header.get(i) : key + " " + header.get(i);
                    if (!byName.containsKey(name)) {
                        if (byName.size() - chart.linesLeftOut >= MAX_LINES) {
                            chart.linesLeftOut++;
                            byName.put(name, null);
                        } else {
                            byName.put(name, new Series(name));
                        }
                    }
                    Series s = byName.get(name);
                    if (s != null && (bucketSeconds == 1 || s.size() == 0
                            || Math.floor(s.x(s.size() - 1) / bucketSeconds) != Math.floor(x / bucketSeconds))) {
                        s.add(x, y);
                    }
                }
            }
        }
        byName.values().stream().filter(s -> s != null).forEach(chart.lines::add);
        return chart;
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
