package org.maestro.common.runfiles;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** How the JSON files of a peer's directory are written (indented, for people to read) and read. */
public final class RunJson {
    /**
     * Indented on writing; unknown fields ignored on reading, so files written by an older or newer
     * Maestro still read.
     */
    public static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private RunJson() {
    }

    public static void write(Path file, Object value) throws IOException {
        MAPPER.writeValue(file.toFile(), value);
    }

    /** A list of strings as a one-line JSON array, e.g. {@code ["a","b c"]}. */
    public static String strings(List<String> list) {
        try {
            return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(list);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a list of strings cannot fail to be JSON: " + list, e);
        }
    }
}
