package org.maestro.client.run;

import org.maestro.reports.results.Summary;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.runfiles.PeerFiles;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a worker's HDR interval log (streaming, one interval at a time): the measured intervals
 * added up, and the time they span from the first to the last interval that holds any value.
 * (Rates come from the rate logs, which are exact; intervals are a second wide.)
 */
record HdrFiles(Histogram measured, long firstMillis, long lastMillis) {
    static HdrFiles read(Path file) throws FileNotFoundException {
        Histogram total = new Histogram(3);
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        if (!Files.exists(file)) {
            return new HdrFiles(total, 0, 0);
        }
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                Histogram interval = (Histogram) h;
                if (PeerFiles.WARMUP_TAG.equals(interval.getTag()) || interval.getTotalCount() == 0) {
                    continue;
                }
                total.add(interval);
                first = Math.min(first, interval.getStartTimeStamp());
                last = Math.max(last, interval.getEndTimeStamp());
            }
        } finally {
            reader.close();
        }
        return first == Long.MAX_VALUE ? new HdrFiles(total, 0, 0) : new HdrFiles(total, first, last);
    }

    /** The percentiles of {@code h}; null (unknown) when it holds no value: a latency of nothing is not 0. */
    static Summary.Latency latency(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        return new Summary.Latency(h.getTotalCount(), ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)),
                ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()));
    }

    static double ms(long micros) {
        return Math.round(micros) / 1000.0;
    }
}
