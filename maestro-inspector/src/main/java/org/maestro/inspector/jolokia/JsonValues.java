package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;

/** Jolokia attribute values as CSV text: numbers and strings as they are, absent or null as "". */
final class JsonValues {
    private JsonValues() {
    }

    static String text(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "";
        }
        if (value.isValueNode()) {
            return value.asText();
        }
        return value.toString();
    }

    /** The first of {@code names} that {@code attributes} holds (JDKs renamed some OS attributes), as text. */
    static String first(JsonNode attributes, String... names) {
        for (String name : names) {
            JsonNode v = attributes.get(name);
            if (v != null && !v.isNull()) {
                return text(v);
            }
        }
        return "";
    }
}
