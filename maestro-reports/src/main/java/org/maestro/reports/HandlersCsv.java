package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An agent's {@code handlers.csv}: one line per handler run, columns
 * {@code start,end,runId,handler,args,outcome,exitStatus,reason} (times ISO-8601, args a JSON array).
 */
final class HandlersCsv {
    static final String FILE = "handlers.csv";

    /** One handler run. */
    record Run(String start, String end, String runId, String handler, String args, String outcome, long exitStatus,
               String reason) {
    }

    private HandlersCsv() {
    }

    static List<Run> read(Path file) throws IOException {
        List<Run> runs = new ArrayList<>();
        try (CsvReader csv = CsvReader.open(file)) {
            List<String> header = csv.next();
            if (header == null) {
                return runs;
            }
            List<String> r;
            while ((r = csv.next()) != null) {
                if (r.size() < 8) {
                    continue;
                }
                long exit;
                try {
                    exit = Long.parseLong(r.get(6).trim());
                } catch (NumberFormatException e) {
                    exit = -1;
                }
                runs.add(new Run(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5), exit, r.get(7)));
            }
        }
        return runs;
    }
}
