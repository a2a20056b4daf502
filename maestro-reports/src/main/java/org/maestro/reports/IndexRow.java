package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.dataserver.RelativePath;
import org.maestro.common.runfiles.RunLayout;

/**
 * One row of the run index: what a run directory's summary.json (or incremental.json) and comparison.json
 * say, read without failing: a file that is not readable JSON becomes an "unreadable: ..." note on the row.
 * Links are relative to the runs directory and percent-encoded, so the index works from file:// and over
 * HTTP alike.
 */
final class IndexRow {
    static final String COMPARISON = "comparison.json";
    static final String COMPARISON_PAGE = "comparison.html";
    /** Parser messages can carry the whole source text; the first line says what is wrong. */
    private static final int MAX_REASON = 200;

    private IndexRow() {
    }

    /** The row for {@code dir}, or empty when it is not a run directory (no summary.json nor incremental.json). */
    static Optional<ObjectNode> read(Path dir) {
        boolean summary = Files.isRegularFile(dir.resolve(RunLayout.SUMMARY_JSON));
        boolean incremental = !summary && Files.isRegularFile(dir.resolve(RunLayout.INCREMENTAL_JSON));
        if (!summary && !incremental) {
            return Optional.empty();
        }
        String name = dir.getFileName().toString();
        ObjectNode row = Json.MAPPER.createObjectNode();
        row.put("dir", name);
        row.put("kind", summary ? "run" : "incremental");
        row.put("name", name);
        row.putArray("tags");
        row.put("verdict", "unknown");
        row.put("note", "");
        try {
            JsonNode file = readObject(dir.resolve(summary ? RunLayout.SUMMARY_JSON : RunLayout.INCREMENTAL_JSON));
            if (summary) {
                runFigures(row, file);
            } else {
                incrementalFigures(row, file);
            }
        } catch (IOException e) {
            row.put("note", "unreadable: " + reason(e));
        }
        if (!row.has("startMillis")) {
            stampMillis(name).ifPresent(millis -> row.put("startMillis", millis));
        }
        String href = href(name);
        row.put("href", href.isEmpty() ? "" : href + "/");
        row.put("report", href.isEmpty() || !Files.isRegularFile(dir.resolve(ReportBuilder.REPORT_FILE)) ? ""
                : href + "/" + ReportBuilder.REPORT_FILE);
        comparison(dir, href).ifPresent(c -> row.set("comparison", c));
        return Optional.of(row);
    }

    private static void runFigures(ObjectNode row, JsonNode s) {
        row.put("name", s.path("name").asText(row.path("name").asText()));
        row.set("tags", s.path("tags").isArray() ? s.path("tags") : Json.MAPPER.createArrayNode());
        row.put("verdict", s.path("verdict").asText("unknown"));
        long start = Json.epochMicros(s.get("start"));
        if (start >= 0) {
            row.put("start", s.path("start").asText());
            row.put("startMillis", start / 1000);
        }
        JsonNode t = s.path("totals");
        copyNumber(row, "sent", t.path("sent"));
        copyNumber(row, "received", t.path("received"));
        copyNumber(row, "lost", t.path("lost"));
        copyNumber(row, "receiveRate", t.path("receiveRate"));
        copyNumber(row, "p99", t.path("responseTime").path("p99"));
        copyNumber(row, "max", t.path("responseTime").path("max"));
    }

    /** An incremental run's figures are those of its sustainable step: the last step that passed. */
    private static void incrementalFigures(ObjectNode row, JsonNode inc) {
        row.put("name", inc.path("name").asText(row.path("name").asText()));
        row.put("verdict", inc.path("verdict").asText("unknown"));
        copyNumber(row, "sustainableRate", inc.path("sustainableRate"));
        JsonNode sustainable = null;
        for (JsonNode step : inc.path("steps")) {
            if ("passed".equals(step.path("verdict").asText())) {
                sustainable = step;
            }
        }
        row.put("steps", inc.path("steps").size());
        if (sustainable != null) {
            copyNumber(row, "receiveRate", sustainable.path("receiveRate"));
            copyNumber(row, "p99", sustainable.path("p99Millis"));
        }
    }

    /** comparison.json's verdict and baseline, linked to comparison.html (else the JSON itself). */
    private static Optional<ObjectNode> comparison(Path dir, String href) {
        Path file = dir.resolve(COMPARISON);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        ObjectNode c = Json.MAPPER.createObjectNode();
        try {
            JsonNode json = readObject(file);
            c.put("verdict", json.path("verdict").asText("unknown"));
            c.put("baseline", json.path("baseline").asText(""));
        } catch (IOException e) {
            c.put("verdict", "unknown");
            c.put("baseline", "");
            c.put("note", "unreadable: " + reason(e));
        }
        String page = Files.isRegularFile(dir.resolve(COMPARISON_PAGE)) ? COMPARISON_PAGE : COMPARISON;
        c.put("href", href.isEmpty() ? "" : href + "/" + page);
        return Optional.of(c);
    }

    private static JsonNode readObject(Path file) throws IOException {
        JsonNode json = Json.MAPPER.readTree(file.toFile());
        if (json == null || !json.isObject()) {
            throw new IOException(file.getFileName() + " does not hold a JSON object");
        }
        return json;
    }

    private static void copyNumber(ObjectNode row, String field, JsonNode value) {
        if (value.isNumber()) {
            row.set(field, value);
        }
    }

    /** The start a directory name gives ({@link RunLayout#runDirName}), for runs whose summary has none. */
    private static Optional<Long> stampMillis(String dirName) {
        return RunLayout.runDirStart(dirName).map(start -> start.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
    }

    /** The directory name as a relative URL path segment; "" when it cannot be one (e.g. it holds a '\'). */
    private static String href(String dirName) {
        try {
            return RelativePath.parse(dirName).toUrlPath();
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String reason(IOException e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("").trim();
        return text.length() > MAX_REASON ? text.substring(0, MAX_REASON) + "..." : text;
    }
}
