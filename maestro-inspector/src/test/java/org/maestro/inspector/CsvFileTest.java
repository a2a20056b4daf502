package org.maestro.inspector;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The CSV format every data set is written in: header, ISO-8601 timestamps, RFC 4180 quoting. */
class CsvFileTest {
    @TempDir
    Path dir;

    @Test
    void headerFirstThenRowsStampedWithIsoMillisecondsAndQuotedWhereNeeded() throws Exception {
        DataSet d = new DataSet("pools", "test", List.of("area", "usedBytes"));
        try (CsvFile f = CsvFile.create(dir, d)) {
            assertEquals(List.of("timestamp,area,usedBytes"), Files.readAllLines(f.path()), "the header is on disk at once");
            f.row(Instant.parse("2025-01-31T10:15:30Z"), List.of("CodeHeap 'non-nmethods'", "12"));
            f.row(Instant.parse("2025-01-31T10:15:31.123456Z"), List.of("a,b \"c\"", ""));
            f.flush();
            assertEquals(List.of("timestamp,area,usedBytes",
                    "2025-01-31T10:15:30.000Z,CodeHeap 'non-nmethods',12",
                    "2025-01-31T10:15:31.123Z,\"a,b \"\"c\"\"\","), Files.readAllLines(dir.resolve("pools.csv")));
            assertEquals(2, f.rowsWritten());
            assertThrows(IllegalArgumentException.class, () -> f.row(Instant.now(), List.of("only one")));
        }
        assertEquals(List.of("2025-01-31T10:15:31.123Z", "a,b \"c\"", ""),
                Csv.fields(Files.readAllLines(dir.resolve("pools.csv")).get(2)), "the test reader reads it back");
    }

    @Test
    void dataSetNamesMustBeFileNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new DataSet("../etc", "x", List.of("a")));
        assertEquals("data set name '../etc' must be letters, digits, '.', '_' or '-' (it names a CSV file)", e.getMessage());
    }
}
