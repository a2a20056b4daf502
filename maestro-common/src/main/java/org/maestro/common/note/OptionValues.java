package org.maestro.common.note;

import org.maestro.common.units.TimeSpan;

import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one SET option's text with a parser of {@code org.maestro.common.units}: a bad value is refused naming the
 * option ({@code option connections: '0' is not a positive whole number}).
 */
public final class OptionValues {
    private static final Pattern MICROS = Pattern.compile("\\s*(\\d{1,12})us\\s*");

    private OptionValues() {
    }

    /** What a parser of one option's text gives. */
    public interface Parser<T> {
        T parse(String value);
    }

    /** {@code key}'s value (or {@code fallback} when it is absent) read by {@code parser}; null when both are null. */
    public static <T> T read(Map<String, String> options, String key, String fallback, Parser<T> parser) {
        String v = options.getOrDefault(key, fallback);
        if (v == null) {
            return null;
        }
        return named(key, () -> parser.parse(v));
    }

    /** What {@code check} gives; its refusal (an IllegalArgumentException) names the option {@code key}. */
    public static <T> T named(String key, Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option " + key + ": " + e.getMessage(), e);
        }
    }

    /** A time, zero for none; also in microseconds, e.g. {@code 500us}. */
    public static Duration time(String v) {
        Matcher micros = MICROS.matcher(v);
        if (micros.matches()) {
            return Duration.ofNanos(Long.parseLong(micros.group(1)) * 1_000);
        }
        return TimeSpan.parseOrZero(v);
    }

    /** A whole number above 0. */
    public static int positive(String v) {
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
