package org.maestro.common.units;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The size of the messages a test sends: {@code bytes} exactly, or, when {@code varying}, a size
 * that varies by up to ±5 % around {@code bytes}, between {@link #minBytes()} and {@link
 * #maxBytes()}.
 *
 * <p>Text forms, see {@link #parse(String)}: {@code 1024} (fixed), {@code ~1024} (varying), with an
 * optional suffix {@code B}, {@code KiB} (1024 bytes) or {@code MiB} (1024 KiB): {@code 4KiB},
 * {@code ~1MiB}. The size is from 1 byte to {@link #MAX_BYTES} (100 MiB).
 *
 * @param bytes   the size, or the middle of the range when varying; from 1 to {@link #MAX_BYTES}
 * @param varying whether sizes vary by up to ±5 % around {@code bytes}
 */
public record MessageSize(int bytes, boolean varying) {

    /** Bytes in a KiB. */
    public static final int KIB_BYTES = 1024;
    /** Bytes in a MiB. */
    public static final int MIB_BYTES = 1024 * KIB_BYTES;
    /** The largest message size: 100 MiB. */
    public static final int MAX_BYTES = 100 * MIB_BYTES;
    /** How far a varying size may stray from {@code bytes}, in percent. */
    public static final int VARIATION_PERCENT = 5;

    private static final String KIND = "message size";
    private static final String EXPECTED =
            "a size like 1024, 4KiB, 1MiB, or ~1024 to vary it by 5%, from 1B to 100MiB";
    private static final Pattern FORM = Pattern.compile("(~?)(" + Digits.PATTERN + ")(B|KiB|MiB)?");

    public MessageSize {
        if (bytes < 1 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException(
                    "message size must be from 1 to " + MAX_BYTES + " bytes: " + bytes);
        }
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
        return new MessageSize((int) bytes, !form.group(1).isEmpty());
    }

    private static long unitBytes(String suffix) {
        if (suffix == null || suffix.equals("B")) {
            return 1;
        }
        return suffix.equals("KiB") ? KIB_BYTES : MIB_BYTES;
    }

    /**
     * The smallest size: {@code bytes} when fixed; when varying, 95 % of {@code bytes} rounded
     * half up, and at least 1.
     */
    public int minBytes() {
        return varying ? Math.max(1, percentOfBytes(100 - VARIATION_PERCENT)) : bytes;
    }

    /** The largest size: {@code bytes} when fixed; when varying, 105 % of {@code bytes} rounded half up. */
    public int maxBytes() {
        return varying ? percentOfBytes(100 + VARIATION_PERCENT) : bytes;
    }

    /** {@code bytes * percent / 100} rounded half up, in exact integer arithmetic. */
    private int percentOfBytes(int percent) {
        return (int) ((bytes * (long) percent + 50) / 100);
    }

    /**
     * Canonical text: {@code ~} when varying, then the size in the largest unit that divides it
     * exactly, with plain digits for bytes: {@code 1000}, {@code 4KiB}, {@code ~1MiB}.
     */
    @Override
    public String toString() {
        String prefix = varying ? "~" : "";
        if (bytes % MIB_BYTES == 0) {
            return prefix + bytes / MIB_BYTES + "MiB";
        }
        if (bytes % KIB_BYTES == 0) {
            return prefix + bytes / KIB_BYTES + "KiB";
        }
        return prefix + bytes;
    }
}
