package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;
import org.maestro.results.reduce.CounterGrowth;

/**
 * The samples of an inspector CSV, streamed: each row with a readable time as x seconds from the origin, the rows of
 * one sample that share a key added up (their gauges summed, their counters the key's growth since the file began,
 * each entity's own growth counted across its restarts).
 */
final class InspectorSamples {
    /**
     * One row of the CSV with a readable time: x in seconds from the origin, the row's key, how many rows of the
     * sample had that key (their charted columns added up), and whether a counter of one of them dropped (its SUT
     * restarted: the rate to this sample is not known).
     */
    interface SampleVisitor {
        void visit(double x, String key, List<String> row, int rows, boolean restarted);
    }

    /**
     * The AMQP-management column naming one entity (a link's {@code identity}): rows of one key are told apart by it,
     * so that each one's counter grows on its own (a link that appears, ends, or starts again from 0 when its router
     * restarts) and the key's line is the sum of their growths, never a jump of one entity's whole count.
     */
    private static final String IDENTITY_COLUMN = "identity";

    private final Path file;
    private final List<String> header;
    private final ColumnKind[] kind;
    private final long originMicros;

    InspectorSamples(Path file, List<String> header, ColumnKind[] kind, long originMicros) {
        this.file = file;
        this.header = header;
        this.kind = kind;
        this.originMicros = originMicros;
    }

    /**
     * Streams the file's samples (the header skipped) whose time can be read, the rows of one sample that share a key
     * added up; both passes read the file so. A sample's rows share its timestamp and follow one another.
     */
    void forEach(SampleVisitor visitor) throws IOException {
        int identity = header.indexOf(IDENTITY_COLUMN);
        Map<String, double[]> lastOfRow = new HashMap<>(); // a row's entity -> its counters' last values
        Map<String, double[]> totalOfKey = new HashMap<>(); // a key -> its counters' growth since the file began
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            String stamp = null;
            Double x = null;
            Double firstX = null;
            Map<String, List<String>> merged = new LinkedHashMap<>();
            Map<String, Integer> rows = new HashMap<>();
            Set<String> restarted = new HashSet<>();
            List<String> row;
            while ((row = csv.next()) != null) {
                if (!row.get(0).equals(stamp)) {
                    visitAll(visitor, x, merged, rows, restarted);
                    stamp = row.get(0);
                    x = seconds(stamp);
                    firstX = firstX == null ? x : firstX;
                }
                if (x == null) {
                    continue;
                }
                String key = key(row);
                String entity = identity < 0 || identity >= row.size() ? key : key + "\u0000" + row.get(identity);
                boolean appeared = !x.equals(firstX) && !lastOfRow.containsKey(entity);
                double[] total = totalOfKey.computeIfAbsent(key, k -> new double[header.size()]);
                if (grow(row, lastOfRow.computeIfAbsent(entity, e -> nans()), total, appeared)) {
                    restarted.add(key);
                }
                List<String> into = merged.get(key);
                if (into == null) {
                    into = new ArrayList<>(row);
                    merged.put(key, into);
                } else {
                    addUp(into, row);
                }
                for (int i = 1; i < into.size() && i < header.size(); i++) {
                    if (kind[i] == ColumnKind.COUNTER && CsvColumnKinds.number(row.get(i).trim()) != null) {
                        into.set(i, String.valueOf(total[i]));
                    }
                }
                rows.merge(key, 1, Integer::sum);
            }
            visitAll(visitor, x, merged, rows, restarted);
        }
    }

    private double[] nans() {
        double[] a = new double[header.size()];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    /**
     * Adds to {@code total} how much each counter of {@code row} grew since its entity's last row: from its last value,
     * from 0 after a drop (a restart), from 0 for an entity that appeared during the run, nothing at the file's first sample.
     *
     * @return whether a counter dropped
     */
    private boolean grow(List<String> row, double[] last, double[] total, boolean appeared) {
        boolean dropped = false;
        for (int i = 1; i < row.size() && i < header.size(); i++) {
            if (kind[i] != ColumnKind.COUNTER) {
                continue;
            }
            Double v = CsvColumnKinds.number(row.get(i).trim());
            if (v == null) {
                continue;
            }
            double prev = last[i];
            total[i] += CounterGrowth.between(prev, v, appeared);
            dropped |= v < prev;
            last[i] = v;
        }
        return dropped;
    }

    private void visitAll(SampleVisitor visitor, Double x, Map<String, List<String>> merged, Map<String, Integer> rows,
                          Set<String> restarted) {
        if (x != null) {
            merged.forEach((key, row) -> visitor.visit(x, key, row, rows.get(key), restarted.contains(key)));
        }
        merged.clear();
        rows.clear();
        restarted.clear();
    }

    /** Adds the gauges of {@code row} into {@code into}: the sample's rows of one key are one line's point. */
    private void addUp(List<String> into, List<String> row) {
        for (int i = 1; i < row.size() && i < into.size() && i < header.size(); i++) {
            if (kind[i] != ColumnKind.GAUGE) {
                continue; // counters are the key's total growth, set by forEach
            }
            Double a = CsvColumnKinds.number(into.get(i).trim());
            Double b = CsvColumnKinds.number(row.get(i).trim());
            if (b != null) {
                into.set(i, a == null ? row.get(i) : String.valueOf(a + b));
            }
        }
    }

    /** The row's key: its KEY values joined by spaces (blank ones skipped). */
    private String key(List<String> row) {
        StringBuilder key = new StringBuilder();
        for (int i = 1; i < row.size() && i < header.size(); i++) {
            if (kind[i] == ColumnKind.KEY && !row.get(i).isBlank()) {
                key.append(key.length() == 0 ? "" : " ").append(row.get(i).trim());
            }
        }
        return key.toString();
    }

    /** The timestamp in seconds from the origin; null when it is not ISO-8601. */
    Double seconds(String timestamp) {
        try {
            Instant t = Instant.parse(timestamp.trim());
            return (t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000 - originMicros) / 1e6;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
