package org.maestro.client.run.search;

import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.client.run.publish.SummaryTable;

/**
 * The throughput–latency curve of a limit search on the console: a line per step, then per confirmation run (c1, c2...),
 * as incremental.json holds them.
 */
final class CurveTable {
    private static final String FORMAT = "%-5s %-7s %12s %12s %10s %10s %10s  %s";
    private final Incremental result;

    CurveTable(Incremental result) {
        this.result = result;
    }

    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, FORMAT, "step", "phase", "target msg/s", "achieved", "p50 ms", "p99 ms", "p99.9 ms", "verdict"));
        int n = 0;
        for (Incremental.Step s : result.steps()) {
            n++;
            lines.add(String.format(Locale.ROOT, FORMAT, n, s.phase() == null ? "" : s.phase(), s.rate(), rate(s.receiveRate()),
                    ms(s.p50Millis()), ms(s.p99Millis()), ms(s.p999Millis()),
                    s.sustainable() == null ? s.verdict() : (s.sustainable() ? "sustainable" : "NOT sustainable")
                            + (s.borderline() ? " (borderline)" : "")));
        }
        n = 0;
        for (Confirmation c : result.confirmations()) {
            Incremental.Step s = c.figures();
            n++;
            lines.add(String.format(Locale.ROOT, FORMAT, "c" + n, Incremental.Step.CONFIRM, c.rate(), rate(s.receiveRate()),
                    ms(s.p50Millis()), ms(s.p99Millis()), ms(s.p999Millis()),
                    (c.held() ? "held" : s.sustainable() == null ? s.verdict() : "did NOT hold")
                            + String.format(Locale.ROOT, " (%.0f s from %s)", c.durationSeconds(), c.start())));
        }
        if (result.kneeRate() != null) {
            lines.add(String.format(Locale.ROOT, "knee of the curve: p99 above %.0f times the lowest step's from %.1f msg/s achieved",
                    Incremental.KNEE_FACTOR, result.kneeRate()));
        }
        return lines;
    }

    private static String rate(Double v) {
        return v == null ? SummaryTable.UNKNOWN : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ms(Double v) {
        return v == null ? SummaryTable.UNKNOWN : SummaryTable.ms(v);
    }
}
