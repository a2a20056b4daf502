package org.maestro.worker;

import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.SequenceEventsCsv;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A receiver connection's work on each message: read its {@link MessageStamp}, count it, record its service and response
 * time, account for its sequence number (duplicates and, per connection, order) and write its rate-log record. One per
 * connection thread, not thread-safe (the sequence account it shares with other connections of a queue is); the JMH
 * benchmarks of the per-message path (bench/jmh.sh) measure it as the loop calls it.
 */
final class ReceivedMessages {
    private final Sequences account;
    private final RateLogWriter rateLog;
    private final IntervalLog serviceTime;
    private final IntervalLog responseTime;
    private final SequenceEventsCsv events;
    private final long startEpochMicros;
    private final AtomicLong messages;
    private final AtomicLong outOfOrder;
    /** The highest sequence this connection has seen of each stream: a lower one arrived out of order. */
    private final Map<Long, Long> highest = new HashMap<>();

    /**
     * @param account    the sequence account (shared by the connections of a queue)
     * @param messages   the job's count of messages received, all connections together
     * @param outOfOrder the job's count of messages that arrived below their stream's highest on their connection
     */
    ReceivedMessages(Sequences account, RateLogWriter rateLog, IntervalLog serviceTime, IntervalLog responseTime,
                     SequenceEventsCsv events, long startEpochMicros, AtomicLong messages, AtomicLong outOfOrder) {
        this.account = account;
        this.rateLog = rateLog;
        this.serviceTime = serviceTime;
        this.responseTime = responseTime;
        this.events = events;
        this.startEpochMicros = startEpochMicros;
        this.messages = messages;
        this.outOfOrder = outOfOrder;
    }

    /**
     * Records a message received at {@code nowEpochMicros}.
     *
     * @throws IllegalArgumentException when the body has no Maestro stamp (nothing is recorded)
     */
    void record(byte[] body, long nowEpochMicros) throws IOException {
        MessageStamp stamp = MessageStamp.readFrom(body);
        messages.incrementAndGet();
        serviceTime.record(nowEpochMicros - stamp.sentEpochMicros(), stamp.warmup());
        responseTime.record(nowEpochMicros - stamp.intendedEpochMicros(), stamp.warmup());
        if (!account.record(stamp.stream(), stamp.sequence())) {
            events.write(nowEpochMicros, stamp.stream(), stamp.sequence(), SequenceEventsCsv.DUPLICATE);
        }
        Long before = highest.put(stamp.stream(), stamp.sequence());
        if (before != null && stamp.sequence() < before) {
            outOfOrder.incrementAndGet();
            highest.put(stamp.stream(), before);
            events.write(nowEpochMicros, stamp.stream(), stamp.sequence(), SequenceEventsCsv.OUT_OF_ORDER);
        }
        rateLog.record(stamp.intendedEpochMicros() - startEpochMicros, nowEpochMicros - startEpochMicros);
    }
}
