package org.maestro.reports;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.maestro.common.util.SafeText;

/**
 * Puts report.html (and a runs directory's index.html) together from its template (a class-path resource):
 * the page's CSS and script, the chart libraries from their webjars, and the report data as inline JSON. One file, no network.
 */
public final class HtmlPage {
    private HtmlPage() {
    }

    public static String render(String title, JsonNode data) throws IOException {
        String template = resource("report-template.html");
        return template
                .replace("@TITLE@", escapeHtml(SafeText.of(title, Integer.MAX_VALUE)))
                .replace("@CSS@", resource("report.css"))
                .replace("@SCRIPTS@", WebJarScripts.all())
                .replace("@JS@", WebJarScripts.inlineSafe(resource("report.js")))
                .replace("@DATA@", inlineJson(inert(data)));
    }

    /**
     * The page's data with every text (and field name) made inert line by line: what came from a peer, a handler
     * or the SUT keeps its lines (console.log is shown as it was) but no other control character reaches the page.
     */
    static JsonNode inert(JsonNode node) {
        if (node.isTextual()) {
            return TextNode.valueOf(inertLines(node.textValue()));
        }
        if (node.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(node.size());
            node.forEach(e -> out.add(inert(e)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            node.fields().forEachRemaining(f -> out.set(inertLines(f.getKey()), inert(f.getValue())));
            return out;
        }
        return node;
    }

    private static String inertLines(String text) {
        if (text.chars().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029)) {
            return text;   // the usual case: nothing to escape, no copy
        }
        return Arrays.stream(text.split("\n", -1)).map(l -> SafeText.of(l, Integer.MAX_VALUE)).collect(Collectors.joining("\n"));
    }

    /** Renders the page and writes it to {@code file} ({@link AtomicFile}: never half a page). */
    public static void write(Path file, String title, JsonNode data) throws ReportException {
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

    public static String escapeHtml(String s) {
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
