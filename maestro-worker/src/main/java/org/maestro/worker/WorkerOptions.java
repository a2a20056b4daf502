package org.maestro.worker;

import org.maestro.common.note.TestOptions;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.TimeSpan;
import org.maestro.worker.driver.SutUrl;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parameters a worker runs a test with, parsed and checked from the SET options. A bad value
 * is refused at SET time with a message naming the option and what was wrong.
 *
 * @param raw             the options as given (written to test.json)
 * @param warmupSendDelay the send-delay bound that ends a sender's warm-up (see {@link WarmupGate}); null: off
 * @param warmupMax       the longest the warm-up may wait for it
 */
public record WorkerOptions(Map<String, String> raw, String testId, String testName, TestDuration duration, Rate rate,
                            int connections, SizeMix size, SutUrl sendUrl, SutUrl receiveUrl, Duration warmup,
                            Duration warmupSendDelay, Duration warmupMax, Duration drainQuiet, int maxInFlight) {

    /**
     * The most bytes of message bodies one sender connection leaves unacknowledged. The client library holds each
     * message in flight (its copy of the body, and the encoded frame) until the SUT settles it: the default 1000 in
     * flight of 100MiB would be 100 GB, and a sender's heap grew to its maximum (6.6 GB resident) trying. Small
     * messages never reach it (1000 of 64 KiB fit), so for them max.in.flight alone rules.
     */
    static final long IN_FLIGHT_BYTES = 64L << 20;

    /** max.in.flight as given, lowered so that that many of the biggest messages fit in {@link #IN_FLIGHT_BYTES}; at least 1. */
    static int inFlight(int given, SizeMix size) {
        return (int) Math.max(1, Math.min(given, IN_FLIGHT_BYTES / size.maxBytes()));
    }

    public static WorkerOptions parse(Map<String, String> options) {
        Map<String, String> o = new TreeMap<>(options);
        String testId = o.getOrDefault(TestOptions.TEST_ID, "");
        if (!testId.isEmpty()) {
            TestOptions.checkTestId(testId);
        }
        TestDuration duration = value(o, TestOptions.DURATION, "60s", TestDuration::parse);
        Rate rate = value(o, TestOptions.RATE, "0", Rate::parse);
        int connections = value(o, TestOptions.PARALLEL_COUNT, "1", v -> positive(TestOptions.PARALLEL_COUNT, v));
        SizeMix size = value(o, TestOptions.MESSAGE_SIZE, "1024", SizeMix::parse);
        if (size.minBytes() < MessageStamp.SIZE) {
            throw new IllegalArgumentException("message.size '" + o.get(TestOptions.MESSAGE_SIZE) + "' is too small: every"
                    + " message carries a " + MessageStamp.SIZE + "-byte Maestro stamp, so the smallest size is " + MessageStamp.SIZE);
        }
        SutUrl send = value(o, TestOptions.SEND_URL, null, SutUrl::parse);
        SutUrl receive = o.containsKey(TestOptions.RECEIVE_URL) ? value(o, TestOptions.RECEIVE_URL, null, SutUrl::parse) : send;
        Duration warmup = value(o, TestOptions.WARMUP, "0s", WorkerOptions::time);
        Duration sendDelayBound = value(o, TestOptions.WARMUP_SEND_DELAY, DEFAULT_WARMUP_SEND_DELAY,
                v -> TimeSpan.parseOrOff(v).orElse(null));
        Duration warmupMax = value(o, TestOptions.WARMUP_MAX, null, TimeSpan::parse);
        if (warmupMax == null) {
            warmupMax = defaultWarmupMax(warmup, duration);
        } else if (warmupMax.compareTo(warmup) < 0) {
            throw new IllegalArgumentException("option " + TestOptions.WARMUP_MAX + ": '" + o.get(TestOptions.WARMUP_MAX)
                    + "' is shorter than the warm-up '" + o.get(TestOptions.WARMUP) + "' it caps");
        }
        value(o, TestOptions.RATE_STAGES, null, RateProfile::parse);   // refused at SET time when malformed
        Duration quiet = value(o, TestOptions.DRAIN_QUIET, "2s", WorkerOptions::time);
        int inFlight = inFlight(value(o, TestOptions.MAX_IN_FLIGHT, "1000", v -> positive(TestOptions.MAX_IN_FLIGHT, v)), size);
        return new WorkerOptions(Map.copyOf(o), testId, o.getOrDefault(TestOptions.TEST_NAME, ""), duration, rate,
                connections, size, send, receive, warmup, sendDelayBound, warmupMax, quiet, inFlight);
    }

    /**
     * When a sender's {@code k}-th message (of all its connections, from 0) is due, nanoseconds from the start: on its
     * rate profile ({@link TestOptions#RATE_STAGES}) when it has one, else on its one rate. Not for a flat-out rate.
     */
    public java.util.function.LongUnaryOperator schedule() {
        String stages = raw.get(TestOptions.RATE_STAGES);
        if (stages == null) {
            return rate::offsetNanos;
        }
        RateProfile profile = RateProfile.parse(stages);
        return profile::offsetNanos;
    }

    /** The send-delay bound that ends a sender's warm-up when {@link TestOptions#WARMUP_SEND_DELAY} is not SET. */
    static final String DEFAULT_WARMUP_SEND_DELAY = "100ms";

    /**
     * The cap when {@link TestOptions#WARMUP_MAX} is not SET: three times the warm-up, but never more than half-way
     * from the warm-up to the end of a timed test, so that a sender that never gets on schedule still leaves a
     * measured period to report on.
     */
    static Duration defaultWarmupMax(Duration warmup, TestDuration duration) {
        Duration triple = warmup.multipliedBy(3);
        if (duration instanceof TestDuration.ByTime t && t.duration().compareTo(warmup) > 0) {
            Duration halfWay = warmup.plus(t.duration()).dividedBy(2);
            return triple.compareTo(halfWay) < 0 ? triple : halfWay;
        }
        return triple;
    }

    /** The test id, or a generated one when the client set none. */
    public String testIdOr(String fallback) {
        return testId.isEmpty() ? fallback : testId;
    }

    interface Parser<T> {
        T parse(String value);
    }

    static <T> T value(Map<String, String> o, String key, String fallback, Parser<T> parser) {
        String v = o.getOrDefault(key, fallback);
        if (v == null) {
            return null;
        }
        try {
            return parser.parse(v);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + key + ": " + e.getMessage(), e);
        }
    }

    /** A time, zero for none; also in microseconds, e.g. {@code 500us}. */
    static Duration time(String v) {
        java.util.regex.Matcher micros = java.util.regex.Pattern.compile("\\s*(\\d{1,12})us\\s*").matcher(v);
        if (micros.matches()) {
            return Duration.ofNanos(Long.parseLong(micros.group(1)) * 1_000);
        }
        return TimeSpan.parseOrZero(v);
    }

    private static int positive(String key, String v) {
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + v + "' is not a positive whole number");
    }
}
