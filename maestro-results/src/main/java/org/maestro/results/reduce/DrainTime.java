package org.maestro.results.reduce;

import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.runfiles.PeerFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.maestro.results.Summary;

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
    /** The resolution of the drain time: 1 ms, twice as coarse each time a run outgrows {@link #MAX_BUCKETS} steps. */
    public static final long BUCKET_MICROS = 1_000;
    /** The most steps a side is counted in (8 MiB): 1 ms for 17 minutes, 64 ms for 18 hours. */
    static final int MAX_BUCKETS = 1 << 20;

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
        // Both sides in steps of one width, from the senders' start.
        long width = Math.max(sent.widthMicros, received.widthMicros);
        sent.coarsenTo(width);
        received.coarsenTo(width);
        long origin = sent.startEpochMicros;
        int shift = (int) ((received.startEpochMicros - origin) / width);
        int start = shift;
        int lag = (int) (CAUGHT_UP_LAG_MICROS / width);
        long[] s = sent.cumulative(0);
        long[] r = received.cumulative(shift);
        // Sent before the receivers started (strictly before their first step), less what they had received by then.
        long backlog = at(s, start - 1) - at(r, start - 1);
        Double drainMillis = null;
        for (int b = start; b < Math.max(r.length, s.length); b++) {
            if (at(r, b) >= at(s, b - lag)) {
                drainMillis = ((b + 1) * width + origin - received.startEpochMicros) / 1000.0;
                break;
            }
        }
        return new Summary.Drain((received.startEpochMicros - origin) / 1000.0, backlog, drainMillis, CAUGHT_UP_LAG_MICROS / 1000.0);
    }

    /** The cumulative count at step {@code b}: 0 before the first, the total after the last. */
    private static long at(long[] cumulative, int b) {
        return b < 0 || cumulative.length == 0 ? 0 : cumulative[Math.min(b, cumulative.length - 1)];
    }

    /**
     * Messages by actual time in steps of {@link #BUCKET_MICROS} from the earliest file's start, twice as wide each
     * time a run outgrows {@link #MAX_BUCKETS} of them: its memory stays bounded however long the run.
     */
    private static final class Counts {
        long startEpochMicros;
        long widthMicros = BUCKET_MICROS;
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
            for (Path dir : dirs) {
                for (Path f : PeerFiles.rateLogs(dir)) {
                    try (RateLogReader reader = RateLogReader.open(f)) {
                        long fileStart = reader.header().testStartEpochMicros();
                        reader.forEachRemaining((eta, ata) -> c.add(fileStart + ata));
                    }
                }
            }
            return c;
        }

        private void add(long epochMicros) {
            long step = Math.max(0, (epochMicros - startEpochMicros) / widthMicros);
            while (step >= MAX_BUCKETS) {
                coarsenTo(widthMicros * 2);
                step = Math.max(0, (epochMicros - startEpochMicros) / widthMicros);
            }
            int b = (int) step;
            if (b >= counts.length) {
                counts = Arrays.copyOf(counts, Math.max(counts.length * 2, b + 1));
            }
            counts[b]++;
            last = Math.max(last, b);
        }

        /** Merges neighbouring steps until they are {@code width} wide. */
        void coarsenTo(long width) {
            while (widthMicros < width) {
                for (int i = 0; i <= last; i++) {
                    if (i % 2 == 1) {
                        counts[i / 2] += counts[i];
                    } else {
                        counts[i / 2] = counts[i];
                    }
                }
                int half = last < 0 ? -1 : last / 2;
                Arrays.fill(counts, half + 1, Math.max(half + 1, last + 1), 0);
                last = half;
                widthMicros *= 2;
            }
        }

        /** Running totals by step, the first {@code shift} steps (before this side started) empty. */
        long[] cumulative(int shift) {
            long[] out = new long[Math.max(0, last + 1 + shift)];
            long sum = 0;
            for (int i = shift; i < out.length; i++) {
                sum += counts[i - shift];
                out[i] = sum;
            }
            return out;
        }
    }
}
