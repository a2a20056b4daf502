package org.maestro.worker;

import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.util.Clocks;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.usage.ResourceSampler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.TestJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One test as a worker runs it: opens its connections (a failure there is the answer to START),
 * runs one thread per connection, ticks every second (HDR interval, flush, progress note), and
 * ends with NOTIFY_SUCCESS or NOTIFY_FAIL naming why. Sender and receiver fill in the rest.
 */
abstract class WorkerJob {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerJob.class);

    protected final Peer peer;
    protected final WorkerOptions options;
    protected final String testId;
    protected final Path dir;
    /**
     * The test's origin: set again once the connections are open, so that connecting (a second or
     * more in a fresh JVM) is not charged to the first messages' latency.
     */
    protected volatile long startEpochMicros;
    protected volatile long startNanos;
    /** Set once when the test cannot go on; the loops end when they see it. */
    protected final AtomicReference<String> failure = new AtomicReference<>();
    protected volatile boolean stopRequested;
    /** Messages sent (sender) or received (receiver) so far, warm-up included. */
    protected final AtomicLong messages = new AtomicLong();
    private volatile long lastSecondCount;
    private long lastTickCount;
    /** The phase of a job that has ended (its figures are final). */
    static final String DONE = Stats.DONE;
    private volatile String phase = "starting";
    private final List<Thread> loops = new ArrayList<>();
    /** This job's second-by-second tick on {@link JobTicks#SHARED}; null until START. */
    private volatile ScheduledFuture<?> ticks;
    /** Held by a tick while it runs: the end takes it to know no tick runs or comes after it. */
    private final Object tickLock = new Object();
    /** Set under tickLock at the end: a tick that fired late finds it and does nothing. */
    private boolean ticksOver;
    /** Connection threads still running: the last to end ends the job (no watcher thread of its own). */
    private final AtomicInteger loopsRunning = new AtomicInteger();
    private volatile Runnable onEnd = () -> { };
    /** Whether the connections are open (PREPARE came before START). */
    private volatile boolean prepared;
    private final StartLine startLine;
    /**
     * How many peers of this process open their SUT connections at once. A worker with {@code --count 250} got 250
     * PREPAREs together: on 2 cores at a load of 40-90, 250 AMQP handshakes shared the CPU until one passed the
     * driver's connect timeout (15 s) and the run was an ERROR. A few dozen at a time each finish in time, and a SUT
     * far away (one handshake = a few round trips) still sees many in flight.
     */
    static final int CONNECTING_AT_ONCE = 32;
    private static final Semaphore CONNECTING = new Semaphore(CONNECTING_AT_ONCE);
    private final RateLogFlushes flushes;
    /** The generator's own CPU and GC, a line a second on the ticker; null until the files are open. */
    private volatile ResourceSampler usage;

    WorkerJob(Peer peer, WorkerOptions options, Path dataDir) throws IOException {
        this.peer = peer;
        this.options = options;
        this.testId = options.testIdOr("test-" + System.currentTimeMillis());
        this.dir = RunFiles.directory(dataDir, testId, peer.info());
        this.startEpochMicros = Clocks.epochMicros();
        this.startNanos = System.nanoTime();
        RunFiles.writeSystemJson(dir, peer.info(), peer.info().role() == Role.SENDER ? options.sendUrl() : options.receiveUrl(),
                peer.info().role() == Role.SENDER ? Map.of() : options.receiveAheadDefaults());
        this.flushes = new RateLogFlushes(options.connections());
        this.startLine = new StartLine(options.connections());
    }

    /** Opens the connections: throws, with the SUT's reason, when they cannot be opened. */
    abstract void open() throws DriverException;

    /** Creates the run's log files; called once the connections are open and the origin is set. */
    abstract void openFiles() throws IOException;

    /**
     * The body of connection {@code index}'s thread: its set-up (rate log, per-message state), then {@link
     * #awaitStart(int)}, then the load. Set-up comes first so that at the start instant a thread has nothing left to do
     * but send or receive: a hundred peers creating their files and buffers at that instant made each other late.
     */
    abstract void loop(int index) throws Exception;

    /** Writes the second's HDR intervals. */
    abstract void tickLogs();

    abstract Stats stats(String phase);

    /** Closes connections and files. */
    abstract void finish();

    /** A one-line account for NOTIFY_SUCCESS / NOTIFY_FAIL. */
    abstract String summary();

    /**
     * Opens the connections (PREPARE, or START without one): throws, with the SUT's reason, when they cannot be
     * opened, having closed what it opened.
     */
    final void prepare() throws DriverException {
        try {
            try {
                CONNECTING.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DriverException("halted before its turn to open the connections", e);
            }
            try {
                open();
            } finally {
                CONNECTING.release();
            }
        } catch (DriverException | RuntimeException e) {
            discard();
            throw e;
        }
        prepared = true;
    }

    /** Closes the connections of a job prepared but never started (a new SET, a STOP, the worker's end). */
    final void discard() {
        stopTicks();
        finish();
    }

    /**
     * Starts the threads, preparing first when no PREPARE did; {@code onEnd} runs once the run has ended.
     *
     * @param startAtEpochMicros when every connection begins, on this peer's clock (the test's origin: the client's
     *                           common instant translated with this peer's offset); {@link Payload#AT_ONCE} for now
     */
    final void start(Runnable onEnd, long startAtEpochMicros) throws DriverException, IOException {
        this.onEnd = onEnd;
        if (!prepared) {
            prepare();
        }
        try {
            long nowMicros = Clocks.epochMicros();
            long nowNanos = System.nanoTime();
            // The origin is the common instant even when START came late: this peer's schedule is everyone's, and
            // its lateness is measured (StartInstant), not hidden by a schedule of its own.
            boolean atInstant = startAtEpochMicros != Payload.AT_ONCE;
            startEpochMicros = atInstant ? startAtEpochMicros : nowMicros;
            startNanos = nowNanos + (startEpochMicros - nowMicros) * 1_000;
            startLine.intended(atInstant ? startAtEpochMicros : -1);
            writeTestJson();
            openFiles();
            usage = ResourceSampler.start(dir);
        } catch (IOException | RuntimeException e) {
            finish();
            throw e;
        }
        phase = options.warmup().isZero() ? "running" : "warmup";
        loopsRunning.set(options.connections());
        for (int i = 0; i < options.connections(); i++) {
            int index = i;
            Thread t = new Thread(() -> runLoop(index), peer.info().name() + "-conn-" + i);
            loops.add(t);
            t.start();
        }
        long untilStartNanos = Math.max(0, startNanos - System.nanoTime());
        ticks = JobTicks.SHARED.scheduleAtFixedRate(this::tick, untilStartNanos + RateLogFlushes.EVERY_NANOS,
                RateLogFlushes.EVERY_NANOS, TimeUnit.NANOSECONDS);
    }

    /** No tick after this returns: cancels the coming ones and waits for one running (it holds tickLock). */
    private void stopTicks() {
        ScheduledFuture<?> coming = ticks;
        if (coming != null) {
            coming.cancel(false);
        }
        synchronized (tickLock) {
            ticksOver = true;
        }
    }

    /** Asks the run to end (senders stop at once; receivers drain first). */
    void requestStop() {
        stopRequested = true;
    }

    /** Marks the test failed; every loop ends soon after. The first reason wins. */
    void fail(String reason) {
        if (failure.compareAndSet(null, reason)) {
            LOG.warn("{}: test {} fails: {}", peer.info().name(), testId, reason);
        }
    }

    /**
     * Called by connection {@code c}'s thread at least every 100 ms: flushes its rate log when a
     * second has passed since {@code lastFlushNanos} or a FLUSH asked for it. Returns the time of
     * the last flush.
     */
    long flushIfDue(int c, RateLogWriter rateLog, long lastFlushNanos) throws IOException {
        return flushes.flushIfDue(c, rateLog, lastFlushNanos);
    }

    /** FLUSH: every connection thread writes its buffered records; waits at most {@code timeout}. */
    boolean flush(Duration timeout) throws InterruptedException {
        return flushes.flush(timeout, loops);
    }

    String testId() {
        return testId;
    }

    Path directory() {
        return dir;
    }

    Stats currentStats() {
        return stats(phase);
    }

    /** starting, warmup, running, draining or done. */
    String phase() {
        return phase;
    }

    /** Messages sent (sender) or received (receiver) so far, warm-up included. */
    long messageCount() {
        return messages.get();
    }

    boolean inWarmup(long elapsedNanos) {
        return elapsedNanos < options.warmup().toNanos();
    }

    /** How long the warm-up was, as far as is known now. */
    long warmupNanos() {
        return options.warmup().toNanos();
    }

    /** How a warm-up that waits for the schedule ended; null for one of fixed length. */
    TestJson.WarmupGate warmupGate() {
        return null;
    }

    /** Writes test.json with what is known now of the warm-up. */
    final void writeTestJson() throws IOException {
        RunFiles.writeTestJson(dir, peer.info(), options, startEpochMicros, warmupNanos() / 1_000, warmupGate(), startInstant());
    }

    long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }

    private void runLoop(int index) {
        try {
            loop(index);
        } catch (Exception e) {
            fail("connection " + index + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        } finally {
            if (loopsRunning.decrementAndGet() == 0) {
                end();
            }
        }
    }

    /**
     * Parks connection {@code index}'s thread until just before the test's origin ({@link StartLine#SPIN_NANOS}), yields until
     * it, and records when it began: the peer has begun once its last connection has. Called by {@link #loop} once its
     * set-up is done; returns at once, without a begin, when the test is stopped or failed before the origin (the loop
     * then ends as it would at any other time).
     */
    final void awaitStart(int index) {
        startLine.await(startNanos, () -> stopRequested || failure.get() != null);
    }

    /** When the start was to be and when the peer began, for test.json; null when START gave no instant. */
    final TestJson.StartInstant startInstant() {
        return startLine.instant(startEpochMicros, startNanos);
    }

    /**
     * Rewrites test.json once every connection has begun: the peer's own record of its start. Called by the ticker
     * and at the end, never at the instant itself, where a file written by each peer would make the others late.
     */
    private void writeBegunOnce() {
        if (!startLine.begunToWrite()) {
            return;
        }
        try {
            writeTestJson();
        } catch (IOException e) {
            fail("cannot write the start instant to test.json: " + e.getMessage());
        }
    }

    /** The host's busy share (0..100) in the last second of the test, as resource-usage.csv has it; NaN outside the test. */
    double lastSecondHostBusyPercent() {
        ResourceSampler sampler = usage;
        return sampler == null ? Double.NaN : sampler.lastHostBusyPercent();
    }

    /** Messages in the last second. */
    long lastSecondCount() {
        return lastSecondCount;
    }

    private void tick() {
        synchronized (tickLock) {
            if (!ticksOver) {
                tickNow();
            }
        }
    }

    private void tickNow() {
        try {
            usage.sample();
            writeBegunOnce();
            tickLogs();
            long now = messages.get();
            lastSecondCount = now - lastTickCount;
            lastTickCount = now;
            if ("warmup".equals(phase) && !inWarmup(elapsedNanos())) {
                phase = "running";
            }
            if (stopRequested && "running".equals(phase) && isReceiver()) {
                phase = "draining";
            }
            peer.notifyClient(new Payload.Progress(stats(phase)));
        } catch (RuntimeException e) {
            LOG.error("{}: progress tick failed: {}", peer.info().name(), e.toString());
        }
    }

    private boolean isReceiver() {
        return peer.info().role() == Role.RECEIVER;
    }

    /** Runs on the last connection thread to end: the job's files and its end note. */
    private void end() {
        // A tick already running would otherwise set the last second's count after it is zeroed below (the rate stayed
        // at a last value on /metrics after the test), and send its progress after the final one below.
        stopTicks();
        // No tick comes any more and no message either: without this, /metrics and STATS would show the last tick's
        // count (a sender's catch-up burst) as the rate for as long as the peer lives.
        lastSecondCount = 0;
        writeBegunOnce(); // a run shorter than a tick
        // The load is over: its last part-second is written, and the JVM's GC beans let go of this job.
        usage.close();
        finish();
        phase = DONE;
        // The final counts, before the end: the last tick's were up to a second old (a sender's 19,006 of 20,000).
        peer.notifyClient(new Payload.Progress(stats(DONE)));
        PeerInfo me = peer.info();
        String reason = failure.get();
        if (reason != null) {
            peer.notifyClient(new Payload.NotifyFail(testId, reason + "; " + summary()));
        } else {
            peer.notifyClient(new Payload.NotifySuccess(testId, summary()));
        }
        LOG.info("{} ended test {}: {}{}", me.describe(), testId, summary(),
                reason != null ? " (failed: " + reason + ")" : "");
        onEnd.run();
    }
}
