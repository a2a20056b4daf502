package org.maestro.worker;

import org.maestro.common.note.TestOptions;
import org.maestro.common.units.MessageSize;
import org.maestro.common.units.Rate;
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
 * @param raw the options as given (written to test.json)
 */
public record WorkerOptions(Map<String, String> raw, String testId, String testName, TestDuration duration, Rate rate,
                            int connections, MessageSize size, SutUrl sendUrl, SutUrl receiveUrl, Duration warmup,
                            Duration drainQuiet, int maxInFlight, Criteria criteria) {

    public static WorkerOptions parse(Map<String, String> options) {
        Map<String, String> o = new TreeMap<>(options);
        String testId = o.getOrDefault(TestOptions.TEST_ID, "");
        if (!testId.isEmpty()) {
            TestOptions.checkTestId(testId);
        }
        TestDuration duration = value(o, TestOptions.DURATION, "60s", TestDuration::parse);
        Rate rate = value(o, TestOptions.RATE, "0", Rate::parse);
        int connections = value(o, TestOptions.PARALLEL_COUNT, "1", v -> positive(TestOptions.PARALLEL_COUNT, v));
        MessageSize size = value(o, TestOptions.MESSAGE_SIZE, "1024", MessageSize::parse);
        if (size.minBytes() < MessageStamp.SIZE) {
            throw new IllegalArgumentException("message.size '" + o.get(TestOptions.MESSAGE_SIZE) + "' is too small: every"
                    + " message carries a " + MessageStamp.SIZE + "-byte Maestro stamp, so the smallest size is " + MessageStamp.SIZE);
        }
        SutUrl send = value(o, TestOptions.SEND_URL, null, SutUrl::parse);
        SutUrl receive = o.containsKey(TestOptions.RECEIVE_URL) ? value(o, TestOptions.RECEIVE_URL, null, SutUrl::parse) : send;
        Duration warmup = value(o, TestOptions.WARMUP, null, WorkerOptions::time);
        Duration quiet = value(o, TestOptions.DRAIN_QUIET, "2s", WorkerOptions::time);
        int inFlight = value(o, TestOptions.MAX_IN_FLIGHT, "1000", v -> positive(TestOptions.MAX_IN_FLIGHT, v));
        return new WorkerOptions(Map.copyOf(o), testId, o.getOrDefault(TestOptions.TEST_NAME, ""), duration, rate,
                connections, size, send, receive, warmup == null ? Duration.ZERO : warmup, quiet, inFlight, Criteria.parse(o));
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

    /** A time, zero for none; latency bounds may also be given in microseconds, e.g. {@code 500us}. */
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
