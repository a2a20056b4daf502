package org.maestro.worker;

import org.HdrHistogram.Histogram;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.SequenceEventsCsv;
import org.maestro.common.units.TestDuration;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A receiver's test: each connection receives, measures service time (from the actual send) and
 * response time (from the intended send: corrected for coordinated omission), and accounts for
 * every sequence number. It ends when told to stop, once no message has arrived for the quiet
 * period (see {@link #SELF_STOP_QUIET_NANOS} for the safety net without a client). Latencies across hosts rely on synchronised clocks.
 */
final class ReceiverJob extends WorkerJob {
    private static final long POLL_MILLIS = 100;
    /**
     * A receiver ends when the client says STOP and nothing arrived for the quiet period. Without a
     * STOP (the client is gone) it ends by itself once its duration has passed and nothing arrived
     * for a minute: never while senders may still be catching up after a fault.
     */
    private static final long SELF_STOP_QUIET_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final LoadDriver driver;
    private final List<LoadDriver.Consumer> consumers = new ArrayList<>();
    private final List<Sequences> sequences = new ArrayList<>();
    private SequenceEventsCsv events;
    private volatile IntervalLog serviceTime;
    private volatile IntervalLog responseTime;
    private final AtomicLong foreign = new AtomicLong();
    private final AtomicLong outOfOrder = new AtomicLong();
    private volatile long lastReceiveNanos;
    /** Round trips' replies sent back, and refused by the SUT. */
    private final AtomicLong replied = new AtomicLong();
    private final AtomicLong repliesRefused = new AtomicLong();

    ReceiverJob(Peer peer, WorkerOptions options, Path dataDir, LoadDriver driver) throws IOException {
        super(peer, options, dataDir);
        this.driver = driver;
    }

    @Override
    void open() throws DriverException {
        if (options.receiveUrl() == null) {
            throw new DriverException("no receive.url (or send.url) was SET: the receiver does not know where to receive from");
        }
        // A queue's messages are shared among the connections: one account. A topic's go to each.
        Sequences shared = new Sequences();
        SutUrl url = options.receivingUrl();
        for (int i = 0; i < options.connections(); i++) {
            consumers.add(driver.openConsumer(url, peer.info().name() + "-" + i));
            sequences.add(options.receiveUrl().topic() ? new Sequences() : shared);
        }
    }

    @Override
    void openFiles() throws IOException {
        long startMillis = startEpochMicros / 1000;
        String who = "Maestro receiver " + peer.info().name();
        serviceTime = new IntervalLog(dir.resolve(PeerFiles.LATENCY_SERVICE_HLOG), startMillis,
                who + ": service time (received - actual send), microseconds", options.connections());
        responseTime = new IntervalLog(dir.resolve(PeerFiles.LATENCY_RESPONSE_HLOG), startMillis,
                who + ": response time (received - intended send, corrected for coordinated omission), microseconds",
                options.connections());
        lastReceiveNanos = startNanos;
        events = SequenceEventsCsv.create(dir);
    }

    @Override
    void loop(int c) throws Exception {
        LoadDriver.Consumer consumer = consumers.get(c);
        Sequences account = sequences.get(c);
        long durationNanos = options.duration() instanceof TestDuration.ByTime t ? t.duration().toNanos() : Long.MAX_VALUE;
        long quietNanos = options.drainQuiet().toNanos();
        try (RateLogWriter rateLog = RateLogWriter.create(dir.resolve(PeerFiles.receiverRateLog(c)), startEpochMicros,
                "receiver " + peer.info().name() + " connection " + c)) {
            ReceivedMessages received = new ReceivedMessages(account, rateLog, serviceTime, responseTime, events, startEpochMicros,
                    messages, outOfOrder);
            RoundTripReplies replies = options.latency().roundTrip() ? new RoundTripReplies(driver, options.receiveUrl(), options.latency(),
                    peer.info().name() + "-" + c, options.maxInFlight(), () -> failure.get() != null, replied, repliesRefused) : null;
            try {
                receive(c, consumer, received, rateLog, replies, durationNanos, quietNanos);
            } finally {
                if (replies != null) {
                    replies.close();
                }
            }
        }
    }

    /** Connection {@code c}'s receiving, from the start until it is told to stop and quiet, or the test fails. */
    private void receive(int c, LoadDriver.Consumer consumer, ReceivedMessages received, RateLogWriter rateLog, RoundTripReplies replies,
                         long durationNanos, long quietNanos) throws Exception {
        awaitStart(c);
        long lastFlush = System.nanoTime();
        while (failure.get() == null) {
            byte[] body = consumer.receive(POLL_MILLIS);
            long now = System.nanoTime();
            if (body != null) {
                long nowEpochMicros = startEpochMicros + (now - startNanos) / 1_000;
                lastReceiveNanos = now;
                if (record(received, body, nowEpochMicros) && replies != null) {
                    replies.replyIfSampled(body);
                }
            } else if (stopRequested ? now - lastReceiveNanos >= quietNanos
                    : now - startNanos >= durationNanos && now - lastReceiveNanos >= Math.max(quietNanos, SELF_STOP_QUIET_NANOS)) {
                break;
            }
            lastFlush = flushIfDue(c, rateLog, lastFlush);
        }
    }

    /**
     * Records one message; one not sent by a Maestro sender is counted as foreign, and the first one said.
     *
     * @return whether it was a Maestro sender's
     */
    private boolean record(ReceivedMessages received, byte[] body, long nowEpochMicros) throws IOException {
        try {
            received.record(body, nowEpochMicros);
            return true;
        } catch (IllegalArgumentException e) {
            if (foreign.incrementAndGet() == 1) {
                LoggerFactory.getLogger(ReceiverJob.class).warn("{}: {}", peer.info().name(), e.getMessage());
            }
            return false;
        }
    }

    @Override
    void tickLogs() {
        events.flush();
        serviceTime.tick();
        responseTime.tick();
    }

    /** The response times of the last second, warm-up included; null before the files are open. */
    Histogram lastResponseTimes() {
        IntervalLog log = responseTime;
        return log == null ? null : log.lastInterval();
    }

    /** The service times of the last second, warm-up included; null before the files are open. */
    Histogram lastServiceTimes() {
        IntervalLog log = serviceTime;
        return log == null ? null : log.lastInterval();
    }

    /** The response times of the measured period so far (as its HDR log holds them, warm-up left out); null before the files are open. */
    Histogram measuredResponseTimes() {
        IntervalLog log = responseTime;
        return log == null ? null : log.measured();
    }

    /** The service times of the measured period so far; null before the files are open. */
    Histogram measuredServiceTimes() {
        IntervalLog log = serviceTime;
        return log == null ? null : log.measured();
    }

    /** {missing, duplicated, outOfOrder} over every account (a shared one counted once). */
    long[] accounts() {
        long[] total = {0, 0, outOfOrder.get()};
        sequences.stream().distinct().forEach(s -> {
            long[] t = s.totals();
            total[0] += t[0];
            total[1] += t[1];
        });
        return total;
    }

    @Override
    Stats stats(String phase) {
        Histogram last = responseTime.lastInterval();
        boolean any = last.getTotalCount() > 0;
        long[] a = accounts();
        return new Stats(testId, peer.info().role(), phase, elapsedNanos() / 1_000_000, messages.get(), lastSecondCount(),
                any ? last.getValueAtPercentile(50) : -1, any ? last.getValueAtPercentile(90) : -1,
                any ? last.getValueAtPercentile(99) : -1, any ? last.getMaxValue() : -1, -1, a[0], a[1], a[2]);
    }

    @Override
    void finish() {
        for (LoadDriver.Consumer consumer : consumers) {
            consumer.close();
        }
        if (serviceTime == null) {
            return;
        }
        events.close();
        serviceTime.close();
        responseTime.close();
    }

    @Override
    String summary() {
        Histogram r = responseTime.measured();
        Histogram s = serviceTime.measured();
        long[] a = accounts();
        // Nothing received after the warm-up: its latency is unknown, not 0.
        String latency = r.getTotalCount() == 0 ? "response time unknown; service time unknown (nothing received after the warm-up)"
                : String.format(Locale.ROOT, "response time p50 %.3f / p99 %.3f / max %.3f ms; service time p99 %.3f ms",
                r.getValueAtPercentile(50) / 1000.0, r.getValueAtPercentile(99) / 1000.0, r.getMaxValue() / 1000.0,
                s.getValueAtPercentile(99) / 1000.0);
        return String.format(Locale.ROOT, "received %d message(s) from %d stream(s); lost %d, duplicated %d, out of order %d%s; %s",
                messages.get(), sequences.stream().distinct().mapToInt(Sequences::streamCount).sum(), a[0], a[1], a[2],
                foreign.get() == 0 ? "" : "; " + foreign.get() + " not from a Maestro sender", latency)
                + (!options.latency().roundTrip() ? "" : String.format(Locale.ROOT, "; sent %d back for round trips (%s)%s",
                replied.get(), options.latency(), repliesRefused.get() == 0 ? "" : ", " + repliesRefused.get() + " refused"));
    }

}
