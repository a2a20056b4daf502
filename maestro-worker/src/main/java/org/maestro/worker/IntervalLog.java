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

    private final Recorder measuredRecorder = new Recorder(3);
    private final Recorder warmupRecorder = new Recorder(3);
    private final Histogram measured = new Histogram(3);
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram lastInterval = new Histogram(3);
    /**
     * The interval just ended, copied out of the recorder once a tick into plain histograms. A recorder hands out
     * ConcurrentHistograms, which take a reader lock for every count read: writing, adding and copying them each second
     * read every count three times under that lock, and the receiver's ticker was a fifth of the process's samples in a
     * flight recording of bench/generator-cost.sh.
     */
    private final Histogram interval = new Histogram(3);
    private final Histogram warm = new Histogram(3);

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
        (warmup ? warmupRecorder : measuredRecorder).recordValue(Math.max(0, micros));
    }

    /** Writes the interval that just ended (once a second) and flushes the file. */
    synchronized void tick() {
        warmupRecorder.getIntervalHistogramInto(warm);
        if (warm.getTotalCount() > 0) {
            warm.setTag(PeerFiles.WARMUP_TAG);
            writer.outputIntervalHistogram(warm);
        }
        measuredRecorder.getIntervalHistogramInto(interval);
        writer.outputIntervalHistogram(interval);
        measured.add(interval);
        Histogram both = interval.copy();
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
