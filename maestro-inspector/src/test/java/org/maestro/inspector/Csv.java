package org.maestro.inspector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Reading the inspector's CSV files in tests: rows as column-name maps, and bounded waits for a row. */
final class Csv {
    private Csv() {
    }

    /** Every data row of {@code file}, each a map from header name to value (RFC 4180 quoting understood). */
    static List<Map<String, String>> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<String> header = fields(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> values = fields(line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < values.size() ? values.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** Waits (polling every 100 ms, at most {@code seconds}) for a row that matches; returns it. */
    static Map<String, String> await(Path file, Predicate<Map<String, String>> match, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Map<String, String>> seen = List.of();
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                seen = rows(file);
                for (Map<String, String> row : seen) {
                    if (match.test(row)) {
                        return row;
                    }
                }
            }
            Thread.sleep(100); // polling interval of a bounded wait
        }
        throw new AssertionError("no matching row in " + file + " within " + seconds + " s; last rows: "
                + seen.subList(Math.max(0, seen.size() - 5), seen.size()));
    }

    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
