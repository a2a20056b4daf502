package org.maestro.results.reduce;

import java.io.IOException;
import java.nio.file.Path;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

/**
 * The one reduction of a peer's rate logs ({@code *.rlog}, read with maestro-common's {@link RateLogReader}), in
 * one streaming pass on the wall clock (each file's records are microseconds from the test start in its header):
 * how many messages, how many were due at or after the peer's warm-up boundary (the measured ones), when the last
 * was sent or received, and the messages per time bucket by actual time. Holds one counter per bucket, never a
 * message.
 *
 * @param counts           messages per bucket by actual time, relative to the origin it was read with
 * @param messages         records read (the whole test, warm-up included)
 * @param measured         records due (intended time) at or after the warm-up boundary
 * @param lastEpochMicros  the latest actual time, 0 when there is none
 * @param startEpochMicros the test start in the files' headers, 0 when there is no file
 * @param truncatedFiles   files that end inside a frame (their writer died)
 */
public record RateLogTally(TimeBuckets counts, long messages, long measured, long lastEpochMicros, long startEpochMicros,
                           int truncatedFiles) {

    /**
     * Reads every {@code *.rlog} file directly in {@code peerDir}.
     *
     * @param measureFromEpochMicros the peer's warm-up boundary: messages due at or after it are measured
     * @param originMicros           the origin of the buckets
     */
    public static RateLogTally read(Path peerDir, long measureFromEpochMicros, long originMicros, int bucketSeconds)
            throws IOException {
        TimeBuckets counts = new TimeBuckets(originMicros, bucketSeconds);
        long[] sums = new long[2]; // measured, last
        long messages = 0;
        long start = 0;
        int truncated = 0;
        for (Path f : PeerFiles.rateLogs(peerDir)) {
            try (RateLogReader reader = RateLogReader.open(f)) {
                long fileStart = reader.header().testStartEpochMicros();
                start = start == 0 ? fileStart : Math.min(start, fileStart);
                messages += reader.forEachRemaining((eta, ata) -> {
                    long at = fileStart + ata;
                    counts.add(at);
                    if (fileStart + eta >= measureFromEpochMicros) {
                        sums[0]++;
                    }
                    sums[1] = Math.max(sums[1], at);
                });
                if (reader.truncatedTail()) {
                    truncated++;
                }
            }
        }
        return new RateLogTally(counts, messages, sums[0], sums[1], start, truncated);
    }

    /**
     * Messages per second after the warm-up ({@link org.maestro.common.runfiles.Figures#RATE_AFTER_WARMUP}): the
     * measured messages over the measured span, from the warm-up boundary to the last message, both on the peer's own
     * clock ({@link WarmupBoundary}). NaN (unknown) when there is no such span.
     */
    public double rateAfter(long spanStartEpochMicros) {
        double seconds = (lastEpochMicros - spanStartEpochMicros) / 1e6;
        // NaN (unknown) when no message was due in the span: a span that ends at a last message has no length without one.
        return seconds <= 0 || measured == 0 ? Double.NaN : measured / seconds;
    }
}
