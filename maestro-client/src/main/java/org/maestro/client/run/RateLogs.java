package org.maestro.client.run;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.TestJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A peer's rate logs read in one streaming pass, on the wall clock: how many messages there were,
 * how many were due after the warm-up ended, and when the last one was sent or received.
 */
record RateLogs(long records, long measured, long lastEpochMicros, long startEpochMicros, long warmupMicros) {

    /** Reads the rate logs in {@code dir}; messages due at or after {@code measureFromEpochMicros} count as measured. */
    static RateLogs read(Path dir, long measureFromEpochMicros) throws IOException {
        Optional<TestJson.Worker> test = TestJson.worker(dir);
        long start = test.map(TestJson.Worker::startEpochMicros).orElse(0L);
        long warmup = test.map(TestJson.Worker::warmupMicros).orElse(0L);
        long[] totals = new long[3];
        for (Path f : PeerFiles.rateLogs(dir)) {
            try (RateLogReader r = RateLogReader.open(f)) {
                totals[0] += r.forEachRemaining((eta, ata) -> {
                    if (start + eta >= measureFromEpochMicros) {
                        totals[1]++;
                    }
                    totals[2] = Math.max(totals[2], start + ata);
                });
            }
        }
        return new RateLogs(totals[0], totals[1], totals[2], start, warmup);
    }

    /** When this peer's warm-up ended, on the wall clock (0 when it has no test.json). */
    static long warmupEndEpochMicros(Path dir) throws IOException {
        return TestJson.worker(dir).map(t -> t.startEpochMicros() + t.warmupMicros()).orElse(0L);
    }

    /**
     * Measured messages per second from {@code fromEpochMicros} to the last message; NaN (unknown) when no message was
     * due in that span: a span that ends at a last message has no length without one.
     */
    double rate(long fromEpochMicros) {
        double seconds = (lastEpochMicros - fromEpochMicros) / 1e6;
        return seconds <= 0 || measured == 0 ? Double.NaN : measured / seconds;
    }
}
