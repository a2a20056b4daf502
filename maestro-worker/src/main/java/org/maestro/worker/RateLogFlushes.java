package org.maestro.worker;

import org.maestro.common.ratelog.RateLogWriter;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * When each connection thread writes its rate log's buffered records: every second, and at once when FLUSH asks (the
 * client reads the files while the test runs). Each thread flushes its own log; FLUSH waits until all have.
 */
final class RateLogFlushes {

    /** How often a rate log is flushed without being asked; also a job's tick. */
    static final long EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** FLUSH requests so far, and how many each connection thread has carried out. */
    private final AtomicLong flushRequests = new AtomicLong();
    private final AtomicLongArray flushesDone;

    RateLogFlushes(int connections) {
        this.flushesDone = new AtomicLongArray(connections);
    }

    /**
     * Called by connection {@code c}'s thread at least every 100 ms: flushes its rate log when a
     * second has passed since {@code lastFlushNanos} or a FLUSH asked for it. Returns the time of
     * the last flush.
     */
    long flushIfDue(int c, RateLogWriter rateLog, long lastFlushNanos) throws IOException {
        long now = System.nanoTime();
        long requested = flushRequests.get();
        if (now - lastFlushNanos < EVERY_NANOS && requested <= flushesDone.get(c)) {
            return lastFlushNanos;
        }
        rateLog.flush();
        flushesDone.set(c, requested);
        return now;
    }

    /** FLUSH: every connection thread ({@code loops}, by index) writes its buffered records; waits at most {@code timeout}. */
    boolean flush(Duration timeout, List<Thread> loops) throws InterruptedException {
        long requested = flushRequests.incrementAndGet();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int c = 0; c < flushesDone.length(); c++) {
            while (flushesDone.get(c) < requested && loops.get(c).isAlive()) {
                if (System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(10);
            }
        }
        return true;
    }
}
