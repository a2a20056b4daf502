package org.maestro.common.util;

/**
 * Makes text taken from the wire (a note, a handler's output line, a peer's file) inert before it reaches a
 * log, the terminal or an exception message: a newline in a sender id must not start a forged log line, and
 * an ANSI escape must not recolour or rewrite the operator's terminal. Control characters (C0 including
 * ESC, CR and LF, DEL, and the C1 range) are written visibly as {@code \n}, {@code \r}, {@code \t} or
 * {@code \}{@code u001b}; a backslash is left as it is. Text longer than {@link #MAX_LENGTH} is cut and ends
 * with an ellipsis, so one huge field cannot flood a log.
 */
public final class SafeText {
    /** Characters kept before the ellipsis. */
    public static final int MAX_LENGTH = 500;
    private static final String ELLIPSIS = "…";

    private SafeText() {
    }

    /** The text with control characters escaped, at most {@link #MAX_LENGTH} characters of it; "null" for null. */
    public static String of(String text) {
        return of(text, MAX_LENGTH);
    }

    /** As {@link #of(String)}, cut after {@code maxLength} characters of the input. */
    public static String of(String text, int maxLength) {
        if (text == null) {
            return "null";
        }
        boolean cut = text.length() > maxLength;
        String kept = cut ? text.substring(0, maxLength) : text;
        StringBuilder out = null;
        for (int i = 0; i < kept.length(); i++) {
            char c = kept.charAt(i);
            if (isControl(c)) {
                if (out == null) {
                    out = new StringBuilder(kept.length() + 16).append(kept, 0, i);
                }
                out.append(escape(c));
            } else if (out != null) {
                out.append(c);
            }
        }
        String safe = out == null ? kept : out.toString();
        return cut ? safe + ELLIPSIS : safe;
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
    }

    private static String escape(char c) {
        return switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> String.format("\\u%04x", (int) c);
        };
    }
}
