package org.maestro.common.units;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the text forms of {@link TestDuration}; see {@link TestDuration#parse(String)}. */
final class TestDurationParser {

    private static final String KIND = "duration";
    private static final String EXPECTED =
            "a message count like 1000000" + TestDuration.MESSAGES + " or a time like 90s, 10m, 1h30m";

    /** A message count: digits and the unit, {@code 1000000msg}. */
    private static final Pattern COUNT = Pattern.compile("(" + Digits.PATTERN + ")" + TestDuration.MESSAGES);
    /**
     * A bare number: once a message count, which someone who meant seconds got silently (a 10-message test under a
     * 5 s warm-up measured nothing). Refused, naming both spellings of that number.
     */
    private static final Pattern BARE = Pattern.compile(Digits.PATTERN);
    /** One time part; {@code ms} comes before {@code m} so that {@code 500ms} is not read as {@code 500m}. */
    private static final Pattern TIME_PART = Pattern.compile("(" + Digits.PATTERN + ")(ms|h|m|s)");
    /** Time units largest first, the order in which they must be written. */
    private static final List<String> UNITS = List.of("h", "m", "s", "ms");
    private static final List<ChronoUnit> CHRONO_UNITS =
            List.of(ChronoUnit.HOURS, ChronoUnit.MINUTES, ChronoUnit.SECONDS, ChronoUnit.MILLIS);

    private TestDurationParser() {
    }

    static TestDuration parse(String text) {
        if (text == null) {
            throw new UnitFormatException(KIND, null, EXPECTED);
        }
        String trimmed = text.strip();
        Matcher count = COUNT.matcher(trimmed);
        if (count.matches()) {
            return parseCount(text, count.group(1));
        }
        if (BARE.matcher(trimmed).matches()) {
            throw new UnitFormatException(KIND, text, "a number needs its unit: " + trimmed + TestDuration.MESSAGES
                    + " for messages or " + trimmed + "s for seconds", EXPECTED);
        }
        return parseTime(text, trimmed);
    }

    private static TestDuration parseCount(String text, String digits) {
        long messages;
        try {
            messages = Digits.parse(digits);
        } catch (ArithmeticException e) {
            throw new UnitFormatException(KIND, text,
                    "message count too large, at most " + Long.MAX_VALUE, EXPECTED);
        }
        if (messages == 0) {
            throw new UnitFormatException(KIND, text, "message count must be more than zero", EXPECTED);
        }
        return new TestDuration.ByCount(messages);
    }

    private static TestDuration parseTime(String text, String trimmed) {
        Duration total = sumOfParts(text, trimmed, KIND, EXPECTED);
        if (total.isZero()) {
            throw new UnitFormatException(KIND, text, "time must be more than zero", EXPECTED);
        }
        return new TestDuration.ByTime(total);
    }

    /**
     * The time that {@code trimmed} (the stripped {@code text}) writes as {@code <number><unit>} parts; zero
     * when every part is zero. {@link TimeSpan} shares it, with its own kind and examples in the errors.
     *
     * @throws UnitFormatException when the parts are not of that form, out of order, or too large
     */
    static Duration sumOfParts(String text, String trimmed, String kind, String expected) {
        if (trimmed.isEmpty()) {
            throw new UnitFormatException(kind, text, expected);
        }
        Matcher part = TIME_PART.matcher(trimmed);
        int position = 0;
        int previousUnit = -1;
        Duration total = Duration.ZERO;
        try {
            while (position < trimmed.length()) {
                part.region(position, trimmed.length());
                if (!part.lookingAt()) {
                    throw new UnitFormatException(kind, text, expected);
                }
                int unit = UNITS.indexOf(part.group(2));
                if (unit <= previousUnit) {
                    throw new UnitFormatException(kind, text,
                            "time units must come largest first (h, m, s, ms), each at most once",
                            expected);
                }
                long amount = Digits.parse(part.group(1));
                total = total.plus(Duration.of(amount, CHRONO_UNITS.get(unit)));
                previousUnit = unit;
                position = part.end();
            }
            total.toNanos(); // a test duration must fit a long of nanoseconds
        } catch (ArithmeticException e) {
            throw new UnitFormatException(kind, text, "time too large, at most about 292 years", expected);
        }
        return total;
    }
}
