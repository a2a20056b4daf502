package org.maestro.reports.results;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * How the receivers of a route that started after its senders ({@code receiverStartAfter}) drained the backlog the
 * senders built up for them: the messages sent before the receivers started, and the time from their start until
 * they had caught up, i.e. until their receive count reached the count the senders had sent
 * {@link #CAUGHT_UP_LAG_MICROS} earlier (what is still in flight is not backlog). Counted from the peers' rate logs on
 * the wall clock by actual send and receive time, in {@link #BUCKET_MICROS} steps: one counter per step, never a
 * message. The one place this figure is computed; summary.json, the console and the report show it.
 */
public final class DrainTime {
    /**
     * A receive count that reaches the senders' count of this long ago has caught up: far above a healthy SUT's
     * latency (a millisecond or so), far below the seconds of backlog a late start leaves.
     */
    public static final long CAUGHT_UP_LAG_MICROS = 100_000;
    /** The resolution of the drain time. */
    public static final long BUCKET_MICROS = 1_000;

    private DrainTime() {
    }

    /**
     * The drain of a route's receivers, or null when they did not start after its senders (or a side has no rate log).
     *
     * @param senderDirs   the directories of its senders
     * @param receiverDirs those of its receivers, which compete for its messages (their counts add up)
     */
    public static Summary.Drain of(List<Path> senderDirs, List<Path> receiverDirs) throws IOException {
        Counts sent = Counts.read(senderDirs);
        Counts received = Counts.read(receiverDirs);
        if (sent.startEpochMicros == 0 || received.startEpochMicros <= sent.startEpochMicros) {
            return null;
        }
        long origin = sent.startEpochMicros;
        int start = bucket(received.startEpochMicros, origin);
        int lag = (int) (CAUGHT_UP_LAG_MICROS / BUCKET_MICROS);
        long[] s = sent.cumulative(origin);
        long[] r = received.cumulative(origin);
        // Sent before the receivers started (strictly before their first step), less what they had received by then.
        long backlog = at(s, start - 1) - at(r, start - 1);
        Double drainMillis = null;
        for (int b = start; b < Math.max(r.length, s.length); b++) {
            if (at(r, b) >= at(s, b - lag)) {
                drainMillis = ((b + 1) * BUCKET_MICROS + origin - received.startEpochMicros) / 1000.0;
                break;
            }
        }
        return new Summary.Drain((received.startEpochMicros - origin) / 1000.0, backlog, drainMillis, CAUGHT_UP_LAG_MICROS / 1000.0);
    }

    private static int bucket(long epochMicros, long origin) {
        return (int) Math.max(0, (epochMicros - origin) / BUCKET_MICROS);
    }

    /** The cumulative count at bucket {@code b}: 0 before the first, the total after the last. */
    private static long at(long[] cumulative, int b) {
        return b < 0 || cumulative.length == 0 ? 0 : cumulative[Math.min(b, cumulative.length - 1)];
    }

    /** Messages by actual time, in {@link #BUCKET_MICROS} steps from the earliest file's start. */
    private static final class Counts {
        long startEpochMicros;
        long[] counts = new long[1024];
        int last = -1;

        static Counts read(List<Path> dirs) throws IOException {
            Counts c = new Counts();
            // The origin must be known before counting: the earliest header start.
            for (Path dir : dirs) {
                for (Path f : PeerFiles.rateLogs(dir)) {
                    try (RateLogReader reader = RateLogReader.open(f)) {
                        long start = reader.header().testStartEpochMicros();
                        c.startEpochMicros = c.startEpochMicros == 0 ? start : Math.min(c.startEpochMicros, start);
                    }
                }
            }
            return c.count(dirs);
        }

        private Counts count(List<Path> dirs) throws IOException {
            for (Path dir : dirs) {
                for (Path f : PeerFiles.rateLogs(dir)) {
                    try (RateLogReader reader = RateLogReader.open(f)) {
                        long fileStart = reader.header().testStartEpochMicros();
                        reader.forEachRemaining((eta, ata) -> add(fileStart + ata));
                    }
                }
            }
            return this;
        }

        private void add(long epochMicros) {
            int b = (int) Math.max(0, (epochMicros - startEpochMicros) / BUCKET_MICROS);
            if (b >= counts.length) {
                counts = Arrays.copyOf(counts, Math.max(counts.length * 2, b + 1));
            }
            counts[b]++;
            last = Math.max(last, b);
        }

        /** Running totals by bucket, from {@code origin} (at or before this side's start). */
        long[] cumulative(long origin) {
            int shift = (int) ((startEpochMicros - origin) / BUCKET_MICROS);
            long[] out = new long[Math.max(0, last + 1 + shift)];
            long sum = 0;
            for (int i = 0; i < out.length; i++) {
                int own = i - shift;
                sum += own >= 0 && own <= last ? counts[own] : 0;
                out[i] = sum;
            }
            return out;
        }
    }
}
