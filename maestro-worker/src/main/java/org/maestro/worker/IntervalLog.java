package org.maestro.worker;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.maestro.common.runfiles.PeerFiles;

import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * One HdrHistogram interval log (HistogramLogWriter format, values in microseconds): values are
 * recorded from any thread; {@link #tick()} writes the last interval and flushes. Values recorded
 * as warm-up go to intervals tagged {@code warmup} and are left out of {@link #measured()}. Without a file (a figure
 * that does not apply, e.g. the send delay of a sender without a schedule) it keeps its counts in memory only.
 */
final class IntervalLog implements Closeable {

    /**
     * The interval just ended, copied out of a recorder once a tick into plain histograms: one pair for every log of
     * the process, each log's tick taking its turn. A recorder hands out ConcurrentHistograms, which take a reader
     * lock for every count read: writing, adding and copying them each second read every count three times under that
     * lock, and the receiver's ticker was a fifth of the process's samples in a flight recording of
     * bench/generator-cost.sh. Shared, because a histogram of latencies up to seconds holds about 120 KB of counts and
     * a process may run 250 peers ({@code --count}) of two logs each.
     */
    private static final Histogram INTERVAL = new Histogram(3);
    private static final Histogram WARM = new Histogram(3);

    private final Recording measuredRecorder;
    private final Recording warmupRecorder;
    private final Histogram measured = new Histogram(3);
    /** Both null when no file is written. */
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private Histogram lastInterval = new Histogram(3);

    /**
     * Where one kind of value (measured or warm-up) is recorded: HdrHistogram's Recorder when several threads record,
     * its SingleWriterRecorder for one, which keeps plain counts instead of a ConcurrentHistogram's two atomic arrays
     * (half the memory: about 230 KB instead of 460 KB once latencies reach seconds, four recorders a receiver).
     */
    private record Recording(LongConsumer recorder, Consumer<Histogram> intervalInto) {
        static Recording of(int writers) {
            if (writers == 1) {
                SingleWriterRecorder r = new SingleWriterRecorder(3);
                return new Recording(r::recordValue, r::getIntervalHistogramInto);
            }
            Recorder r = new Recorder(3);
            return new Recording(r::recordValue, r::getIntervalHistogramInto);
        }
    }

    /** A log any number of threads record into: {@link #IntervalLog(Path, long, String, int)}. */
    IntervalLog(Path file, long startEpochMillis, String comment) throws FileNotFoundException {
        this(file, startEpochMillis, comment, Integer.MAX_VALUE);
    }

    /**
     * @param file    the log to write, or null to write none
     * @param writers how many threads record into it at once (a job's connections): 1 keeps lighter recorders
     */
    IntervalLog(Path file, long startEpochMillis, String comment, int writers) throws FileNotFoundException {
        this.measuredRecorder = Recording.of(writers);
        this.warmupRecorder = Recording.of(writers);
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
        (warmup ? warmupRecorder : measuredRecorder).recorder().accept(Math.max(0, micros));
    }

    /** Writes the interval that just ended (once a second) and flushes the file. */
    synchronized void tick() {
        synchronized (INTERVAL) {
            warmupRecorder.intervalInto().accept(WARM);
            if (WARM.getTotalCount() > 0 && writer != null) {
                WARM.setTag(PeerFiles.WARMUP_TAG);
                writer.outputIntervalHistogram(WARM);
            }
            measuredRecorder.intervalInto().accept(INTERVAL);
            if (writer != null) {
                writer.outputIntervalHistogram(INTERVAL);
            }
            measured.add(INTERVAL);
            Histogram both = INTERVAL.copy();
            both.add(WARM);
            lastInterval = both;
        }
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
