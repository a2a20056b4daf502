package org.maestro.reports;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Puts report.html (and a runs directory's index.html) together from its template (a class-path resource):
 * the page's CSS and script, the chart libraries from their webjars, and the report data as inline JSON. One file, no network.
 */
final class HtmlPage {
    private HtmlPage() {
    }

    static String render(String title, JsonNode data) throws IOException {
        String template = resource("report-template.html");
        return template
                .replace("@TITLE@", escapeHtml(title))
                .replace("@CSS@", resource("report.css"))
                .replace("@SCRIPTS@", WebJarScripts.all())
                .replace("@JS@", WebJarScripts.inlineSafe(resource("report.js")))
                .replace("@DATA@", inlineJson(data));
    }

    /** Renders the page and writes it to {@code file} ({@link AtomicFile}: never half a page). */
    static void write(Path file, String title, JsonNode data) throws ReportException {
        try {
            AtomicFile.write(file, render(title, data));
        } catch (IOException e) {
            throw new ReportException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** JSON that cannot end its script element: "</" becomes "<\/", which JSON reads back the same. */
    static String inlineJson(JsonNode data) throws JsonProcessingException {
        return Json.MAPPER.writeValueAsString(data).replace("</", "<\\/").replace("<!--", "<\\u0021--");
    }

    static String escapeHtml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = HtmlPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the class path lacks org/maestro/reports/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
