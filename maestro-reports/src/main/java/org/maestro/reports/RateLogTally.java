package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

/**
 * A peer's rate logs ({@code *.rlog}) read in one streaming pass into counts of messages per time bucket by actual
 * time (sent for a sender, received for a receiver) on the wall clock: each file's records are microseconds
 * from the test start in its header. Holds one counter per bucket, never a message.
 *
 * @param counts           messages per bucket, relative to the report's origin
 * @param messages         records read
 * @param lastEpochMicros  the latest actual time, 0 when there is none
 * @param truncatedFiles   files that end inside a frame (their writer died)
 */
record RateLogTally(TimeBuckets counts, long messages, long lastEpochMicros, int truncatedFiles) {

    /** Reads every {@code *.rlog} file directly in {@code peerDir}. */
    static RateLogTally read(Path peerDir, long originMicros, int bucketSeconds) throws IOException {
        TimeBuckets counts = new TimeBuckets(originMicros, bucketSeconds);
        long[] last = {0};
        long messages = 0;
        int truncated = 0;
        for (Path f : PeerFiles.rateLogs(peerDir)) {
            try (RateLogReader reader = RateLogReader.open(f)) {
                long start = reader.header().testStartEpochMicros();
                messages += reader.forEachRemaining((eta, ata) -> {
                    long at = start + ata;
                    counts.add(at);
                    if (at > last[0]) {
                        last[0] = at;
                    }
                });
                if (reader.truncatedTail()) {
                    truncated++;
                }
            }
        }
        return new RateLogTally(counts, messages, last[0], truncated);
    }
}
