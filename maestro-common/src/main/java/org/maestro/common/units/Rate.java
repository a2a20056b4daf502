package org.maestro.common.units;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How fast a test sends: {@code perSecond} messages per second, or as fast as it can ("flat out")
 * when {@code perSecond} is 0.
 *
 * <p>Text forms, see {@link #parse(String)}: digits with an optional {@code /s} suffix ({@code
 * 1000}, {@code 1000/s}, {@code 1_000/s}), or {@code max} for flat out. {@code 0} also means flat
 * out.
 *
 * @param perSecond messages per second, at least 0; 0 means flat out
 */
public record Rate(long perSecond) {

    /** Sending as fast as possible, written {@code max}. */
    public static final Rate FLAT_OUT = new Rate(0);

    private static final String KIND = "rate";
    private static final String EXPECTED =
            "messages per second like 1000 or 1000/s, or max for as fast as possible";
    private static final String MAX = "max";
    private static final Pattern FORM = Pattern.compile("(" + Digits.PATTERN + ")(?:/s)?");
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    public Rate {
        if (perSecond < 0) {
            throw new IllegalArgumentException("rate must not be negative: " + perSecond);
        }
    }

    /**
     * Parses a rate; surrounding whitespace is ignored.
     *
     * @throws UnitFormatException if {@code text} is null, not of a form above (negative numbers
     *                             included), or beyond {@link Long#MAX_VALUE}
     */
    public static Rate parse(String text) {
        if (text == null) {
            throw new UnitFormatException(KIND, null, EXPECTED);
        }
        String trimmed = text.strip();
        if (trimmed.equals(MAX)) {
            return FLAT_OUT;
        }
        Matcher form = FORM.matcher(trimmed);
        if (!form.matches()) {
            throw new UnitFormatException(KIND, text, EXPECTED);
        }
        try {
            return new Rate(Digits.parse(form.group(1)));
        } catch (ArithmeticException e) {
            throw new UnitFormatException(KIND, text, "too large, at most " + Long.MAX_VALUE + "/s", EXPECTED);
        }
    }

    /** Whether this rate means sending as fast as possible. */
    public boolean isFlatOut() {
        return perSecond == 0;
    }

    /**
     * When the {@code k}-th message (from 0) is due, in nanoseconds from the start: {@code k * 1e9 / perSecond},
     * exact (rounded down), so that a test of {@code d} seconds sends exactly {@code d * perSecond} messages
     * whatever the rate: a rounded interval times {@code k} drifts (300/s for 20 s gave 6,001).
     *
     * @throws IllegalStateException if this rate {@link #isFlatOut() is flat out}, which has no schedule
     */
    public long offsetNanos(long k) {
        if (isFlatOut()) {
            throw new IllegalStateException("a flat-out rate has no schedule");
        }
        long seconds = k / perSecond;
        long rest = k % perSecond; // below perSecond: its product with 1e9 fits in a long up to 9.2e9 messages/s
        long restNanos = perSecond <= Long.MAX_VALUE / NANOS_PER_SECOND ? rest * NANOS_PER_SECOND / perSecond
                : (long) ((double) rest * NANOS_PER_SECOND / perSecond);
        return Math.multiplyExact(seconds, NANOS_PER_SECOND) + restNanos;
    }

    /** Canonical text: {@code max} when flat out, otherwise e.g. {@code 1000/s}. */
    @Override
    public String toString() {
        return isFlatOut() ? MAX : perSecond + "/s";
    }
}
