package org.maestro.common.units;

import java.time.Duration;
import java.util.Objects;

/**
 * How long a test runs: either for a time ({@link ByTime}) or until a number of messages has been
 * sent ({@link ByCount}).
 *
 * <p>Text forms, see {@link #parse(String)}:
 * <ul>
 *   <li>digits and {@value #MESSAGES} are a message count: {@code 1000msg}, {@code 1_000_000msg};</li>
 *   <li>one or more {@code <number><unit>} parts, largest unit first, each unit at most once, with
 *       units {@code h}, {@code m}, {@code s}, {@code ms}, are a time: {@code 90s}, {@code 10m},
 *       {@code 1h30m}, {@code 1h30m15s}, {@code 500ms}.</li>
 * </ul>
 * A bare number is refused: it does not say whether it counts messages or seconds.
 */
public sealed interface TestDuration permits TestDuration.ByTime, TestDuration.ByCount {
    /** The unit of a message count, written right after its digits: {@code 10000msg}. */
    String MESSAGES = "msg";

    /**
     * Parses a test duration; surrounding whitespace is ignored.
     *
     * @throws UnitFormatException if {@code text} is null, not of a form above, zero, or too large
     *                             (a count beyond {@link Long#MAX_VALUE}, a time beyond about 292
     *                             years, which does not fit a {@code long} of nanoseconds), or a bare
     *                             number
     */
    static TestDuration parse(String text) {
        return TestDurationParser.parse(text);
    }

    /**
     * A test that runs for a time. The duration is positive, a whole number of milliseconds, and
     * fits a {@code long} of nanoseconds, so {@link Duration#toNanos()} is safe and {@link
     * #toString()} is exact.
     */
    record ByTime(Duration duration) implements TestDuration {

        public ByTime {
            Objects.requireNonNull(duration, "duration");
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("test duration must be positive: " + duration);
            }
            if (duration.getNano() % 1_000_000 != 0) {
                throw new IllegalArgumentException(
                        "test duration must be a whole number of milliseconds: " + duration);
            }
            try {
                duration.toNanos();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("test duration too large: " + duration, e);
            }
        }

        /** Canonical text, largest unit first with zero parts left out: {@code 1h30m}, {@code 1s500ms}. */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            append(text, duration.toHours(), "h");
            append(text, duration.toMinutesPart(), "m");
            append(text, duration.toSecondsPart(), "s");
            append(text, duration.toMillisPart(), "ms");
            return text.toString();
        }

        private static void append(StringBuilder text, long amount, String unit) {
            if (amount != 0) {
                text.append(amount).append(unit);
            }
        }
    }

    /** A test that runs until {@code messages} messages (more than zero) have been sent. */
    record ByCount(long messages) implements TestDuration {

        public ByCount {
            if (messages <= 0) {
                throw new IllegalArgumentException("message count must be positive: " + messages);
            }
        }

        /** Canonical text: the count in plain digits and the unit, e.g. {@code 1000000msg}. */
        @Override
        public String toString() {
            return messages + MESSAGES;
        }
    }
}
