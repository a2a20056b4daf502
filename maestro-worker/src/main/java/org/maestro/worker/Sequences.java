package org.maestro.worker;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sequence accounting for every stream a receiver sees. Receivers of a queue share one; each
 * connection to a topic has its own (every subscriber gets every message).
 */
final class Sequences {
    private final Map<Long, SequenceTracker> streams = new ConcurrentHashMap<>();

    /** Records one arrival; returns false when it is a duplicate. */
    boolean record(long stream, long sequence) {
        return record(tracker(stream), sequence);
    }

    /** The account of one stream, created at its first arrival: a connection may keep it to skip this lookup. */
    SequenceTracker tracker(long stream) {
        return streams.computeIfAbsent(stream, s -> new SequenceTracker());
    }

    /** Records one arrival on a stream's account (from {@link #tracker}); returns false when it is a duplicate. */
    static boolean record(SequenceTracker tracker, long sequence) {
        synchronized (tracker) {
            return tracker.record(sequence);
        }
    }

    /** Totals over all streams: {missing, duplicated}. */
    long[] totals() {
        long[] out = new long[2];
        for (SequenceTracker t : streams.values()) {
            synchronized (t) {
                out[0] += t.missing();
                out[1] += t.duplicated();
            }
        }
        return out;
    }

    int streamCount() {
        return streams.size();
    }
}
