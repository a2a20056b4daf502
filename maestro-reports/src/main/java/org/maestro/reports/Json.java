package org.maestro.reports;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The module's JSON mapper and the small conversions the report needs. */
public final class Json {
    public static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    /** An ISO-8601 instant as epoch microseconds, or -1 when the text is missing or not an instant. */
    public static long epochMicros(JsonNode text) {
        return text == null || !text.isTextual() ? -1 : epochMicros(text.asText());
    }

    /** An ISO-8601 instant as epoch microseconds, or -1 when the text is missing or not an instant. */
    public static long epochMicros(String text) {
        if (text == null || text.isBlank()) {
            return -1;
        }
        try {
            Instant t = Instant.parse(text);
            return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
        } catch (DateTimeParseException e) {
            return -1;
        }
    }

    /** A series as {label, x: [...], y: [...]}, y null where the series has no value (NaN). */
    public static ObjectNode series(Series s) {
        ObjectNode n = MAPPER.createObjectNode();
        n.put("label", s.label);
        ArrayNode xs = n.putArray("x");
        ArrayNode ys = n.putArray("y");
        for (int i = 0; i < s.size(); i++) {
            xs.add(round(s.x(i)));
            if (Double.isNaN(s.y(i))) {
                ys.addNull(); // no value there: the line breaks (the report's charts do not span gaps)
            } else {
                ys.add(round(s.y(i)));
            }
        }
        return n;
    }

    /** Six significant digits are plenty for a chart and keep the page small. */
    public static double round(double v) {
        if (v == Math.rint(v) || !Double.isFinite(v)) {
            return v;
        }
        return new BigDecimal(v).round(new MathContext(6)).doubleValue();
    }

    /** Adds an empty chart to {@code charts}: {id, title, kind (time, elapsed, distribution, steps, curve, date), unit, series: []}. */
    public static ObjectNode chart(ArrayNode charts, String id, String title, String kind, String unit) {
        ObjectNode c = charts.addObject();
        c.put("id", id);
        c.put("title", title);
        c.put("kind", kind);
        c.put("unit", unit);
        c.putArray("series");
        return c;
    }
}
