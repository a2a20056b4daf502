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
 *
 * <p>Allocates nothing per message: the stamp is read in place, and a stream's account and highest sequence are kept
 * in one object per stream, the last one used at hand (a connection mostly receives one stream after another).
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
    private final Map<Long, Stream> streams = new HashMap<>();
    private Stream last;

    /** One stream as this connection sees it: its account, and the highest sequence seen here (a lower one is out of order). */
    private static final class Stream {
        final long id;
        final SequenceTracker tracker;
        long highest = -1;

        Stream(long id, SequenceTracker tracker) {
            this.id = id;
            this.tracker = tracker;
        }
    }

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
        MessageStamp.check(body);
        long id = MessageStamp.stream(body);
        long sequence = MessageStamp.sequence(body);
        long intended = MessageStamp.intendedEpochMicros(body);
        boolean warmup = MessageStamp.warmup(body);
        messages.incrementAndGet();
        serviceTime.record(nowEpochMicros - MessageStamp.sentEpochMicros(body), warmup);
        responseTime.record(nowEpochMicros - intended, warmup);
        Stream stream = streamOf(id);
        if (!Sequences.record(stream.tracker, sequence)) {
            events.write(nowEpochMicros, id, sequence, SequenceEventsCsv.DUPLICATE);
        }
        if (sequence < stream.highest) {
            outOfOrder.incrementAndGet();
            events.write(nowEpochMicros, id, sequence, SequenceEventsCsv.OUT_OF_ORDER);
        } else {
            stream.highest = sequence;
        }
        rateLog.record(intended - startEpochMicros, nowEpochMicros - startEpochMicros);
    }

    private Stream streamOf(long id) {
        Stream s = last;
        if (s == null || s.id != id) {
            s = streams.computeIfAbsent(id, k -> new Stream(id, account.tracker(id)));
            last = s;
        }
        return s;
    }
}
