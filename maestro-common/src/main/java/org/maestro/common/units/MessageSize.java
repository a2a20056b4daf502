package org.maestro.common.units;

import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size of the messages a test sends: {@code bytes} exactly, or, when varying, a size that varies
 * uniformly by up to ±{@code variationPercent} % around {@code bytes}, between {@link #minBytes()} and
 * {@link #maxBytes()}.
 *
 * <p>Text forms, see {@link #parse(String)}: {@code 1024} (fixed), {@code ~1024} (varying by 5 %),
 * {@code ~1 KiB ±10 %} (varying by 10 %), with an optional suffix {@code B}, {@code KiB} (1024 bytes)
 * or {@code MiB} (1024 KiB): {@code 4KiB}, {@code ~1MiB}. The size is from 1 byte to {@link #MAX_BYTES}
 * (100 MiB). Weighted mixes of sizes are {@link SizeMix}.
 *
 * @param bytes            the size, or the middle of the range when varying; from 1 to {@link #MAX_BYTES}
 * @param variationPercent 0 for a fixed size, else how far sizes stray from {@code bytes}, from 1 to
 *                         {@link #MAX_VARIATION_PERCENT}
 */
public record MessageSize(int bytes, int variationPercent) {

    /** Bytes in a KiB. */
    public static final int KIB_BYTES = 1024;
    /** Bytes in a MiB. */
    public static final int MIB_BYTES = 1024 * KIB_BYTES;
    /** The largest message size: 100 MiB. */
    public static final int MAX_BYTES = 100 * MIB_BYTES;
    /** How far a size marked {@code ~} strays from {@code bytes} when no {@code ±N %} says otherwise, in percent. */
    public static final int VARIATION_PERCENT = 5;
    /** The widest variation: below 100 %, so that the smallest size is still a size. */
    public static final int MAX_VARIATION_PERCENT = 90;

    private static final String KIND = "message size";
    private static final String EXPECTED = "a size like 1024, 4KiB, 1MiB, ~1024 to vary it by 5%, or ~1KiB ±10% to vary"
            + " it by 10%, from 1B to 100MiB";
    private static final Pattern FORM = Pattern.compile(
            "(~?)\\s*(" + Digits.PATTERN + ")\\s*(B|KiB|MiB)?(?:\\s*(?:±|\\+-|\\+/-)\\s*(\\d{1,3})\\s*%)?");

    public MessageSize {
        if (bytes < 1 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException(
                    "message size must be from 1 to " + MAX_BYTES + " bytes: " + bytes);
        }
        if (variationPercent < 0 || variationPercent > MAX_VARIATION_PERCENT) {
            throw new IllegalArgumentException("message size variation must be from 0 to " + MAX_VARIATION_PERCENT
                    + " %: " + variationPercent);
        }
    }

    /** A fixed size, or one varying by {@link #VARIATION_PERCENT}. */
    public MessageSize(int bytes, boolean varying) {
        this(bytes, varying ? VARIATION_PERCENT : 0);
    }

    /** Whether sizes vary around {@code bytes}. */
    public boolean varying() {
        return variationPercent > 0;
    }

    /**
     * Parses a message size; surrounding whitespace is ignored. Suffixes are case-sensitive
     * ({@code KiB}, not {@code kb}) so that no one mistakes 1000 bytes for 1024.
     *
     * @throws UnitFormatException if {@code text} is null, not of a form above, zero, or more than
     *                             100 MiB
     */
    public static MessageSize parse(String text) {
        if (text == null) {
            throw new UnitFormatException(KIND, null, EXPECTED);
        }
        Matcher form = FORM.matcher(text.strip());
        if (!form.matches()) {
            throw new UnitFormatException(KIND, text, EXPECTED);
        }
        long bytes;
        try {
            bytes = Math.multiplyExact(Digits.parse(form.group(2)), unitBytes(form.group(3)));
        } catch (ArithmeticException e) {
            bytes = Long.MAX_VALUE; // reported as too large just below
        }
        if (bytes > MAX_BYTES) {
            throw new UnitFormatException(KIND, text, "too large, at most 100MiB", EXPECTED);
        }
        if (bytes < 1) {
            throw new UnitFormatException(KIND, text, "must be at least 1 byte", EXPECTED);
        }
        int variation = form.group(1).isEmpty() ? 0 : VARIATION_PERCENT;
        if (form.group(4) != null) {
            variation = Integer.parseInt(form.group(4));
            if (variation < 1 || variation > MAX_VARIATION_PERCENT) {
                throw new UnitFormatException(KIND, text, "a variation must be from 1 to " + MAX_VARIATION_PERCENT + " %",
                        EXPECTED);
            }
        }
        return new MessageSize((int) bytes, variation);
    }

    private static long unitBytes(String suffix) {
        if (suffix == null || suffix.equals("B")) {
            return 1;
        }
        return suffix.equals("KiB") ? KIB_BYTES : MIB_BYTES;
    }

    /**
     * The smallest size: {@code bytes} when fixed; when varying, (100 - variation) % of {@code bytes} rounded
     * half up, and at least 1.
     */
    public int minBytes() {
        return Math.max(1, percentOfBytes(100 - variationPercent));
    }

    /** The largest size: {@code bytes} when fixed; when varying, (100 + variation) % of {@code bytes} rounded half up. */
    public int maxBytes() {
        return percentOfBytes(100 + variationPercent);
    }

    /** A size drawn uniformly from {@link #minBytes()} to {@link #maxBytes()}. */
    public int draw(RandomGenerator random) {
        int min = minBytes();
        int max = maxBytes();
        return min == max ? min : random.nextInt(min, max + 1);
    }

    /** {@code bytes * percent / 100} rounded half up, in exact integer arithmetic. */
    private int percentOfBytes(int percent) {
        return (int) ((bytes * (long) percent + 50) / 100);
    }

    /**
     * Canonical text: {@code ~} when varying, then the size in the largest unit that divides it
     * exactly, with plain digits for bytes, then the variation when it is not the default: {@code 1000},
     * {@code 4KiB}, {@code ~1MiB}, {@code ~1KiB±10%}.
     */
    @Override
    public String toString() {
        String prefix = varying() ? "~" : "";
        String suffix = varying() && variationPercent != VARIATION_PERCENT ? "±" + variationPercent + "%" : "";
        return prefix + amount() + suffix;
    }

    /** The size in the largest unit that divides it exactly. */
    private String amount() {
        if (bytes % MIB_BYTES == 0) {
            return bytes / MIB_BYTES + "MiB";
        }
        if (bytes % KIB_BYTES == 0) {
            return bytes / KIB_BYTES + "KiB";
        }
        return Integer.toString(bytes);
    }
}
