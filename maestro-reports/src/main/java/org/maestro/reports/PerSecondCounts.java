package org.maestro.reports;

import java.util.Arrays;

/**
 * Message counts in one-second buckets on the wall clock, relative to an origin: bucket {@code i} counts the
 * events from {@code origin + i} s (inclusive) to {@code origin + i + 1} s. Grows in both directions as events
 * arrive, so its memory is one long per second of the run, whatever the number of messages.
 */
final class PerSecondCounts {
    private final long originMicros;
    private long[] counts = new long[64];
    private int firstSecond;   // the second of counts[0], relative to the origin
    private int minSecond = Integer.MAX_VALUE;
    private int maxSecond = Integer.MIN_VALUE;
    private long total;

    PerSecondCounts(long originMicros) {
        this.originMicros = originMicros;
    }

    /** Counts one event at {@code epochMicros}. */
    void add(long epochMicros) {
        long s = Math.floorDiv(epochMicros - originMicros, 1_000_000L);
        int second = (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, s));
        add(second, 1);
    }

    /** Adds {@code n} events to the bucket of {@code second} (relative to the origin). */
    void add(int second, long n) {
        if (total == 0 && minSecond == Integer.MAX_VALUE) {
            firstSecond = second;
        }
        int i = second - firstSecond;
        if (i < 0) {
            long[] grown = new long[Math.max(counts.length * 2, counts.length - i)];
            int shift = grown.length - counts.length;
            System.arraycopy(counts, 0, grown, shift, counts.length);
            counts = grown;
            firstSecond -= shift;
            i = second - firstSecond;
        } else if (i >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(counts.length * 2, i + 1));
        }
        counts[i] += n;
        total += n;
        minSecond = Math.min(minSecond, second);
        maxSecond = Math.max(maxSecond, second);
    }

    /** Adds every bucket of {@code other} (same origin) to this one. */
    void addAll(PerSecondCounts other) {
        for (int s = other.minSecond; !other.isEmpty() && s <= other.maxSecond; s++) {
            long n = other.get(s);
            if (n != 0) {
                add(s, n);
            }
        }
    }

    long get(int second) {
        int i = second - firstSecond;
        return i < 0 || i >= counts.length ? 0 : counts[i];
    }

    boolean isEmpty() {
        return minSecond > maxSecond;
    }

    int minSecond() {
        return minSecond;
    }

    int maxSecond() {
        return maxSecond;
    }

    long total() {
        return total;
    }
}
