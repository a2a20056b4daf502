package org.maestro.client.dsl;

import org.maestro.common.units.Rate;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TimeSpan;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/** The values a script's lines give, read and bounded; an error names the line's setting ({@code rate 1e12}: "rate ..."). */
final class DslValues {
    /**
     * The highest fixed rate a test may ask for, all senders together: beyond it a typo (an extra zero, {@code 1e12})
     * is far likelier than a SUT that takes it; {@code 'max'} sends flat out.
     */
    public static final long MAX_RATE = 10_000_000;
    /** The most connections a worker may open: beyond it a test exhausts the SUT's or the host's sockets. */
    public static final int MAX_CONNECTIONS = 1_000;

    private DslValues() {
    }

    /** A size, or weighted sizes as text or as a Groovy map of size to weight; see {@link SizeMix#parse}. */
    static SizeMix sizes(Object value) {
        if (value instanceof Map<?, ?> weighted) {
            return SizeMix.parse(String.join(", ", weighted.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
        }
        return SizeMix.parse(String.valueOf(value));
    }

    /** A connection count no higher than {@link #MAX_CONNECTIONS}. */
    static int connectionCount(Object value) {
        int n = positive("connections", value);
        if (n > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("connections " + n + " is more than the " + MAX_CONNECTIONS
                    + " a worker may open");
        }
        return n;
    }

    /** The value's text once {@code parser} reads it; null (a param with no value) leaves the workers' default. */
    static String checkedOrDefault(String what, Object value, Function<String, ?> parser) {
        if (value == null) {
            return null;
        }
        String text = String.valueOf(value);
        try {
            parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        return text;
    }

    /** A rate no higher than {@link #MAX_RATE}. */
    static Rate bounded(String what, Rate rate) {
        if (rate.perSecond() > MAX_RATE) {
            throw new IllegalArgumentException(what + " " + rate.perSecond() + " msg/s is more than the " + MAX_RATE
                    + " msg/s a test may ask for; use 'max' to send as fast as possible");
        }
        return rate;
    }

    static int positive(String what, Object value) {
        try {
            int n = Integer.parseInt(String.valueOf(value).trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(what + " must be a positive whole number, not '" + value + "'");
    }

    /** A time like {@code '10s'}; {@code '0s'} or {@code 0} is zero. */
    static Duration time(String what, Object value) {
        try {
            return TimeSpan.parseOrZero(String.valueOf(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }
}
