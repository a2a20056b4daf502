package org.maestro.reports.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.dataserver.RelativePath;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.BuildTags;
import org.maestro.results.ComparisonJson;
import org.maestro.results.Incremental;
import org.maestro.results.Summary;
import org.maestro.reports.Json;
import org.maestro.reports.page.ReportBuilder;

/**
 * One row of the run index: what a run directory's summary.json (or incremental.json) and comparison.json
 * say, read without failing: a file that is not readable JSON becomes an "unreadable: ..." note on the row.
 * Links are relative to the runs directory and percent-encoded, so the index works from file:// and over
 * HTTP alike.
 */
public final class IndexRow {
    static final String COMPARISON_PAGE = "comparison.html";
    /** Parser messages can carry the whole source text; the first line says what is wrong. */
    private static final int MAX_REASON = 200;

    private IndexRow() {
    }

    /** The row for {@code dir}, or empty when it is not a run directory (no summary.json nor incremental.json). */
    public static Optional<ObjectNode> read(Path dir) {
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
            if (summary) {
                runFigures(row, Summary.read(dir.resolve(RunLayout.SUMMARY_JSON)));
            } else {
                incrementalFigures(row, Incremental.read(dir.resolve(RunLayout.INCREMENTAL_JSON)));
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

    /** A figure that is unknown (null: nothing measured) gets no field: the index shows no number and plots no point. */
    private static void runFigures(ObjectNode row, Summary s) {
        if (s.name() != null) {
            row.put("name", s.name());
        }
        row.set("tags", Json.MAPPER.valueToTree(s.tags()));
        String build = BuildTags.build(s.build());
        if (build != null) {
            row.put(BuildTags.BUILD, build);
        }
        String sut = BuildTags.sut(s.build());
        if (sut != null) {
            row.put(BuildTags.SUT, sut);
        }
        row.put("verdict", s.verdict() == null ? "unknown" : s.verdict());
        long start = Json.epochMicros(s.start());
        if (start >= 0) {
            row.put("start", s.start());
            row.put("startMillis", start / 1000);
        }
        Summary.Totals t = s.totals();
        if (t == null) {
            return;
        }
        Summary.Latency response = Summary.Latency.known(t.responseTime());
        copyNumber(row, "sent", t.sent());
        copyNumber(row, "received", t.received());
        copyNumber(row, "lost", t.lost());
        copyNumber(row, "receiveRate", t.receiveRate());
        copyNumber(row, "p99", response == null ? null : response.p99());
        copyNumber(row, "max", response == null ? null : response.max());
    }

    /** An incremental run's figures are those of its sustainable step: the last run at the sustainable rate. */
    private static void incrementalFigures(ObjectNode row, Incremental inc) {
        if (inc.name() != null) {
            row.put("name", inc.name());
        }
        row.put("verdict", inc.verdict() == null ? "unknown" : inc.verdict());
        copyNumber(row, "sustainableRate", inc.sustainableRate());
        row.put("sustainable", inc.sustainableText());
        if (inc.confirmedText() != null) {
            row.put("confirmed", inc.confirmedText());
        }
        Incremental.Step sustainable = null;
        for (Incremental.Step step : inc.steps()) {
            if (step.passed() && inc.sustainableRate() != null && step.rate() == inc.sustainableRate()) {
                sustainable = step;
            }
        }
        row.put("steps", inc.steps().size());
        if (sustainable != null) {
            copyNumber(row, "receiveRate", sustainable.receiveRate());
            copyNumber(row, "p99", sustainable.p99Millis());
        }
    }

    /** comparison.json's verdict and baseline, linked to comparison.html (else the JSON itself). */
    private static Optional<ObjectNode> comparison(Path dir, String href) {
        Path file = dir.resolve(ComparisonJson.FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        ObjectNode c = Json.MAPPER.createObjectNode();
        try {
            ComparisonJson json = ComparisonJson.read(file);
            c.put("verdict", Objects.requireNonNullElse(json.verdict(), "unknown"));
            c.put("baseline", Objects.requireNonNullElse(json.baseline(), ""));
            // The smallest detectable changes as the comparison computed them: the index shows them, never works them out.
            var detectable = c.putArray("detectable");
            json.detectable().forEach(d -> detectable.addObject().put("metric", d.metric()).put("worse", d.worse())
                    .put("percent", d.percent()));
        } catch (IOException e) {
            c.put("verdict", "unknown");
            c.put("baseline", "");
            c.put("note", "unreadable: " + reason(e));
        }
        String page = Files.isRegularFile(dir.resolve(COMPARISON_PAGE)) ? COMPARISON_PAGE : ComparisonJson.FILE;
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

    private static void copyNumber(ObjectNode row, String field, Number value) {
        if (value != null) {
            row.set(field, Json.MAPPER.valueToTree(value));
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
