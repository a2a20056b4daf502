package org.maestro.worker;

import org.HdrHistogram.Histogram;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.DeliveryJson;
import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.runfiles.Figures;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.units.TestDuration;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongUnaryOperator;

/**
 * A sender's test. Each connection sends on its own intended-time schedule: with a target of R
 * msg/s over C connections, connection c's message i is due at {@code start + (c + i*C)/R} (with a rate profile, when
 * the profile's cumulative count reaches {@code c + i*C}: {@link WorkerOptions#schedule()}). A
 * message that leaves late still carries its intended time, so the receivers' response time counts
 * the wait (no coordinated omission). At most {@code max.in.flight} messages per connection wait
 * for the SUT's acknowledgement: a slow SUT holds the sender back instead of filling its memory, until an eighth of
 * them are back ({@link InFlightWindow}).
 */
final class SenderJob extends WorkerJob {
    private static final Logger LOG = LoggerFactory.getLogger(SenderJob.class);
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final LoadDriver driver;
    private final List<LoadDriver.Producer> producers = new ArrayList<>();
    private volatile IntervalLog sendDelay;
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong sendErrors = new AtomicLong();
    /** Deliveries the SUT gave back unrefused (released, modified), each sent again ({@link Resends}). */
    private final AtomicLong released = new AtomicLong();
    /** Of those, the ones still waiting to be sent again when their connection stopped. */
    private final AtomicLong unresent = new AtomicLong();
    private final long streamBase;
    /** The latest actual send time of any connection, microseconds from the test start; -1 before the first. */
    private final AtomicLong lastSentMicros = new AtomicLong(-1);
    private final WarmupGate warmup;
    /** Whether test.json has the warm-up's actual length yet. */
    private volatile boolean warmupWritten;
    /** The replies to this sender's messages when latency is round trip; null one way. */
    private volatile RoundTrips roundTrips;

    SenderJob(Peer peer, WorkerOptions options, Path dataDir, LoadDriver driver) throws IOException {
        super(peer, options, dataDir);
        this.driver = driver;
        // Streams are told apart by the peer id and the connection number.
        this.streamBase = Long.parseUnsignedLong(peer.info().id(), 16) & ~0xffffL;
        this.warmup = WarmupGate.of(options);
    }

    @Override
    void open() throws DriverException {
        if (options.sendUrl() == null) {
            throw new DriverException("no send.url was SET: the sender does not know where to send");
        }
        for (int i = 0; i < options.connections(); i++) {
            producers.add(driver.openProducer(options.sendUrl(), peer.info().name() + "-" + i));
        }
        if (options.latency().roundTrip()) {
            roundTrips = RoundTrips.open(driver, options.sendUrl(), options.latency(), peer.info().name(), streamBase,
                    options.connections());
        }
    }

    @Override
    void openFiles() throws IOException {
        // Flat out there is no schedule to be late for: no send-delay log (its zeros would be charted as a figure).
        sendDelay = new IntervalLog(options.rate().isFlatOut() ? null : dir.resolve(PeerFiles.SEND_DELAY_HLOG), startEpochMicros / 1000,
                "Maestro sender " + peer.info().name() + ": send delay (actual - intended send time), microseconds", options.connections());
        if (roundTrips != null) {
            roundTrips.start(dir, peer.info().name(), startEpochMicros, startNanos, this::fail);
        }
    }

    @Override
    void loop(int c) throws Exception {
        LoadDriver.Producer producer = producers.get(c);
        long count = options.duration() instanceof TestDuration.ByCount n
                ? n.messages() / options.connections() + (c < n.messages() % options.connections() ? 1 : 0) : Long.MAX_VALUE;
        InFlightWindow inFlight = new InFlightWindow(options.maxInFlight());
        Lane lane = null;
        try (RateLogWriter rateLog = RateLogWriter.create(dir.resolve(PeerFiles.senderRateLog(c)), startEpochMicros,
                "sender " + peer.info().name() + " connection " + c)) {
            SentMessages sent = new SentMessages(streamBase | c, options.messageSize(), startEpochMicros, rateLog, sendDelay, messages);
            Resends resends = new Resends(peer.info().name(), options.sendUrl().toString(), released);
            lane = new Lane(c, producer, inFlight, sent, resends, rateLog);
            awaitStart(c);
            lane.lastFlush = System.nanoTime();
            int step = Lane.SENT;
            for (long i = 0; i < count && step == Lane.SENT; i++) {
                step = lane.sendNext(i);
            }
            if (step == Lane.STOPPED_WAITING) {
                unresent.addAndGet(resends.pending());
                return;
            }
            // Wait (bounded) for the SUT to acknowledge what is still in flight.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline && failure.get() == null) {
                resends.sendDue(producer, lane);
                if (inFlight.awaitEmpty(Resends.POLL_NANOS)) {
                    break;
                }
            }
            unresent.addAndGet(resends.pending());
        } finally {
            if (lane != null) {
                lastSentMicros.accumulateAndGet(lane.lastAtaMicros, Math::max);
            }
        }
    }

    /**
     * One connection's sending: its state, and {@link #sendNext}, the step of one message. The step is a method of its
     * own, called once a message, so that the JIT compiles it fully after a few thousand messages and keeps it from one
     * test to the next. As the body of one long loop it waited, in every test, for an on-stack replacement (tens of
     * thousands of messages interpreted, then profiled: bench/generator-cost.sh's JIT log). It is also the completion
     * of each of the connection's messages: nothing to allocate per send.
     */
    private final class Lane implements LoadDriver.Completion {
        /** What {@link #sendNext} did: sent, stopped at the schedule's end or when told, stopped while waiting for room. */
        static final int SENT = 0;
        static final int ENDED = 1;
        static final int STOPPED_WAITING = 2;

        private final int c;
        private final int connections = options.connections();
        private final boolean flatOut = options.rate().isFlatOut();
        private final LongUnaryOperator schedule = flatOut ? null : options.schedule();
        private final long durationNanos = options.duration() instanceof TestDuration.ByTime t ? t.duration().toNanos() : Long.MAX_VALUE;
        private final LoadDriver.Producer producer;
        private final InFlightWindow inFlight;
        private final SentMessages sent;
        private final Resends resends;
        private final RateLogWriter rateLog;
        private long lastFlush;
        /** The latest actual send time, microseconds from the test start; -1 before the first. */
        private long lastAtaMicros = -1;

        Lane(int c, LoadDriver.Producer producer, InFlightWindow inFlight, SentMessages sent, Resends resends, RateLogWriter rateLog) {
            this.c = c;
            this.producer = producer;
            this.inFlight = inFlight;
            this.sent = sent;
            this.resends = resends;
            this.rateLog = rateLog;
        }

        /** Sends the connection's message i when it is due and there is room in flight. */
        int sendNext(long i) throws IOException, DriverException, InterruptedException {
            // Connection c sends messages c, c + connections, ... of the test's one schedule.
            long intended = flatOut ? 0 : startNanos + schedule.applyAsLong(i * connections + c);
            warmup.due(c, intended - startNanos);
            if (!flatOut && !waitUntil(c, intended, rateLog)) {
                return ENDED;
            }
            resends.sendDue(producer, this);
            while (!inFlight.tryTake(Resends.POLL_NANOS)) {
                if (stopRequested || failure.get() != null) {
                    return STOPPED_WAITING;
                }
                resends.sendDue(producer, this);
            }
            long actual = System.nanoTime();
            if (flatOut) {
                intended = actual;
            }
            long etaMicros = (intended - startNanos) / 1_000;
            long ataMicros = (actual - startNanos) / 1_000;
            if (intended - startNanos >= durationNanos || stopRequested || failure.get() != null) {
                inFlight.release();
                return ENDED;
            }
            // Told once: the warm-up may end (in another thread) between two questions.
            boolean warm = warmup.tag(intended - startNanos);
            producer.send(sent.body(i, etaMicros, ataMicros, warm), this);
            sent.sent(etaMicros, ataMicros, warm);
            if (roundTrips != null) {
                roundTrips.sent(i);
            }
            lastAtaMicros = ataMicros;
            warmup.sent(c, intended - startNanos, actual - startNanos);
            lastFlush = flushIfDue(c, rateLog, lastFlush);
            return SENT;
        }

        @Override
        public void completed(Throwable error) {
            inFlight.release();
            if (error == null) {
                acknowledged.incrementAndGet();
            } else if (sendErrors.incrementAndGet() == 1) {
                if (options.sendUrl().failover()) {
                    // The connection is being re-established: this message is lost, and the
                    // receivers count it from the sequence gap. The test goes on.
                    LOG.warn("{}: a message was lost while failing over: {}", peer.info().name(), error.getMessage());
                } else {
                    fail("the SUT refused a message: " + error.getMessage());
                }
            }
        }

        @Override
        public void givenBack(byte[] body, String outcome) {
            resends.add(body, outcome); // its in-flight permit stays taken until it is acknowledged
        }
    }

    /** Parks until {@code intendedNanos}, flushing the rate log meanwhile; false when told to stop. */
    private boolean waitUntil(int c, long intendedNanos, RateLogWriter rateLog) throws IOException {
        long lastFlush = System.nanoTime();
        for (long left = intendedNanos - System.nanoTime(); left > 0; left = intendedNanos - System.nanoTime()) {
            if (stopRequested || failure.get() != null) {
                return false;
            }
            LockSupport.parkNanos(Math.min(left, MAX_PARK_NANOS));
            lastFlush = flushIfDue(c, rateLog, lastFlush);
        }
        return !stopRequested && failure.get() == null;
    }

    @Override
    void tickLogs() {
        sendDelay.tick();
        if (roundTrips != null) {
            roundTrips.tick();
        }
        // Connections stuck behind the SUT's back-pressure send nothing: the ticker checks for them.
        warmup.check(elapsedNanos());
        writeWarmupOnceEnded();
    }

    @Override
    boolean inWarmup(long elapsedNanos) {
        return warmup.inWarmup(elapsedNanos);
    }

    @Override
    long warmupNanos() {
        return warmup.lengthNanos();
    }

    @Override
    TestJson.WarmupGate warmupGate() {
        return warmup.outcome();
    }

    /** Rewrites test.json once a warm-up that waited for the schedule has ended: its actual length, how it ended. */
    private void writeWarmupOnceEnded() {
        if (warmup.gated() && warmup.ended() && !warmupWritten) {
            warmupWritten = true;
            try {
                writeTestJson();
            } catch (IOException e) {
                fail("cannot write the warm-up's length to test.json: " + e.getMessage());
            }
        }
    }

    /** Messages the SUT acknowledged; null when presettled (it acknowledges nothing). */
    Long acknowledgedCount() {
        return delivery().acknowledged();
    }

    /** Messages the SUT refused (or lost while failing over). */
    long refusedCount() {
        return sendErrors.get();
    }

    /** Deliveries the SUT gave back unrefused and that were sent again; null when presettled. */
    Long releasedCount() {
        return delivery().released();
    }

    /** The sender's delivery.json: its mode and how the SUT disposed of its messages. */
    DeliveryJson delivery() {
        if (options.sendUrl().presettled()) {
            return new DeliveryJson(DeliveryMode.PRESETTLED, null, null, null, sendErrors.get());
        }
        return new DeliveryJson(DeliveryMode.SETTLED, acknowledged.get(), released.get(), unresent.get(), sendErrors.get());
    }

    /**
     * The send delays of the last second, warm-up included; null before the files are open, and null flat out: with no
     * schedule every message is sent when it is due, and a delay of 0 would be a figure where none applies.
     */
    Histogram lastSendDelays() {
        IntervalLog log = sendDelay;
        return log == null || options.rate().isFlatOut() ? null : log.lastInterval();
    }

    /** The send delays of the measured period so far (warm-up left out); null before the files are open, and flat out. */
    Histogram measuredSendDelays() {
        IntervalLog log = sendDelay;
        return log == null || options.rate().isFlatOut() ? null : log.measured();
    }

    @Override
    Stats stats(String phase) {
        Histogram delay = lastSendDelays();
        return new Stats(testId, peer.info().role(), phase, elapsedNanos() / 1_000_000, messages.get(), lastSecondCount(),
                -1, -1, -1, -1, delay == null || delay.getTotalCount() == 0 ? -1 : delay.getValueAtPercentile(99), 0, 0, 0);
    }

    @Override
    void finish() {
        for (LoadDriver.Producer p : producers) {
            p.close();
        }
        if (roundTrips != null) {
            roundTrips.close(options.drainQuiet().toNanos());
        }
        if (sendDelay == null) {
            return;
        }
        warmup.sendingEnded(elapsedNanos());
        writeWarmupOnceEnded();
        sendDelay.close();
        try {
            delivery().write(dir);
        } catch (IOException e) {
            fail("cannot write " + PeerFiles.DELIVERY_JSON + ": " + e.getMessage());
        }
    }

    private long sendDelayP99() {
        Histogram h = sendDelay.measured();
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99);
    }

    /**
     * {@link Figures#RATE_AFTER_WARMUP}, as the results model computes it from this sender's files (its rate logs and
     * test.json): the messages due after the warm-up over the span from the warm-up's end to the last message sent,
     * in the microseconds those files hold. Not up to the end of sending, which waits for the SUT's last
     * acknowledgements: the console's end line and summary.json show one figure.
     */
    double achievedRate() {
        long last = lastSentMicros.get();
        double seconds = (last - warmup.lengthNanos() / 1_000) / 1e6;
        long measured = sendDelay.measured().getTotalCount();
        return last < 0 || seconds <= 0 ? 0 : measured / seconds;
    }

    @Override
    String summary() {
        // Nothing sent after the warm-up: the rate and send delay after it are unknown, not 0. Flat out there is no
        // schedule to be late for: no send delay, rather than a p99 of 0.
        boolean measured = sendDelay.measured().getTotalCount() > 0;
        return String.format(Locale.ROOT, "sent %d message(s), %s; %s " + Figures.RATE_AFTER_WARMUP + "%s%s",
                messages.get(), delivery().describe(),
                measured ? String.format(Locale.ROOT, "%.1f", achievedRate()) : "unknown",
                options.rate().isFlatOut() ? " (flat out); no send delay (no schedule)"
                        : String.format(Locale.ROOT, " (target %d); p99 send delay %s", options.rate().perSecond(),
                        measured ? String.format(Locale.ROOT, "%.3f ms", sendDelayP99() / 1000.0) : "unknown (nothing sent after the warm-up)"),
                warmupText()) + (roundTrips == null ? "" : "; " + roundTrips.summary());
    }

    /** "; warm-up on schedule after 5.2 s", or which connection was behind when it hit its cap; "" when fixed. */
    private String warmupText() {
        TestJson.WarmupGate outcome = warmup.outcome();
        return outcome == null ? "" : "; warm-up " + outcome.describe(warmup.lengthNanos() / 1_000);
    }
}
