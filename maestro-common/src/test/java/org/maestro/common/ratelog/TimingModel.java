package org.maestro.common.ratelog;

import java.util.SplittableRandom;

/**
 * Deterministic, realistic (eta, ata) sequences for rate log tests and the benchmark, without
 * allocating per record: call {@link #next()} then read {@link #etaMicros} and {@link #ataMicros}.
 *
 * <p>Fixed rate: eta follows the schedule {@code i * 1e6 / rate}; ata is the actual send time, a few
 * microseconds after eta, sometimes stalled for milliseconds (GC, broker flow control), after which
 * the sender catches up flat out (so ata - eta shrinks back to jitter: coordinated omission). Every
 * so often the schedule itself jumps (a pause between test phases). Flat out (rate 0): eta == ata,
 * a few microseconds apart.
 */
final class TimingModel {

    private final SplittableRandom random;
    private final double intervalMicros;
    private long index;
    private long scheduleOffsetMicros;
    private long lastAtaMicros;

    long etaMicros;
    long ataMicros;

    /**
     * @param ratePerSecond messages per second, or 0 for flat out
     * @param seed          the same seed gives the same sequence
     */
    TimingModel(int ratePerSecond, long seed) {
        this.random = new SplittableRandom(seed);
        this.intervalMicros = ratePerSecond == 0 ? 0 : 1_000_000.0 / ratePerSecond;
    }

    void next() {
        if (intervalMicros == 0) {
            long t = lastAtaMicros + 1 + random.nextInt(8);
            etaMicros = t;
            ataMicros = t;
            lastAtaMicros = t;
            return;
        }
        if (random.nextInt(200_000) == 0) {
            scheduleOffsetMicros += 1_000_000 + random.nextInt(30_000_000); // a pause of 1 to 31 s
        }
        long eta = scheduleOffsetMicros + Math.round(index++ * intervalMicros);
        long earliest = Math.max(eta, lastAtaMicros + 2); // sending takes a couple of microseconds
        long jitter = (long) (-8.0 * Math.log(1.0 - random.nextDouble())); // exponential, mean 8 µs
        if (random.nextInt(5_000) == 0) {
            jitter += 1_000 + random.nextInt(50_000); // a stall of 1 to 51 ms
        }
        long ata = earliest + jitter;
        etaMicros = eta;
        ataMicros = ata;
        lastAtaMicros = ata;
    }
}
