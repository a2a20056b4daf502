package org.maestro.results.reduce;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.runfiles.PeerFiles;

/**
 * The one reader of a worker's HdrHistogram interval logs (values in microseconds, one interval a second, warm-up
 * intervals tagged {@value PeerFiles#WARMUP_TAG}): streams the intervals in order, one at a time.
 */
public final class HdrIntervalLog {
    private HdrIntervalLog() {
    }

    /** Streams the interval histograms of {@code file} in order; a file that does not exist has none. */
    public static void forEachInterval(Path file, Consumer<Histogram> consumer) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(file.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot open " + file + ": " + e.getMessage(), e);
        }
        try {
            EncodableHistogram e;
            while ((e = reader.nextIntervalHistogram()) != null) {
                if (e instanceof Histogram h) {
                    consumer.accept(h);
                }
            }
        } catch (RuntimeException e) {
            throw new IOException(file + " is not a readable HdrHistogram interval log: " + e.getMessage(), e);
        } finally {
            reader.close();
        }
    }

    /** Whether an interval belongs to the warm-up: left out of every figure "after warm-up". */
    public static boolean isWarmup(Histogram h) {
        return PeerFiles.WARMUP_TAG.equals(h.getTag());
    }

    /** The intervals after warm-up added up (an empty histogram when there are none). */
    public static Histogram measured(Path file) throws IOException {
        Histogram total = new Histogram(3);
        forEachInterval(file, h -> {
            if (!isWarmup(h)) {
                total.add(h);
            }
        });
        return total;
    }
}
