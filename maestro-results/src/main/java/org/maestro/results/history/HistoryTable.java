package org.maestro.results.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.maestro.results.Format;

/** {@code maestro history}'s console text: per test, a table of its change points, and the metrics without any. */
public final class HistoryTable {
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private HistoryTable() {
    }

    public static String of(History history) {
        StringBuilder out = new StringBuilder();
        if (history.tests().isEmpty()) {
            out.append("no run in ").append(history.runs()).append(" measured anything\n");
        }
        for (History.TestHistory test : history.tests()) {
            test(out, test);
        }
        history.notes().forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    private static void test(StringBuilder out, History.TestHistory test) {
        List<History.Run> runs = test.runs();
        History.Run first = runs.get(0);
        History.Run last = runs.get(runs.size() - 1);
        out.append("test ").append(test.name()).append(": ").append(runs.size()).append(runs.size() == 1 ? " run, " : " runs, ")
                .append(first.label()).append(" (").append(date(first.start())).append(") to ").append(last.label())
                .append(" (").append(date(last.start())).append(")\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"metric", "shifted at", "date (UTC)", "runs ago", "before", "after", "change", "confidence"});
        List<String> steady = new ArrayList<>();
        for (History.Series s : test.series()) {
            if (s.changePoints().isEmpty()) {
                steady.add(s.label());
            }
            for (History.ChangePoint c : s.changePoints()) {
                rows.add(new String[] {s.label(), c.label(), date(c.start()), Integer.toString(c.runsAgo()),
                        Format.number(c.before()) + " " + s.unit(), Format.number(c.after()) + " " + s.unit(),
                        c.changePercent() == null ? "-" : signed(c.changePercent()) + " %", confidence(c.confidence())});
            }
        }
        if (rows.size() == 1) {
            out.append("  no change point (").append(History.METHOD).append(")\n");
        } else {
            table(out, rows);
            if (!steady.isEmpty()) {
                out.append("  no change point: ").append(String.join(", ", steady)).append('\n');
            }
        }
    }

    private static void table(StringBuilder out, List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
        rows.forEach(r -> {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        });
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(" ");
            for (int i = 0; i < r.length; i++) {
                line.append(' ').append(String.format(Locale.ROOT, "%-" + width[i] + "s", r[i]));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** "+18.2", "-50": the change with its sign. */
    static String signed(double percent) {
        String n = Format.number(Math.round(percent * 10) / 10.0);
        return percent > 0 ? "+" + n : n;
    }

    /** 1 − p as a percentage, with as many nines as it has (a p below 1e-5 as "> 99.999 %"). */
    static String confidence(double confidence) {
        if (confidence > 0.99999) {
            return "> 99.999 %";
        }
        // Down to the digit shown, never up (a confidence of 99.95 % is no 99.96 %); the 1e-9 absorbs 1 − 0.001's rounding.
        return BigDecimal.valueOf(Math.floor(confidence * 1e5 + 1e-9) / 1e3).stripTrailingZeros().toPlainString() + " %";
    }

    private static String date(String start) {
        try {
            return DATE.format(Instant.parse(start));
        } catch (RuntimeException e) {
            return start == null ? "" : start;
        }
    }
}
