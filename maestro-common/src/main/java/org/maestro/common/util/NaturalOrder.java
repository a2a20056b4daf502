package org.maestro.common.util;

import java.util.Comparator;

/**
 * Names in the order people number them: runs of digits compare as numbers, so {@code inspector-2} comes before
 * {@code inspector-10} (plain string order puts it after, and a peer numbered 10 would take the second one's place).
 * Otherwise character by character; equal numbers with different leading zeros fall back to string order, so the order
 * stays total and consistent with equals.
 */
public final class NaturalOrder implements Comparator<String> {
    /** The one instance: it holds no state. */
    public static final NaturalOrder NAMES = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (isDigit(ca) && isDigit(cb)) {
                int endA = digitsEnd(a, i);
                int endB = digitsEnd(b, j);
                int byValue = compareDigits(a.substring(i, endA), b.substring(j, endB));
                if (byValue != 0) {
                    return byValue;
                }
                i = endA;
                j = endB;
            } else if (ca != cb) {
                return Character.compare(ca, cb);
            } else {
                i++;
                j++;
            }
        }
        int byLength = Integer.compare(a.length() - i, b.length() - j);
        return byLength != 0 ? byLength : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && isDigit(s.charAt(end))) {
            end++;
        }
        return end;
    }

    /** Two runs of digits by value, however long (no overflow): without leading zeros, the longer is the larger. */
    private static int compareDigits(String x, String y) {
        String a = stripZeros(x);
        String b = stripZeros(y);
        return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
    }

    private static String stripZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }
}
