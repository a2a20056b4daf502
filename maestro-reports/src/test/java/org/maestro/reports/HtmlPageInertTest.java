package org.maestro.reports;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Text from the wire is inert in a page: every text of report.html's data, console.log keeping its lines. */
class HtmlPageInertTest {
    private static final String FORGED = "\u001b[31mFORGED\r";

    @Test
    void everyTextAndFieldNameOfThePageDataHasItsControlCharactersEscapedButKeepsItsLines() throws Exception {
        JsonNode data = Json.MAPPER.readTree("{}");
        ((com.fasterxml.jackson.databind.node.ObjectNode) data)
                .put("console", "line 1\nline 2 " + FORGED)
                .put("evil" + FORGED, 1)
                .putArray("peers").addObject().put("name", "sender" + FORGED).put("rate", 10.5);
        String html = HtmlPage.render("run of sender" + FORGED, data);
        assertFalse(html.contains("\u001b") || html.contains("\r"), "no raw ESC or CR in the page");
        JsonNode back = ReportHtml.parse(html);
        assertEquals("line 1\nline 2 \\u001b[31mFORGED\\r", back.path("console").asText(), "console.log keeps its lines");
        assertEquals("sender\\u001b[31mFORGED\\r", back.path("peers").get(0).path("name").asText());
        assertEquals(10.5, back.path("peers").get(0).path("rate").asDouble());
        assertEquals(1, back.path("evil\\u001b[31mFORGED\\r").asInt(), "field names too");
    }

    @Test
    void dataWithNothingToEscapeIsKeptAsItIs() throws Exception {
        JsonNode data = Json.MAPPER.readTree("{\"name\":\"fixed-rate\",\"x\":[1,2,3],\"console\":\"a\\nb\"}");
        assertEquals(data, HtmlPage.inert(data));
        JsonNode text = data.path("name");
        assertSame(text.textValue(), HtmlPage.inert(text).textValue(), "no copy of a text with nothing to escape");
    }
}
