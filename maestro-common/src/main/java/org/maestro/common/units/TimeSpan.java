package org.maestro.common.units;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A time where only a time makes sense: a timeout, an interval, a warm-up, a latency bound. It is
 * written as the times of {@link TestDuration} are ({@code 90s}, {@code 10m}, {@code 1h30m},
 * {@code 500ms}); plain digits, which a test duration reads as a message count, are refused with a
 * message that says so, because {@code --window 5} meant seconds but says nothing of the unit.
 *
 * <p>Errors are {@link UnitFormatException}s of kind {@code time}, for instance
 * <pre>bad time '5': a message count, not a time; expected a time like 5s</pre>
 * The caller puts the option's name in front, as for the other units.
 */
public final class TimeSpan {

    private static final String KIND = "time";
    private static final String EXPECTED = "a time like 90s, 10m, 1h30m or 500ms";
    private static final Pattern DIGITS = Pattern.compile(Digits.PATTERN);

    private TimeSpan() {
    }

    /**
     * A time of more than zero.
     *
     * @throws UnitFormatException if {@code text} is null, a message count, zero, or not a time
     */
    public static Duration parse(String text) {
        Duration time = parseOrZero(text);
        if (time.isZero()) {
            throw new UnitFormatException(KIND, text, "must be more than zero", "a time like 10s");
        }
        return time;
    }

    /** The word that turns off a setting whose value is otherwise a time of more than zero. */
    public static final String OFF = "off";

    /**
     * A time of more than zero, or {@value #OFF} (empty) for a bound that can be turned off: zero is refused there,
     * as it would read "none" to some and be a bound no one meets to others.
     *
     * @throws UnitFormatException if {@code text} is neither {@value #OFF} nor a time of more than zero
     */
    public static Optional<Duration> parseOrOff(String text) {
        if (text != null && text.strip().equalsIgnoreCase(OFF)) {
            return Optional.empty();
        }
        Duration time = parseOrZero(text);
        if (time.isZero()) {
            throw new UnitFormatException(KIND, text, "zero is a bound no one meets", "a time like 100ms, or " + OFF + " for none");
        }
        return Optional.of(time);
    }

    /**
     * A time of zero or more, for settings where zero means "none" (no warm-up, no bound); {@code 0}
     * without a unit is zero too, as zero is the same in every unit.
     *
     * @throws UnitFormatException if {@code text} is null, a message count of more than zero, or not a time
     */
    public static Duration parseOrZero(String text) {
        if (text == null) {
            throw new UnitFormatException(KIND, null, EXPECTED);
        }
        String trimmed = text.strip();
        if (DIGITS.matcher(trimmed).matches()) {
            if (trimmed.replace("_", "").matches("0+")) {
                return Duration.ZERO;
            }
            throw new UnitFormatException(KIND, text, "a message count, not a time", "a time like " + trimmed + "s");
        }
        return TestDurationParser.sumOfParts(text, trimmed, KIND, EXPECTED);
    }
}
