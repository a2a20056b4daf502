package org.maestro.common.note;

import java.util.Locale;
import java.util.Map;

/**
 * How a route's latency is measured: one way, the receiver's arrival time against the sender's send time (two clocks:
 * each figure is off by the difference of the hosts' clocks), or round trip, each receiver sending the message (or a
 * sampled 1 in {@code sampleEvery}, chosen by its sequence number) back to its sender over the same SUT, which times
 * it on its own clock. SET as {@link TestOptions#LATENCY} and {@link TestOptions#LATENCY_SAMPLE}; the words and the
 * clocks are named here once for the DSL, the workers and every figure.
 *
 * @param roundTrip   whether receivers send messages back to their sender
 * @param sampleEvery 1 in how many messages is sent back (by sequence number); 1 for every one
 */
public record LatencyMode(boolean roundTrip, int sampleEvery) {
    public static final String ONE_WAY = "one-way";
    public static final String ROUND_TRIP = "round-trip";
    /** One way, every message: what a test runs when it says nothing. */
    public static final LatencyMode ONE_WAY_MODE = new LatencyMode(false, 1);
    /** The clock a one-way figure is taken on, as every surface names it. */
    public static final String ONE_WAY_CLOCK = "two clocks (receiver's arrival - sender's send): off by the hosts' clock"
            + " offset, known only to within half the best PING round trip";
    /** The clock a round-trip figure is taken on, as every surface names it. */
    public static final String ROUND_TRIP_CLOCK = "the sender's clock (reply arrival - actual send)";

    public LatencyMode {
        if (sampleEvery < 1) {
            throw new IllegalArgumentException(TestOptions.LATENCY_SAMPLE + " must be 1 or more (1 in N messages sent back), not "
                    + sampleEvery);
        }
        if (!roundTrip && sampleEvery != 1) {
            throw new IllegalArgumentException(TestOptions.LATENCY_SAMPLE + " " + sampleEvery + " samples round trips: it needs "
                    + TestOptions.LATENCY + " '" + ROUND_TRIP + "'");
        }
    }

    /** The mode named {@code word} ({@value #ONE_WAY} or {@value #ROUND_TRIP}); a bad word is refused naming both. */
    public static LatencyMode of(String word, int sampleEvery) {
        String w = word.trim().toLowerCase(Locale.ROOT);
        if (!w.equals(ONE_WAY) && !w.equals(ROUND_TRIP)) {
            throw new IllegalArgumentException(TestOptions.LATENCY + " '" + word + "' is neither '" + ONE_WAY + "' nor '"
                    + ROUND_TRIP + "'");
        }
        return new LatencyMode(w.equals(ROUND_TRIP), sampleEvery);
    }

    /** Reads a SET's options; absent ones are one way, every message. A bad value is refused naming its option. */
    public static LatencyMode parse(Map<String, String> o) {
        int every = OptionValues.read(o, TestOptions.LATENCY_SAMPLE, "1", OptionValues::positive);
        return of(o.getOrDefault(TestOptions.LATENCY, ONE_WAY), every);
    }

    /** Adds this mode's options to a SET's; one way adds none (a test that says nothing is SET as before). */
    public void addTo(Map<String, String> options) {
        if (roundTrip) {
            options.put(TestOptions.LATENCY, ROUND_TRIP);
            options.put(TestOptions.LATENCY_SAMPLE, Integer.toString(sampleEvery));
        }
    }

    /** Whether the message of sequence number {@code sequence} is sent back. */
    public boolean sampled(long sequence) {
        return roundTrip && sequence % sampleEvery == 0;
    }

    /** "one-way", "round-trip" or "round-trip, 1 in 10 messages". */
    @Override
    public String toString() {
        return !roundTrip ? ONE_WAY : sampleEvery == 1 ? ROUND_TRIP : ROUND_TRIP + ", 1 in " + sampleEvery + " messages";
    }
}
