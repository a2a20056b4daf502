package org.maestro.reports.compare;

import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.Incremental;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.maestro.results.Format;
import org.maestro.reports.ReportException;

/**
 * Two limit searches side by side ({@code maestro compare BASELINE RUN} on two incremental runs): their sustainable
 * rates, and their throughput–latency curves at the target rates both ran. The sustainable rate is worse when it fell
 * by more than the two searches' resolutions together (each result is only known to within its own resolution), and
 * an "at least" result is never called worse than the rate it exceeds.
 */
record LimitComparison(Incremental baseline, Incremental run) {

    /** Whether {@code dir} is a limit search (it has incremental.json). */
    static boolean applies(Path dir) {
        return Files.isRegularFile(dir.resolve(RunLayout.INCREMENTAL_JSON));
    }

    static LimitComparison of(Path baseline, Path run) throws ReportException {
        try {
            return new LimitComparison(Incremental.read(baseline.resolve(RunLayout.INCREMENTAL_JSON)),
                    Incremental.read(run.resolve(RunLayout.INCREMENTAL_JSON)));
        } catch (IOException e) {
            throw new ReportException("cannot read a limit search's incremental.json: " + e.getMessage(), e);
        }
    }

    /** "worse", "better", "same" or "unknown" for the sustainable rate. */
    String verdict() {
        Long b = baseline.sustainableRate();
        Long r = run.sustainableRate();
        if (b == null || r == null) {
            return "unknown";
        }
        long margin = resolution(baseline) + resolution(run);
        if (r < b - margin) {
            // A run that only found "at least r" (stopped by its cap) says nothing of a lower limit.
            return run.lowerBound() ? "unknown" : "worse";
        }
        if (r > b + margin) {
            // Above a baseline that was only "at least b", the baseline's own limit is not known.
            return baseline.lowerBound() ? "unknown" : "better";
        }
        return "same";
    }

    boolean isRegression() {
        return "worse".equals(verdict());
    }

    private static long resolution(Incremental i) {
        return i.resolution() == null ? 0 : i.resolution();
    }

    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("sustainable rate: baseline " + baseline.sustainableText() + "; run " + run.sustainableText() + " -> " + verdict()
                + " (a change counts beyond both resolutions together, " + (resolution(baseline) + resolution(run)) + " msg/s)");
        if (baseline.confirmedText() != null || run.confirmedText() != null) {
            lines.add("confirmation: baseline " + Objects.requireNonNullElse(baseline.confirmedText(), "none ran") + "; run "
                    + Objects.requireNonNullElse(run.confirmedText(), "none ran"));
        }
        Map<Long, Incremental.Step[]> common = new TreeMap<>();
        for (Incremental.Step s : baseline.steps()) {
            common.computeIfAbsent(s.rate(), k -> new Incremental.Step[2])[0] = s;
        }
        for (Incremental.Step s : run.steps()) {
            Incremental.Step[] pair = common.get(s.rate());
            if (pair != null) {
                pair[1] = s;
            }
        }
        lines.add(String.format(Locale.ROOT, "%-14s %24s %24s", "curve: target", "achieved msg/s (base/run)", "p99 ms (base/run)"));
        common.forEach((rate, pair) -> {
            if (pair[0] != null && pair[1] != null) {
                lines.add(String.format(Locale.ROOT, "%-14d %24s %24s", rate, pair(pair[0].receiveRate(), pair[1].receiveRate()),
                        pair(pair[0].p99Millis(), pair[1].p99Millis())));
            }
        });
        return lines;
    }

    private static String pair(Double a, Double b) {
        return text(a) + " / " + text(b);
    }

    private static String text(Double v) {
        return v == null ? "unknown" : Format.number(v);
    }
}
