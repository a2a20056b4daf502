package org.maestro.worker;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.maestro.common.runfiles.PeerFiles;

import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * One HdrHistogram interval log (HistogramLogWriter format, values in microseconds): values are
 * recorded from any thread; {@link #tick()} writes the last interval and flushes. Values recorded
 * as warm-up go to intervals tagged {@code warmup} and are left out of {@link #measured()}.
 */
final class IntervalLog implements Closeable {
    /**
     * The largest value a log holds, microseconds (one hour): a larger one is recorded as this. A recorder with a fixed
     * range hands out its intervals as AtomicHistograms, whose counts a tick reads plainly; an auto-resizing one hands
     * out ConcurrentHistograms, which take a reader lock for every count read, and the receiver's ticker spent a fifth of
     * the process's samples there (flight recording of bench/generator-cost.sh).
     */
    static final long HIGHEST_MICROS = 3_600_000_000L;

    private final Recorder measuredRecorder = new Recorder(1, HIGHEST_MICROS, 3);
    private final Recorder warmupRecorder = new Recorder(1, HIGHEST_MICROS, 3);
    private final Histogram measured = new Histogram(3);
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram lastInterval = new Histogram(3);
    private Histogram measuredRecycle;
    private Histogram warmupRecycle;

    IntervalLog(Path file, long startEpochMillis, String comment) throws FileNotFoundException {
        this.out = new PrintStream(file.toFile());
        this.writer = new HistogramLogWriter(out);
        writer.outputComment(comment);
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMillis);
        writer.setBaseTime(startEpochMillis);
        writer.outputLegend();
        out.flush();
    }

    void record(long micros, boolean warmup) {
        (warmup ? warmupRecorder : measuredRecorder).recordValue(Math.min(Math.max(0, micros), HIGHEST_MICROS));
    }

    /** Writes the interval that just ended (once a second) and flushes the file. */
    synchronized void tick() {
        Histogram warm = warmupRecorder.getIntervalHistogram(warmupRecycle);
        warmupRecycle = warm;
        if (warm.getTotalCount() > 0) {
            warm.setTag(PeerFiles.WARMUP_TAG);
            writer.outputIntervalHistogram(warm);
        }
        Histogram interval = measuredRecorder.getIntervalHistogram(measuredRecycle);
        measuredRecycle = interval;
        writer.outputIntervalHistogram(interval);
        measured.add(interval);
        // A plain histogram for the readers of the last second (progress percentiles, /metrics).
        Histogram both = new Histogram(3);
        both.add(interval);
        both.add(warm);
        lastInterval = both;
        out.flush();
    }

    /** Every measured (non-warm-up) value so far, up to the last tick. */
    synchronized Histogram measured() {
        return measured.copy();
    }

    /** The last second, warm-up included. */
    synchronized Histogram lastInterval() {
        return lastInterval;
    }

    @Override
    public synchronized void close() {
        tick();
        out.close();
    }
}
