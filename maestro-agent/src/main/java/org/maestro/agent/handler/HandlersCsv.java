package org.maestro.agent.handler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * {@code handlers.csv}: one line per handler run of a test, written when the run ends (or is
 * refused), for the report's timeline markers. Columns: {@code start,end,runId,handler,args,outcome,
 * exitStatus,reason}; times are ISO-8601 UTC with microseconds, {@code args} is a JSON array of
 * strings. Quoting follows RFC 4180.
 */
public final class HandlersCsv {
    public static final String FILE = "handlers.csv";
    static final String HEADER = "start,end,runId,handler,args,outcome,exitStatus,reason";

    private HandlersCsv() {
    }

    /** Appends one run to {@code <dir>/handlers.csv}, writing the header first if the file is new. */
    public static synchronized void append(Path dir, long startMicros, long endMicros, String runId, String handler,
                                           List<String> args, Outcome outcome, long exitStatus, String reason)
            throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(FILE);
        StringBuilder line = new StringBuilder();
        if (!Files.exists(file)) {
            line.append(HEADER).append('\n');
        }
        line.append(iso(startMicros)).append(',').append(iso(endMicros)).append(',')
                .append(field(runId)).append(',').append(field(handler)).append(',').append(field(Json.strings(args)))
                .append(',').append(outcome.wireName()).append(',').append(exitStatus).append(',').append(field(reason))
                .append('\n');
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.SYNC);
    }

    /** Epoch microseconds as ISO-8601 UTC, e.g. {@code 2025-03-01T10:15:30.123456Z}. */
    public static String iso(long epochMicros) {
        return Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L)
                .toString();
    }

    static String field(String value) {
        String v = value == null ? "" : value;
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }
}
