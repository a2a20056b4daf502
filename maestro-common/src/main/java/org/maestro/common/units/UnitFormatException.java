package org.maestro.common.units;

/**
 * Thrown when text given for a unit value (a test duration, a message size, a rate) cannot be
 * parsed. The message names the kind of value, quotes the bad text, optionally says what is wrong
 * with it, and shows valid examples, for instance:
 *
 * <pre>bad duration '9x': expected a message count like 1000000 or a time like 90s, 10m, 1h30m</pre>
 *
 * <p>It is an {@link IllegalArgumentException}, so callers that already handle bad arguments handle
 * it too; callers that want to report it can read {@link #kind()} and {@link #text()}.
 */
public final class UnitFormatException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String kind;
    private final String text;

    /**
     * @param kind     the kind of value, e.g. {@code "duration"}
     * @param text     the text as given, may be {@code null}
     * @param expected what valid text looks like, e.g. {@code "a rate like 1000/s"}
     */
    public UnitFormatException(String kind, String text, String expected) {
        this(kind, text, null, expected);
    }

    /**
     * @param kind     the kind of value, e.g. {@code "duration"}
     * @param text     the text as given, may be {@code null}
     * @param problem  what is wrong with the text, e.g. {@code "too large"}, or {@code null} when
     *                 it simply has the wrong form
     * @param expected what valid text looks like, e.g. {@code "a rate like 1000/s"}
     */
    public UnitFormatException(String kind, String text, String problem, String expected) {
        super(message(kind, text, problem, expected));
        this.kind = kind;
        this.text = text;
    }

    /** The kind of value that was wrong, e.g. {@code "duration"}. */
    public String kind() {
        return kind;
    }

    /** The bad text exactly as given, or {@code null} if none was given. */
    public String text() {
        return text;
    }

    private static String message(String kind, String text, String problem, String expected) {
        StringBuilder message = new StringBuilder("bad ").append(kind);
        if (text == null) {
            message.append(": no text given (null)");
        } else {
            message.append(" '").append(text).append('\'');
        }
        message.append(text == null ? "; " : ": ");
        if (problem != null) {
            message.append(problem).append("; ");
        }
        return message.append("expected ").append(expected).toString();
    }
}
