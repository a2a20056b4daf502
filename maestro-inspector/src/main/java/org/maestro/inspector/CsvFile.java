package org.maestro.inspector;

import org.maestro.common.runfiles.CsvReader;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * One data set's CSV file: a header row ({@code timestamp} then the data set's columns), then one row per
 * entity per sample, each starting with the sample's ISO-8601 UTC time in milliseconds
 * ({@code 2025-01-31T10:15:30.123Z}). Values are quoted as RFC 4180 says when they hold a comma, a quote or
 * a line break. {@link #flush()} after every sample makes every written row readable at once.
 */
public final class CsvFile implements AutoCloseable {
    /** Always three fraction digits (Instant.toString() drops them when they are zero). */
    private static final DateTimeFormatter ISO_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSX")
            .withZone(ZoneOffset.UTC);

    private final Path path;
    private final int columns;
    private final BufferedWriter out;
    private long rowsWritten;

    private CsvFile(Path path, int columns, BufferedWriter out) {
        this.path = path;
        this.columns = columns;
        this.out = out;
    }

    /** Creates (or replaces) {@code dir/<data set>.csv} and writes its header. */
    public static CsvFile create(Path dir, DataSet dataSet) throws IOException {
        Path path = dir.resolve(dataSet.fileName());
        BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
        CsvFile file = new CsvFile(path, dataSet.columns().size(), out);
        file.line("timestamp", dataSet.columns());
        file.flush();
        return file;
    }

    /** Writes one row stamped with {@code time}. */
    public void row(Instant time, List<String> values) throws IOException {
        if (values.size() != columns) {
            throw new IllegalArgumentException(path.getFileName() + ": a row of " + values.size() + " values for "
                    + columns + " columns");
        }
        line(timestamp(time), values);
        rowsWritten++;
    }

    public void flush() throws IOException {
        out.flush();
    }

    public Path path() {
        return path;
    }

    public long rowsWritten() {
        return rowsWritten;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** ISO-8601, UTC, milliseconds: what every CSV starts a row with. */
    public static String timestamp(Instant time) {
        return ISO_MILLIS.format(time);
    }

    private void line(String first, List<String> rest) throws IOException {
        StringBuilder line = new StringBuilder(CsvReader.field(first));
        for (String v : rest) {
            line.append(',').append(CsvReader.field(v));
        }
        out.write(line.append('\n').toString());
    }
}
