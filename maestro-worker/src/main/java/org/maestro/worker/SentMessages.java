package org.maestro.worker;

import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.units.SizeMix;

import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A sender connection's work on each message besides the send itself: the body with its {@link MessageStamp}, and what
 * is kept of every message sent (the count, the rate log, the send delay). One per connection thread, not thread-safe;
 * the JMH benchmarks of the per-message path (bench/jmh.sh) measure it as the loop calls it.
 */
final class SentMessages {
    private final long stream;
    private final SizeMix sizes;
    private final long startEpochMicros;
    private final RateLogWriter rateLog;
    private final IntervalLog sendDelay;
    private final AtomicLong messages;
    /** The one body of a fixed message size, reused; null when sizes vary. */
    private final byte[] fixed;

    /**
     * @param stream   this connection's stream, in every stamp
     * @param messages the job's count of messages sent, all connections together
     */
    SentMessages(long stream, SizeMix sizes, long startEpochMicros, RateLogWriter rateLog, IntervalLog sendDelay,
                 AtomicLong messages) {
        this.stream = stream;
        this.sizes = sizes;
        this.startEpochMicros = startEpochMicros;
        this.rateLog = rateLog;
        this.sendDelay = sendDelay;
        this.messages = messages;
        this.fixed = sizes.minBytes() == sizes.maxBytes() ? new byte[sizes.minBytes()] : null;
    }

    /**
     * The body of message {@code sequence}, due at {@code etaMicros} and sent at {@code ataMicros} (from the test start).
     * Of a fixed size it is the same array every time, stamped anew: a driver copies the body before its send returns
     * ({@link org.maestro.worker.driver.LoadDriver.Producer#send}).
     */
    byte[] body(long sequence, long etaMicros, long ataMicros, boolean warmup) {
        byte[] body = fixed != null ? fixed : new byte[sizes.draw(ThreadLocalRandom.current())];
        MessageStamp.write(body, stream, sequence, startEpochMicros + etaMicros, startEpochMicros + ataMicros, warmup);
        return body;
    }

    /** Keeps what is known of a message handed to the SUT: counted, in the rate log and the send-delay log. */
    void sent(long etaMicros, long ataMicros, boolean warmup) throws IOException {
        messages.incrementAndGet();
        rateLog.record(etaMicros, ataMicros);
        sendDelay.record(ataMicros - etaMicros, warmup);
    }
}
