package org.maestro.results.reduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.results.Summary;

/**
 * One sender's or receiver's files reduced to figures, once, for every surface (the client's summary and console,
 * the report, the comparison): its rate logs ({@link RateLogTally}: messages, measured messages, the measured span,
 * messages per second) and its HDR interval logs ({@link HdrIntervalLog}: each measure after warm-up). What a surface
 * draws per second (a percentile per second, a slice of the run) it gets from the same single pass, through an
 * {@link Intervals} listener.
 *
 * @param warmupEndEpochMicros its warm-up boundary ({@link WarmupBoundary}): what is due before it is warm-up
 * @param spanStartEpochMicros where its measured span starts, on its own clock (its boundary moved there)
 * @param measured             each of its HDR logs ({@link #logsOf}) after warm-up, by file name
 */
public record PeerReduction(String name, boolean sender, long warmupEndEpochMicros, long spanStartEpochMicros,
                            RateLogTally rateLogs, Map<String, Histogram> measured) {

    /** Told every interval of every HDR log of the peer, warm-up included, as the log is read. */
    public interface Intervals {
        Intervals NONE = (file, interval) -> {
        };

        void interval(String file, Histogram interval);
    }

    /** The HDR logs a sender (send delay; round trip when its route ran them) or a receiver (response and service time) writes. */
    public static List<String> logsOf(boolean sender) {
        return sender ? List.of(PeerFiles.SEND_DELAY_HLOG, PeerFiles.LATENCY_ROUND_TRIP_HLOG)
                : List.of(PeerFiles.LATENCY_RESPONSE_HLOG, PeerFiles.LATENCY_SERVICE_HLOG);
    }

    /**
     * Reads the peer's directory, its boundary on its own clock.
     *
     * @param warmupEndEpochMicros its warm-up boundary
     * @param originMicros         the origin of its per-bucket counts
     * @param bucketSeconds        their width
     */
    public static PeerReduction read(Path dir, String name, boolean sender, long warmupEndEpochMicros, long originMicros,
                                     int bucketSeconds, Intervals intervals) throws IOException {
        RateLogTally logs = RateLogTally.read(dir, warmupEndEpochMicros, originMicros, bucketSeconds);
        return new PeerReduction(name, sender, warmupEndEpochMicros, warmupEndEpochMicros, logs, readLatency(dir, sender, intervals));
    }

    /** Reads the peer's HDR logs ({@link #logsOf}): each after warm-up, by file name, every interval told to {@code intervals}. */
    static Map<String, Histogram> readLatency(Path dir, boolean sender, Intervals intervals) throws IOException {
        Map<String, Histogram> measured = new LinkedHashMap<>();
        for (String file : logsOf(sender)) {
            Histogram sum = new Histogram(3);
            HdrIntervalLog.forEachInterval(dir.resolve(file), h -> {
                intervals.interval(file, h);
                if (!HdrIntervalLog.isWarmup(h)) {
                    sum.add(h);
                }
            });
            measured.put(file, sum);
        }
        return measured;
    }

    /** Its rate: {@link org.maestro.common.runfiles.Figures#RATE_AFTER_WARMUP}. */
    public double rate() {
        return rateLogs.rateAfter(spanStartEpochMicros);
    }

    /** The HDR log {@code file} after warm-up (empty when the peer does not write it). */
    public Histogram measured(String file) {
        return measured.getOrDefault(file, new Histogram(3));
    }

    /** Its latency figure for {@code file}: null (unknown) when nothing was measured. */
    public Summary.Latency latency(String file) {
        return Summary.Latency.of(measured(file));
    }
}
