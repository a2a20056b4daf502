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
 * as warm-up go to intervals tagged {@code warmup} and are left out of {@link #measured()}. Without a file (a figure
 * that does not apply, e.g. the send delay of a sender without a schedule) it keeps its counts in memory only.
 */
final class IntervalLog implements Closeable {

    private final Recorder measuredRecorder = new Recorder(3);
    private final Recorder warmupRecorder = new Recorder(3);
    private final Histogram measured = new Histogram(3);
    /** Both null when no file is written. */
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

    /** @param file the log to write, or null to write none */
    IntervalLog(Path file, long startEpochMillis, String comment) throws FileNotFoundException {
        if (file == null) {
            this.out = null;
            this.writer = null;
            return;
        }
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
        if (warm.getTotalCount() > 0 && writer != null) {
            warm.setTag(PeerFiles.WARMUP_TAG);
            writer.outputIntervalHistogram(warm);
        }
        measuredRecorder.getIntervalHistogramInto(interval);
        if (writer != null) {
            writer.outputIntervalHistogram(interval);
        }
        measured.add(interval);
        Histogram both = interval.copy();
        both.add(warm);
        lastInterval = both;
        if (out != null) {
            out.flush();
        }
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
        if (out != null) {
            out.close();
        }
    }
}
