package org.maestro.common.units;

/**
 * Whole numbers as scenario files write them: ASCII digits, optionally grouped by single
 * underscores as in Java literals ({@code 1_000_000}). No sign, no other separators.
 */
final class Digits {

    /** Regular expression for one such number. */
    static final String PATTERN = "[0-9]+(?:_[0-9]+)*";

    private Digits() {
    }

    /**
     * Value of text that matches {@link #PATTERN}.
     *
     * @throws ArithmeticException if the value is beyond {@link Long#MAX_VALUE}
     */
    static long parse(String digits) {
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c == '_') {
                continue;
            }
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("not a digit at index " + i + " of '" + digits + "'");
            }
            value = Math.addExact(Math.multiplyExact(value, 10L), c - '0');
        }
        return value;
    }
}
