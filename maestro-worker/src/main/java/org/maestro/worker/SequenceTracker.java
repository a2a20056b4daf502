package org.maestro.worker;

import java.util.BitSet;

/**
 * Exact accounting of one stream's sequence numbers: every number below {@code base} has been
 * seen; a bit set holds the ones seen above it. Memory is one bit per message that arrives after
 * a gap, and nothing while messages arrive in order. Order is judged per connection, elsewhere:
 * two connections sharing a queue interleave one stream legitimately. Not thread-safe.
 */
final class SequenceTracker {
    private long base;
    private BitSet above = new BitSet();
    private long highest = -1;
    private long distinct;
    private long duplicated;

    /** Records one arrival; returns false when it is a duplicate. */
    boolean record(long sequence) {
        if (sequence == base && above.isEmpty()) {
            // In order, no gap open: the common case, without touching the bit set.
            base++;
            highest = Math.max(highest, sequence);
            distinct++;
            return true;
        }
        if (sequence < base || (sequence - base < Integer.MAX_VALUE && above.get((int) (sequence - base)))) {
            duplicated++;
            return false;
        }
        if (sequence - base >= Integer.MAX_VALUE) {
            throw new IllegalStateException("sequence " + sequence + " is more than 2^31 past the first gap at " + base);
        }
        highest = Math.max(highest, sequence);
        distinct++;
        above.set((int) (sequence - base));
        int firstMissing = above.nextClearBit(0);
        if (firstMissing > 0) {
            base += firstMissing;
            above = above.get(firstMissing, Math.max(firstMissing, above.length()));
        }
        return true;
    }

    /** Sequence numbers below the highest seen that never arrived (yet). */
    long missing() {
        return highest + 1 - distinct;
    }

    long duplicated() {
        return duplicated;
    }

    long distinct() {
        return distinct;
    }
}
