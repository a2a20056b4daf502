package org.maestro.common.note;

/**
 * How a handler run ended, as NOTIFY_HANDLER and handlers.csv say it, and the words the client adds for an action the
 * agent did not report on ({@link #NOT_RUN}, {@link #UNKNOWN}): one word for each, read off the wire and written into
 * summary.json the same.
 */
public enum Outcome {
    /** Exit status 0 (a Groovy handler returned normally, or returned 0). */
    SUCCEEDED("succeeded"),
    /** A non-zero exit status, an exception, or it could not start. */
    FAILED("failed"),
    /** It was still running at its timeout and was killed. */
    TIMED_OUT("timed-out"),
    /** The agent would not run it: no source, a path outside the repository, no such file, bad arguments. */
    REFUSED("refused"),
    /** Said by the client, never by an agent: the action was not fired (the load had ended, or the test did first). */
    NOT_RUN("not-run"),
    /** Said by the client, never by an agent: the action was fired but its outcome never came. */
    UNKNOWN("unknown");

    private final String wireName;

    Outcome(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
