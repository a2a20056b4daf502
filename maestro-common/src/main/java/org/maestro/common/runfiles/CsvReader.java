package org.maestro.common.runfiles;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a CSV file record by record as RFC 4180 says (quoted fields may hold commas, quotes and line breaks),
 * so a large file is never held in memory. {@link #field(String)} writes a field the way this reads it.
 */
public final class CsvReader implements AutoCloseable {
    private final BufferedReader in;

    private CsvReader(BufferedReader in) {
        this.in = in;
    }

    public static CsvReader open(Path file) throws IOException {
        return new CsvReader(Files.newBufferedReader(file, StandardCharsets.UTF_8));
    }

    /** The next record, or null at the end of the file. */
    public List<String> next() throws IOException {
        int c = in.read();
        if (c == -1) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        while (true) {
            if (quoted) {
                if (c == -1) {
                    break;
                } else if (c == '"') {
                    in.mark(1);
                    int d = in.read();
                    if (d == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        if (d != -1) {
                            in.reset();
                        }
                    }
                } else {
                    field.append((char) c);
                }
            } else if (c == -1 || c == '\n') {
                break;
            } else if (c == '\r') {
                // ignored: CRLF line ends
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
            } else {
                field.append((char) c);
            }
            c = in.read();
        }
        fields.add(field.toString());
        return fields;
    }

    /** Creates (or replaces) {@code file} with its header row, flushed: the file a peer's CSV writer appends to. */
    public static BufferedWriter createWithHeader(Path file, String header) throws IOException {
        BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(header + "\n");
        out.flush();
        return out;
    }

    /** A value as a CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
    public static String field(String value) {
        String v = value == null ? "" : value;
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
