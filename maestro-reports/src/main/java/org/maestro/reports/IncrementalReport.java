package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
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
        JsonNode incremental;
        try {
            incremental = Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            throw new ReportException(file + " is not readable JSON: " + e.getMessage(), e);
        }
        ObjectNode data = Json.MAPPER.createObjectNode();
        ObjectNode inc = data.putObject("incremental");
        inc.put("name", incremental.path("name").asText(dir.getFileName().toString()));
        inc.set("sustainableRate", incremental.path("sustainableRate"));
        inc.put("verdict", incremental.path("verdict").asText("unknown"));
        ArrayNode steps = inc.putArray("steps");
        Series achieved = new Series("achieved receive rate (msg/s)");
        Series target = new Series("target rate (msg/s)");
        Series p99 = new Series("p99 response time (ms)");
        Path root = dir.toAbsolutePath().normalize();
        for (JsonNode step : incremental.path("steps")) {
            ObjectNode s = steps.addObject();
            s.setAll((ObjectNode) step.deepCopy());
            Path stepDir = root.resolve(step.path("run").asText("")).normalize();
            if (step.path("run").asText("").isEmpty() || !stepDir.startsWith(root) || stepDir.equals(root)) {
                s.put("report", "");
            } else if (Files.isRegularFile(stepDir.resolve(RunLayout.SUMMARY_JSON))) {
                ReportBuilder.build(stepDir);
                s.put("report", root.relativize(stepDir.resolve(ReportBuilder.REPORT_FILE)).toString().replace('\\', '/'));
            }
            double rate = step.path("rate").asDouble();
            target.add(rate, rate);
            achieved.add(rate, step.path("receiveRate").asDouble());
            p99.add(rate, step.path("p99Millis").asDouble());
        }
        ArrayNode charts = data.putArray("charts");
        chart(charts, "steps-rate", "Achieved receive rate per step", "msg/s", achieved, target);
        chart(charts, "steps-p99", "p99 response time per step", "ms", p99);
        Path report = dir.resolve(ReportBuilder.REPORT_FILE);
        HtmlPage.write(report, "Maestro: " + inc.path("name").asText() + " (incremental, " + inc.path("verdict").asText() + ")", data);
        return report;
    }

    private static void chart(ArrayNode charts, String id, String title, String unit, Series... series) {
        ArrayNode lines = (ArrayNode) Json.chart(charts, id, title, "steps", unit).get("series");
        for (Series s : series) {
            lines.add(Json.series(s));
        }
    }
}
