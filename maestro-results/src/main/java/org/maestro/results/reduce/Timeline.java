package org.maestro.results.reduce;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.SequenceEventsCsv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The run on one wall-clock axis, in 100 ms buckets, read from every peer's rate logs in one
 * streaming pass (the agent actions' cost, {@link FaultAnalysis}; the per-second figures are {@link RateLogTally}'s): messages sent by intended time,
 * messages received by intended time (to see which were lost), messages received by arrival time (to see when they flowed), and the
 * receivers' duplicated and out-of-order arrivals (from sequence-events.csv).
 */
public final class Timeline {
    public static final long BUCKET_MICROS = 100_000;

    public final long originMicros;
    public final long[] sentByIntended;
    public final long[] receivedByIntended;
    public final long[] receivedByArrival;
    public final long[] duplicatedByArrival;
    public final long[] outOfOrderByArrival;

    private Timeline(long originMicros, int buckets) {
        this.originMicros = originMicros;
        this.sentByIntended = new long[buckets];
        this.receivedByIntended = new long[buckets];
        this.receivedByArrival = new long[buckets];
        this.duplicatedByArrival = new long[buckets];
        this.outOfOrderByArrival = new long[buckets];
    }

    /** An empty timeline, for tests. */
    public static Timeline empty(long originMicros, int buckets) {
        return new Timeline(originMicros, buckets);
    }

    /**
     * Reads the sender and receiver rate logs of a run's peers.
     *
     * @param workers the senders and receivers
     */
    public static Timeline read(List<WarmupBoundary.Worker> workers, long originMicros, long endMicros) throws IOException {
        int buckets = (int) Math.max(1, (endMicros - originMicros) / BUCKET_MICROS + 1);
        Timeline t = new Timeline(originMicros, buckets);
        for (WarmupBoundary.Worker worker : workers) {
            Path dir = worker.dir();
            boolean sender = worker.sender();
            if (!Files.isDirectory(dir)) {
                continue;
            }
            Path events = dir.resolve(PeerFiles.SEQUENCE_EVENTS_CSV);
            if (!sender && Files.exists(events)) {
                SequenceEventsCsv.read(events, e ->
                        t.add(e.isDuplicate() ? t.duplicatedByArrival : t.outOfOrderByArrival, e.epochMicros()));
            }
            for (Path f : PeerFiles.rateLogs(dir)) {
                try (var reader = RateLogReader.open(f)) {
                    long start = reader.header().testStartEpochMicros();
                    reader.forEachRemaining((eta, ata) -> {
                        if (sender) {
                            t.add(t.sentByIntended, start + eta);
                        } else {
                            t.add(t.receivedByIntended, start + eta);
                            t.add(t.receivedByArrival, start + ata);
                        }
                    });
                }
            }
        }
        return t;
    }

    private void add(long[] series, long epochMicros) {
        int i = bucket(epochMicros);
        if (i >= 0 && i < series.length) {
            series[i]++;
        }
    }

    public int bucket(long epochMicros) {
        return (int) Math.floorDiv(epochMicros - originMicros, BUCKET_MICROS);
    }

    public long micros(int bucket) {
        return originMicros + bucket * BUCKET_MICROS;
    }

    public int size() {
        return sentByIntended.length;
    }
}
