package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.maestro.reports.results.Incremental;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.RunLayout;

/**
 * The report of an incremental run ({@code incremental.json} and one run directory per step under
 * {@code steps/}): a report.html per step, and a top page with the sustainable rate, the steps (linked to
 * their reports) and the achieved rate and p99 per target rate.
 */
final class IncrementalReport {

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
        ArrayNode steps = inc.putArray("steps");
        Series achieved = new Series("achieved receive rate (msg/s)");
        Series target = new Series("target rate (msg/s)");
        Series p99 = new Series("p99 response time (ms)");
        Path root = dir.toAbsolutePath().normalize();
        for (Incremental.Step step : incremental.steps()) {
            ObjectNode s = steps.addObject();
            s.setAll((ObjectNode) Json.MAPPER.valueToTree(step));
            String run = step.run() == null ? "" : step.run();
            Path stepDir = root.resolve(run).normalize();
            if (run.isEmpty() || !stepDir.startsWith(root) || stepDir.equals(root)) {
                s.put("report", "");
            } else if (Files.isRegularFile(stepDir.resolve(RunLayout.SUMMARY_JSON))) {
                ReportBuilder.build(stepDir);
                s.put("report", root.relativize(stepDir.resolve(ReportBuilder.REPORT_FILE)).toString().replace('\\', '/'));
            }
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
        chart(charts, "steps-rate", "Achieved receive rate per step", "msg/s", achieved, target);
        chart(charts, "steps-p99", "p99 response time per step", "ms", p99);
        Path report = dir.resolve(ReportBuilder.REPORT_FILE);
        HtmlPage.write(report, "Maestro: " + name + " (incremental, " + verdict + ")", data);
        return report;
    }

    private static void chart(ArrayNode charts, String id, String title, String unit, Series... series) {
        ArrayNode lines = (ArrayNode) Json.chart(charts, id, title, "steps", unit).get("series");
        for (Series s : series) {
            lines.add(Json.series(s));
        }
    }
}
