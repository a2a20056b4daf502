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
        SequenceTracker t = streams.computeIfAbsent(stream, s -> new SequenceTracker());
        synchronized (t) {
            return t.record(sequence);
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
