package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.results.reduce.HdrIntervalLog;

/**
 * One HdrHistogram interval log (values in microseconds, one interval per second) read in one streaming pass by the
 * results model's reader ({@link HdrIntervalLog}), or fed its intervals as another reads them:
 * p50, p99 and max per second, or per bucket of seconds for a long run (warm-up included: the report shades it) and the sum of the measured intervals
 * (those not tagged {@value PeerFiles#WARMUP_TAG}), from which the percentile distribution and the figures are drawn.
 * Memory: one histogram for the current second, one for the sum, and three points per second.
 */
public final class HdrLogSeries {
    private static final double MICROS_PER_MILLI = 1000.0;

    public final Series p50 = new Series("p50");
    public final Series p99 = new Series("p99");
    public final Series max = new Series("max");
    public final Histogram measured = new Histogram(3);
    private final long originMillis;
    private final Histogram second = new Histogram(3);
    private long currentSecond = Long.MIN_VALUE;

    private final int bucketSeconds;

    private HdrLogSeries(long originMillis, int bucketSeconds) {
        this.originMillis = originMillis;
        this.bucketSeconds = bucketSeconds;
    }

    /**
     * Reads {@code file}; times are placed relative to {@code originMicros}, and the intervals merged into
     * buckets of {@code bucketSeconds} (1 unless the run is long).
     */
    static HdrLogSeries read(Path file, long originMicros, int bucketSeconds) throws IOException {
        HdrLogSeries s = new HdrLogSeries(originMicros / 1000, bucketSeconds);
        HdrIntervalLog.forEachInterval(file, s::add);
        s.finish();
        return s;
    }

    /** An empty series to be fed with {@link #add} and closed with {@link #finish} (to read a log once for several uses). */
    public static HdrLogSeries feed(long originMicros, int bucketSeconds) {
        return new HdrLogSeries(originMicros / 1000, bucketSeconds);
    }

    public void finish() {
        flushSecond();
    }

    public void add(Histogram h) {
        long sec = Math.floorDiv(h.getStartTimeStamp() - originMillis, 1000L * bucketSeconds) * bucketSeconds;
        if (sec != currentSecond) {
            flushSecond();
            currentSecond = sec;
        }
        second.add(h);
        if (!HdrIntervalLog.isWarmup(h)) {
            measured.add(h);
        }
    }

    private void flushSecond() {
        if (second.getTotalCount() > 0) {
            p50.add(currentSecond, millis(second.getValueAtPercentile(50)));
            p99.add(currentSecond, millis(second.getValueAtPercentile(99)));
            max.add(currentSecond, millis(second.getMaxValue()));
        }
        second.reset();
    }

    /** The measured percentile distribution: x = 1 / (1 - percentile / 100) (log-scaled "nines"), y = ms. */
    public Series distribution(String label) {
        return distribution(measured, label);
    }

    /** The percentile distribution of {@code measured}, as {@link #distribution(String)}. */
    public static Series distribution(Histogram measured, String label) {
        Series s = new Series(label);
        if (measured.getTotalCount() == 0) {
            return s;
        }
        for (HistogramIterationValue v : measured.percentiles(5)) {
            double q = v.getPercentileLevelIteratedTo() / 100.0;
            if (q >= 1.0) {
                break;
            }
            s.add(1.0 / (1.0 - q), millis(v.getValueIteratedTo()));
        }
        s.add(1e7, millis(measured.getMaxValue()));
        return s;
    }

    /** A percentile of the measured intervals in milliseconds. */
    double percentileMillis(double percentile) {
        return millis(measured.getValueAtPercentile(percentile));
    }

    public static double millis(long micros) {
        return micros / MICROS_PER_MILLI;
    }
}
