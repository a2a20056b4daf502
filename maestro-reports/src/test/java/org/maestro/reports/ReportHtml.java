package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;

/** Reads back the JSON a report.html embeds, for tests. */
public final class ReportHtml {
    private static final String OPEN = "<script type=\"application/json\" id=\"report-data\">";

    private ReportHtml() {
    }

    public static JsonNode data(Path report) throws IOException {
        return parse(Files.readString(report));
    }

    /** The data a page (report.html, index.html) embeds. */
    public static JsonNode parse(String html) throws IOException {
        int from = html.indexOf(OPEN);
        if (from < 0) {
            throw new AssertionError("the page embeds no report data: " + (html.length() > 300 ? html.substring(0, 300) + "..." : html));
        }
        from += OPEN.length();
        int to = html.indexOf("</script>", from);
        return Json.MAPPER.readTree(html.substring(from, to));
    }
}
