package org.maestro.results;

import java.io.IOException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one mapper of the results files (summary.json, incremental.json): they are written and read back through the
 * same records. A property it does not know is ignored, so an older run (or a newer one) stays readable.
 */
public final class ResultsJson {
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultsJson() {
    }

    /** Reads {@code file} as {@code type}; a file that is not such a JSON object is an IOException saying so. */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        T value;
        try {
            value = MAPPER.readValue(file.toFile(), type);
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not a readable " + file.getFileName() + ": " + e.getOriginalMessage(), e);
        }
        if (value == null) {
            throw new IOException(file + " does not hold a JSON object");
        }
        return value;
    }

    public static void write(Path file, Object value) throws IOException {
        MAPPER.writeValue(file.toFile(), value);
    }
}
