package org.maestro.worker;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker's files of one test (data-dir/test-id/peer), read back with the readers the client and users have.
 * Public for the benches (org.maestro.worker.bench), which read their figures from the same files.
 */
public final class RunOutput {
    private RunOutput() {
    }

    /** The records of every {@code prefix*.rlog} in {@code peerDir}, each of which must have been closed cleanly. */
    static long rateLogRecords(Path peerDir, String prefix) throws IOException {
        long total = 0;
        try (Stream<Path> files = Files.list(peerDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith(prefix)
                    && p.getFileName().toString().endsWith(".rlog")).toList()) {
                try (RateLogReader reader = RateLogReader.open(f)) {
                    total += reader.forEachRemaining((eta, ata) -> { });
                    assertTrue(reader.closedCleanly(), f + " was closed cleanly");
                }
            }
        }
        return total;
    }

    record HdrCounts(long warmup, long measured) {
        long total() {
            return warmup + measured;
        }
    }

    /** Reads an HDR interval log with HdrHistogram's own reader, counting warm-up and measured values apart. */
    static HdrCounts hdrCounts(Path hlog) throws IOException {
        long[] warmupAndMeasured = new long[2];
        forEachInterval(hlog, h -> warmupAndMeasured[isWarmup(h) ? 0 : 1] += h.getTotalCount());
        return new HdrCounts(warmupAndMeasured[0], warmupAndMeasured[1]);
    }

    /**
     * The log's measured intervals (those not tagged warm-up) added up: what the client's summary and the report
     * draw their percentiles from.
     */
    public static Histogram measured(Path hlog) throws IOException {
        Histogram total = new Histogram(3);
        forEachInterval(hlog, h -> {
            if (!isWarmup(h)) {
                total.add(h);
            }
        });
        return total;
    }

    private static boolean isWarmup(Histogram h) {
        return PeerFiles.WARMUP_TAG.equals(h.getTag());
    }

    private static void forEachInterval(Path hlog, Consumer<Histogram> consumer) throws IOException {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                consumer.accept((Histogram) h);
            }
        } finally {
            reader.close();
        }
    }
}
