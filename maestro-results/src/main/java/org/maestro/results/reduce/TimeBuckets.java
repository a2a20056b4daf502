package org.maestro.results.reduce;

import java.util.Arrays;

/**
 * Message counts in fixed-width buckets on the wall clock (one second unless the run is long, see
 * the report's bucket width), relative to an origin: bucket {@code i} counts the events from
 * {@code origin + i * width} (inclusive) to {@code origin + (i + 1) * width}. Grows in both directions as events
 * arrive, so its memory is one long per bucket, whatever the number of messages.
 */
public final class TimeBuckets {
    private final long originMicros;
    private final int bucketSeconds;
    private long[] counts = new long[64];
    private int firstSecond;   // the second of counts[0], relative to the origin
    private int minSecond = Integer.MAX_VALUE;
    private int maxSecond = Integer.MIN_VALUE;
    private long total;

    public TimeBuckets(long originMicros, int bucketSeconds) {
        if (bucketSeconds < 1) {
            throw new IllegalArgumentException("bucket width " + bucketSeconds + " s: must be at least 1 s");
        }
        this.originMicros = originMicros;
        this.bucketSeconds = bucketSeconds;
    }

    public int bucketSeconds() {
        return bucketSeconds;
    }

    /** Counts one event at {@code epochMicros}. */
    public void add(long epochMicros) {
        long s = Math.floorDiv(epochMicros - originMicros, 1_000_000L * bucketSeconds);
        int second = (int) Math.max(Integer.MIN_VALUE / 2, Math.min(Integer.MAX_VALUE / 2, s));
        add(second, 1);
    }

    /** Adds {@code n} events to bucket {@code second} (relative to the origin, in bucket widths). */
    public void add(int second, long n) {
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

    /** Adds every bucket of {@code other} (same origin and width) to this one. */
    public void addAll(TimeBuckets other) {
        for (int s = other.minSecond; !other.isEmpty() && s <= other.maxSecond; s++) {
            long n = other.get(s);
            if (n != 0) {
                add(s, n);
            }
        }
    }

    public long get(int second) {
        int i = second - firstSecond;
        return i < 0 || i >= counts.length ? 0 : counts[i];
    }

    public boolean isEmpty() {
        return minSecond > maxSecond;
    }

    public int minSecond() {
        return minSecond;
    }

    public int maxSecond() {
        return maxSecond;
    }

    public long total() {
        return total;
    }
}
