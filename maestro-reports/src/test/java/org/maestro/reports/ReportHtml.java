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
        String html = Files.readString(report);
        int from = html.indexOf(OPEN);
        if (from < 0) {
            throw new AssertionError(report + " embeds no report data");
        }
        from += OPEN.length();
        int to = html.indexOf("</script>", from);
        return Json.MAPPER.readTree(html.substring(from, to));
    }
}
