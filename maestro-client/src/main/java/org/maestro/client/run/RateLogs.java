package org.maestro.client.run;

import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.ratelog.RateLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A peer's rate logs read in one streaming pass, on the wall clock: how many messages there were,
 * how many were due after the warm-up ended, and when the last one was sent or received.
 */
record RateLogs(long records, long measured, long lastEpochMicros, long startEpochMicros, long warmupMicros) {

    /** Reads the rate logs in {@code dir}; messages due at or after {@code measureFromEpochMicros} count as measured. */
    static RateLogs read(Path dir, long measureFromEpochMicros) throws IOException {
        JsonNode test = testJson(dir);
        long start = test == null ? 0 : test.path("startEpochMicros").asLong();
        long warmup = test == null ? 0 : test.path("warmupMicros").asLong();
        long[] totals = new long[3];
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".rlog")).toList()) {
                    try (RateLogReader r = RateLogReader.open(f)) {
                        totals[0] += r.forEachRemaining((eta, ata) -> {
                            if (start + eta >= measureFromEpochMicros) {
                                totals[1]++;
                            }
                            totals[2] = Math.max(totals[2], start + ata);
                        });
                    }
                }
            }
        }
        return new RateLogs(totals[0], totals[1], totals[2], start, warmup);
    }

    /** When this peer's warm-up ended, on the wall clock (0 when it has no test.json). */
    static long warmupEndEpochMicros(Path dir) throws IOException {
        JsonNode test = testJson(dir);
        return test == null ? 0 : test.path("startEpochMicros").asLong() + test.path("warmupMicros").asLong();
    }

    /** Measured messages per second from {@code fromEpochMicros} to the last message. */
    double rate(long fromEpochMicros) {
        double seconds = (lastEpochMicros - fromEpochMicros) / 1e6;
        return seconds <= 0 ? 0 : measured / seconds;
    }

    private static JsonNode testJson(Path dir) throws IOException {
        Path file = dir.resolve("test.json");
        return Files.exists(file) ? RunFilesWriter.JSON.readTree(file.toFile()) : null;
    }
}
