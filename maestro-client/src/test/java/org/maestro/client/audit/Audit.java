package org.maestro.client.audit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The ledger of a figures audit: each figure a surface shows, against what the independent reader makes of the
 * raw files, both as text at the surface's printed precision. Counts the comparisons per surface and figure (the
 * table the audit prints), keeps every disagreement (run, surface, figure, expected, shown) so one run of the audit
 * names them all, then fails with the list.
 */
final class Audit {
    private final Map<String, Map<String, int[]>> counts = new TreeMap<>();
    private final List<String> disagreements = new ArrayList<>();

    /**
     * One figure on one surface: agrees when {@code shown} is {@code expected} (both "unknown" when not measured).
     *
     * @param kind   the table's column: messages, rate, latency...
     * @param figure which one, for a disagreement: "receiver-1 response time p99"
     */
    void check(String run, String surface, String kind, String figure, String expected, String shown) {
        int[] c = counts.computeIfAbsent(surface, s -> new TreeMap<>()).computeIfAbsent(kind, f -> new int[2]);
        c[0]++;
        if (!expected.equals(shown)) {
            c[1]++;
            disagreements.add(String.format("%s | %s | %s: expected %s, shown %s", run, surface, figure, expected, shown));
        }
    }

    List<String> disagreements() {
        return disagreements;
    }

    /** Surfaces down, figures across: how many comparisons each cell made (and, after a slash, how many disagreed). */
    String table() {
        TreeSet<String> figures = new TreeSet<>();
        counts.values().forEach(m -> figures.addAll(m.keySet()));
        StringBuilder out = new StringBuilder();
        int width = counts.keySet().stream().mapToInt(String::length).max().orElse(7);
        out.append(String.format("%-" + width + "s", "surface"));
        for (String f : figures) {
            out.append(" | ").append(f);
        }
        out.append(" | all\n");
        int total = 0;
        int wrong = 0;
        for (Map.Entry<String, Map<String, int[]>> s : counts.entrySet()) {
            out.append(String.format("%-" + width + "s", s.getKey()));
            int all = 0;
            int bad = 0;
            for (String f : figures) {
                int[] c = s.getValue().get(f);
                String cell = c == null ? "-" : c[1] == 0 ? Integer.toString(c[0]) : c[0] + "/" + c[1] + "!";
                out.append(" | ").append(String.format("%" + f.length() + "s", cell));
                all += c == null ? 0 : c[0];
                bad += c == null ? 0 : c[1];
            }
            out.append(" | ").append(all).append(bad == 0 ? "" : " (" + bad + " disagree)").append('\n');
            total += all;
            wrong += bad;
        }
        out.append(String.format("%d comparisons, %d disagreements%n", total, wrong));
        return out.toString();
    }
}
