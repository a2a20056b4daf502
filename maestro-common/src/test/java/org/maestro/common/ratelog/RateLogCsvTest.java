package org.maestro.common.ratelog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV export of rate logs, as a library call and as a command line. */
class RateLogCsvTest {

    @TempDir
    Path dir;

    @Test
    void exportsHeaderThenOneLinePerRecord() throws IOException {
        Path log = writeLog(dir.resolve("r.rlog"), new long[][] {{0, 3}, {100, 99}, {200, 250}});
        Path csv = dir.resolve("r.csv");
        RateLogCsv.Result result = RateLogCsv.export(log, csv);
        assertEquals(3, result.records());
        assertTrue(result.closedCleanly());
        assertEquals(List.of("eta,ata", "0,3", "100,99", "200,250"), Files.readAllLines(csv));
    }

    @Test
    void commandLineWritesToStandardOutputOrToAFile() throws IOException {
        Path log = writeLog(dir.resolve("s.rlog"), new long[][] {{5, 6}, {-1, -2}});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RateLogCsv.run(new String[] {log.toString()}, print(out), print(err));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        assertEquals("eta,ata\n5,6\n-1,-2\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));

        Path csv = dir.resolve("s.csv");
        assertEquals(0, RateLogCsv.run(new String[] {log.toString(), csv.toString()}, print(out), print(err)));
        assertEquals(List.of("eta,ata", "5,6", "-1,-2"), Files.readAllLines(csv));
    }

    @Test
    void commandLineReportsUsageMissingFilesAndCorruption() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream out = print(new ByteArrayOutputStream());
        assertEquals(2, RateLogCsv.run(new String[0], out, print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("usage: RateLogCsv FILE [OUT.csv]"));

        err.reset();
        assertEquals(1, RateLogCsv.run(new String[] {dir.resolve("missing.rlog").toString()}, out, print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no such file"), err.toString(StandardCharsets.UTF_8));

        err.reset();
        Path notLog = dir.resolve("x.rlog");
        Files.writeString(notLog, "hello world, not a rate log");
        assertEquals(1, RateLogCsv.run(new String[] {notLog.toString()}, out, print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(notLog + ": not a rate log: bad magic"),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void commandLineWarnsAboutATruncatedTail() throws IOException {
        Path log = writeLog(dir.resolve("t.rlog"), new long[][] {{1, 2}});
        byte[] bytes = Files.readAllBytes(log);
        Files.write(log, java.util.Arrays.copyOf(bytes, bytes.length - RateLogFormat.FRAME_HEADER_BYTES - 1));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, RateLogCsv.run(new String[] {log.toString()}, print(out), print(err)));
        assertEquals("eta,ata\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("incomplete frame"), err.toString(StandardCharsets.UTF_8));
    }

    private static Path writeLog(Path file, long[][] records) throws IOException {
        try (RateLogWriter writer = RateLogWriter.create(file, 0, "csv test")) {
            for (long[] r : records) {
                writer.record(r[0], r[1]);
            }
        }
        return file;
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
