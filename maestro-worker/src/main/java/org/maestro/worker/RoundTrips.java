package org.maestro.worker;

import org.HdrHistogram.Histogram;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A sender's round trips (latency {@value LatencyMode#ROUND_TRIP}): each connection consumes the replies to its own
 * stream at its reply address ({@link LoadDriver#replyUrl}) on a thread of its own, and records each reply's arrival
 * against the message's actual send, both read on this sender's clock, into {@link PeerFiles#LATENCY_ROUND_TRIP_HLOG}
 * (a reply to a warm-up message as warm-up). The receivers send back 1 message in {@link LatencyMode#sampleEvery}
 * ({@link RoundTripReplies}).
 */
final class RoundTrips {
    private static final long POLL_MILLIS = 100;
    /** The longest the end of sending waits for the replies still on their way. */
    private static final long END_WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /**
     * The end gives up on the replies still due once none came for this long (or the receivers' quiet period, if
     * longer): a receiver far behind (Kafka on a busy host: seconds) still sends its replies, and a figure without the
     * slowest round trips would be too good.
     */
    private static final long END_QUIET_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final LatencyMode mode;
    private final long streamBase;
    private final List<LoadDriver.Consumer> consumers;
    private final List<Thread> threads = new ArrayList<>();
    /** Sampled messages sent: the replies due. */
    private final AtomicLong due = new AtomicLong();
    private final AtomicLong replies = new AtomicLong();
    /** Replies not stamped by this sender's connection (a reply address shared by mistake, a foreign message). */
    private final AtomicLong foreign = new AtomicLong();
    private volatile IntervalLog log;
    private volatile boolean stopping;
    private volatile long lastReplyNanos;

    private RoundTrips(LatencyMode mode, long streamBase, List<LoadDriver.Consumer> consumers) {
        this.mode = mode;
        this.streamBase = streamBase;
        this.consumers = consumers;
    }

    /**
     * Opens one reply consumer per sender connection ({@code streamBase | c}); throws, having closed what it opened,
     * when one cannot be opened.
     */
    static RoundTrips open(LoadDriver driver, SutUrl sendUrl, LatencyMode mode, String peerName, long streamBase,
                           int connections) throws DriverException {
        List<LoadDriver.Consumer> opened = new ArrayList<>();
        try {
            for (int c = 0; c < connections; c++) {
                opened.add(driver.openConsumer(driver.replyUrl(sendUrl, streamBase | c), peerName + "-replies-" + c));
            }
        } catch (DriverException | RuntimeException e) {
            opened.forEach(LoadDriver.Consumer::close);
            throw e;
        }
        return new RoundTrips(mode, streamBase, opened);
    }

    /**
     * Opens the log in {@code dir} and starts a thread per connection, timing replies from the test's origin
     * ({@code startEpochMicros} on this peer's clock, {@code startNanos} on its monotonic one); {@code fail} is told
     * when a connection's replies can no longer be received.
     */
    void start(Path dir, String peerName, long startEpochMicros, long startNanos, Consumer<String> fail) throws IOException {
        log = new IntervalLog(dir.resolve(PeerFiles.LATENCY_ROUND_TRIP_HLOG), startEpochMicros / 1000,
                "Maestro sender " + peerName + ": round trip (reply arrival - actual send, " + LatencyMode.ROUND_TRIP_CLOCK
                        + "), microseconds; " + mode, consumers.size());
        lastReplyNanos = System.nanoTime();
        for (int c = 0; c < consumers.size(); c++) {
            int index = c;
            Thread t = new Thread(() -> {
                try {
                    receive(index, startEpochMicros, startNanos);
                } catch (DriverException | RuntimeException e) {
                    fail.accept("replies of connection " + index + ": " + e.getMessage());
                }
            }, peerName + "-replies-" + c);
            threads.add(t);
            t.start();
        }
    }

    private void receive(int c, long startEpochMicros, long startNanos) throws DriverException {
        LoadDriver.Consumer consumer = consumers.get(c);
        long stream = streamBase | c;
        while (!stopping) {
            byte[] body = consumer.receive(POLL_MILLIS);
            if (body == null) {
                continue;
            }
            long now = System.nanoTime();
            long nowEpochMicros = startEpochMicros + (now - startNanos) / 1_000;
            try {
                MessageStamp.check(body);
            } catch (IllegalArgumentException notStamped) {
                foreign.incrementAndGet();
                continue;
            }
            if (MessageStamp.stream(body) != stream) {
                foreign.incrementAndGet();
                continue;
            }
            log.record(nowEpochMicros - MessageStamp.sentEpochMicros(body), MessageStamp.warmup(body));
            replies.incrementAndGet();
            lastReplyNanos = now;
        }
    }

    /** A connection sent its message {@code sequence}: a reply is due when it is sampled. */
    void sent(long sequence) {
        if (mode.sampled(sequence)) {
            due.incrementAndGet();
        }
    }

    /** Writes the second's interval. */
    void tick() {
        IntervalLog l = log;
        if (l != null) {
            l.tick();
        }
    }

    /**
     * Ends the round trips once sending has: waits until every reply due has come, or none came for {@code quietNanos}
     * (at least {@link #END_QUIET_NANOS}) since sending ended or the last one, at most {@link #END_WAIT_NANOS}; then
     * stops the threads and closes the consumers and the log.
     */
    void close(long quietNanos) {
        long ended = System.nanoTime();
        long deadline = ended + END_WAIT_NANOS;
        long quiet = Math.max(quietNanos, END_QUIET_NANOS);
        while (log != null && replies.get() < due.get() && System.nanoTime() < deadline
                && System.nanoTime() - Math.max(ended, lastReplyNanos) < quiet) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stopping = true;
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        consumers.forEach(LoadDriver.Consumer::close);
        if (log != null) {
            log.close();
        }
    }

    /** "round trip p50 0.412 / p99 1.020 ms on the sender's clock (512 replies of 512 due)", as NOTIFY_SUCCESS says it. */
    String summary() {
        Histogram h = log == null ? new Histogram(3) : log.measured();
        String figures = h.getTotalCount() == 0 ? "round trip unknown (no reply after the warm-up)"
                : String.format(Locale.ROOT, "round trip p50 %.3f / p99 %.3f ms", h.getValueAtPercentile(50) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0);
        return String.format(Locale.ROOT, "%s on %s (%s; %d replies of %d due%s)", figures, LatencyMode.ROUND_TRIP_CLOCK, mode,
                replies.get(), due.get(), foreign.get() == 0 ? "" : ", " + foreign.get() + " not its own");
    }
}
