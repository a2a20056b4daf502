package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.Json;
import org.maestro.reports.ReportException;
import org.maestro.reports.Series;

/**
 * The report of an incremental run ({@code incremental.json} and one run directory per step under
 * {@code steps/}): a report.html per step, and a top page with the sustainable rate, the throughput–latency curve
 * (p50/p99/p99.9 against the achieved rate, the knee, the chosen and the confirmed rate marked), the steps and the
 * confirmation runs (linked to their reports) and the achieved rate and p99 per target rate.
 */
final class IncrementalReport {
    /** The id of the throughput–latency curve's chart. */
    static final String CURVE_CHART = "curve";

    private IncrementalReport() {
    }

    static Path build(Path dir) throws ReportException {
        Path file = dir.resolve(RunLayout.INCREMENTAL_JSON);
        Incremental incremental;
        try {
            incremental = Incremental.read(file);
        } catch (IOException e) {
            throw new ReportException(e.getMessage(), e);
        }
        ObjectNode data = Json.MAPPER.createObjectNode();
        ObjectNode inc = data.putObject("incremental");
        String name = incremental.name() == null ? dir.getFileName().toString() : incremental.name();
        String verdict = incremental.verdict() == null ? "unknown" : incremental.verdict();
        inc.put("name", name);
        inc.set("sustainableRate", Json.MAPPER.valueToTree(incremental.sustainableRate()));
        inc.put("lowerBound", incremental.lowerBound());
        inc.put("sustainable", incremental.sustainableText());
        inc.put("verdict", verdict);
        inc.set("resolution", Json.MAPPER.valueToTree(incremental.resolution()));
        inc.set("unsustainableRate", Json.MAPPER.valueToTree(incremental.unsustainableRate()));
        inc.set("kneeRate", Json.MAPPER.valueToTree(incremental.kneeRate()));
        inc.put("stoppedBy", incremental.stoppedBy() == null ? "" : incremental.stoppedBy());
        inc.put("rule", incremental.rule() == null ? "" : incremental.rule());
        inc.set("elapsedSeconds", Json.MAPPER.valueToTree(incremental.elapsedSeconds()));
        inc.set("maxSeconds", Json.MAPPER.valueToTree(incremental.maxSeconds()));
        ArrayNode steps = inc.putArray("steps");
        Series achieved = new Series("achieved receive rate (msg/s)");
        Series target = new Series("target rate (msg/s)");
        Series p99 = new Series("p99 response time (ms)");
        Path root = dir.toAbsolutePath().normalize();
        for (Incremental.Step step : incremental.steps()) {
            ObjectNode s = steps.addObject();
            s.setAll((ObjectNode) Json.MAPPER.valueToTree(step));
            linkReport(s, root, step.run());
        }
        // The confirmation runs: the rate a user can reproduce, and how each went.
        inc.put("confirmedText", incremental.confirmedText() == null ? "" : incremental.confirmedText());
        inc.set("limitRate", Json.MAPPER.valueToTree(incremental.limitRate()));
        inc.set("confirmed", Json.MAPPER.valueToTree(incremental.confirmed()));
        ArrayNode confirmations = inc.putArray("confirmations");
        for (Confirmation c : incremental.confirmations()) {
            ObjectNode o = confirmations.addObject();
            o.setAll((ObjectNode) Json.MAPPER.valueToTree(c));
            o.put("held", c.held());
            linkReport(o, root, c.figures() == null ? null : c.figures().run());
        }
        // By target rate: a bisection runs its steps out of order, and a line drawn in step order would double back.
        for (Incremental.Step step : incremental.steps().stream().sorted(Comparator.comparingLong(Incremental.Step::rate)).toList()) {
            double rate = step.rate();
            target.add(rate, rate);
            if (step.receiveRate() != null) {
                achieved.add(rate, step.receiveRate());
            }
            if (step.p99Millis() != null) {
                p99.add(rate, step.p99Millis());
            }
        }
        ArrayNode charts = data.putArray("charts");
        curve(charts, incremental);
        chart(charts, "steps-rate", "Achieved receive rate per step", "msg/s", achieved, target);
        chart(charts, "steps-p99", "p99 response time per step", "ms", p99);
        Path report = dir.resolve(ReportBuilder.REPORT_FILE);
        HtmlPage.write(report, "Maestro: " + name + " (incremental, " + verdict + ")", data);
        return report;
    }

    /** Puts in {@code node} the link to the report of the run in {@code run} (relative to {@code root}), built here. */
    private static void linkReport(ObjectNode node, Path root, String run) throws ReportException {
        String dir = run == null ? "" : run;
        Path runDir = root.resolve(dir).normalize();
        if (dir.isEmpty() || !runDir.startsWith(root) || runDir.equals(root)) {
            node.put("report", "");
        } else if (Files.isRegularFile(runDir.resolve(RunLayout.SUMMARY_JSON))) {
            ReportBuilder.build(runDir);
            node.put("report", root.relativize(runDir.resolve(ReportBuilder.REPORT_FILE)).toString().replace('\\', '/'));
        }
    }

    /**
     * The throughput–latency curve ({@link Incremental#curve()}): p50, p99 and p99.9 against the achieved rate, a point
     * per target rate in order of target rate (past the limit the achieved rate falls back: the curve bends back, as an
     * overloaded system does), with the knee, the chosen (sustainable) rate and the unsustainable points marked.
     */
    private static void curve(ArrayNode charts, Incremental incremental) {
        List<Incremental.Step> points = incremental.curve();
        if (points.isEmpty()) {
            return;
        }
        Series p50 = new Series("p50 (ms)");
        Series p99 = new Series("p99 (ms)");
        Series p999 = new Series("p99.9 (ms)");
        Series knee = new Series("knee");
        Series chosen = new Series("sustainable rate");
        Series unsustainable = new Series("steps not sustainable (p99)");
        for (Incremental.Step s : points) {
            if (s.p50Millis() != null) {
                p50.add(s.receiveRate(), s.p50Millis());
            }
            p99.add(s.receiveRate(), s.p99Millis());
            if (s.p999Millis() != null) {
                p999.add(s.receiveRate(), s.p999Millis());
            }
            if (!s.passed()) {
                unsustainable.add(s.receiveRate(), s.p99Millis());
            }
            if (incremental.kneeRate() != null && s.receiveRate().equals(incremental.kneeRate()) && knee.size() == 0) {
                knee.add(s.receiveRate(), s.p99Millis());
            }
        }
        // The chosen rate's point: its last run (a repeated step counts by its last).
        points.stream().filter(s -> s.passed() && incremental.sustainableRate() != null && s.rate() == incremental.sustainableRate())
                .reduce((a, b) -> b).ifPresent(s -> chosen.add(s.receiveRate(), s.p99Millis()));
        // The confirmed point: the confirmation run that held, where it landed from a cold start.
        Series confirmed = new Series("confirmed rate");
        Incremental.Step held = incremental.confirmed() == null ? null : incremental.confirmed().figures();
        if (held != null && held.onCurve()) {
            confirmed.add(held.receiveRate(), held.p99Millis());
        }
        ArrayNode lines = (ArrayNode) Json.chart(charts, CURVE_CHART, "Throughput\u2013latency curve", "curve", "ms").get("series");
        lines.add(Json.series(p50));
        lines.add(Json.series(p99));
        lines.add(Json.series(p999));
        for (Series marker : List.of(chosen, confirmed, knee, unsustainable)) {
            if (marker.size() > 0) {
                lines.add(Json.series(marker).put("style", "marker"));
            }
        }
    }

    private static void chart(ArrayNode charts, String id, String title, String unit, Series... series) {
        ArrayNode lines = (ArrayNode) Json.chart(charts, id, title, "steps", unit).get("series");
        for (Series s : series) {
            lines.add(Json.series(s));
        }
    }
}
