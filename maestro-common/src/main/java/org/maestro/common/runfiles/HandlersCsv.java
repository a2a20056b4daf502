package org.maestro.common.runfiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent's {@code handlers.csv}: one line per handler run of a test, written when the run ends (or is
 * refused), for the report's timeline markers. Columns: {@code start,end,runId,handler,args,outcome,
 * exitStatus,reason}; times are ISO-8601 UTC with microseconds, {@code args} is a JSON array of strings.
 * Quoting follows RFC 4180. The agent appends with {@link #append}, the reports read with {@link #read}.
 */
public final class HandlersCsv {
    static final String HEADER = "start,end,runId,handler,args,outcome,exitStatus,reason";
    private static final int COLUMNS = 8;

    /**
     * One handler run, as the file holds it.
     *
     * @param start      ISO-8601 UTC
     * @param end        ISO-8601 UTC
     * @param args       the arguments as a JSON array of strings
     * @param outcome    the outcome's wire name, e.g. {@code succeeded}
     * @param exitStatus the handler's exit status; -1 when it has none (or the file's is not a number)
     */
    public record Row(String start, String end, String runId, String handler, String args, String outcome,
                      long exitStatus, String reason) {

        public static Row of(long startMicros, long endMicros, String runId, String handler, List<String> args,
                             String outcome, long exitStatus, String reason) {
            return new Row(iso(startMicros), iso(endMicros), runId, handler, RunJson.strings(args), outcome, exitStatus,
                    reason);
        }
    }

    private HandlersCsv() {
    }

    /** Appends one run to {@code <dir>/handlers.csv}, writing the header first if the file is new. */
    public static synchronized void append(Path dir, Row row) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(PeerFiles.HANDLERS_CSV);
        StringBuilder line = new StringBuilder();
        if (!Files.exists(file)) {
            line.append(HEADER).append('\n');
        }
        line.append(row.start()).append(',').append(row.end()).append(',')
                .append(CsvReader.field(row.runId())).append(',').append(CsvReader.field(row.handler())).append(',')
                .append(CsvReader.field(row.args())).append(',').append(row.outcome()).append(',')
                .append(row.exitStatus()).append(',').append(CsvReader.field(row.reason())).append('\n');
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.SYNC);
    }

    /** Every run in {@code file}, in file order; lines with too few columns are skipped. */
    public static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (CsvReader csv = CsvReader.open(file)) {
            List<String> header = csv.next();
            if (header == null) {
                return rows;
            }
            List<String> r;
            while ((r = csv.next()) != null) {
                if (r.size() < COLUMNS) {
                    continue;
                }
                long exit;
                try {
                    exit = Long.parseLong(r.get(6).trim());
                } catch (NumberFormatException e) {
                    exit = -1;
                }
                rows.add(new Row(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), exit, r.get(7)));
            }
        }
        return rows;
    }

    /** Epoch microseconds as ISO-8601 UTC, e.g. {@code 2025-03-01T10:15:30.123456Z}. */
    public static String iso(long epochMicros) {
        return Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000L), Math.floorMod(epochMicros, 1_000_000L) * 1_000L)
                .toString();
    }
}
