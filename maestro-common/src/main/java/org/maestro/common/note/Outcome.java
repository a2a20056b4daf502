package org.maestro.common.note;

/** How a handler run ended, as NOTIFY_HANDLER and handlers.csv say it. */
public enum Outcome {
    /** Exit status 0 (a Groovy handler returned normally, or returned 0). */
    SUCCEEDED("succeeded"),
    /** A non-zero exit status, an exception, or it could not start. */
    FAILED("failed"),
    /** It was still running at its timeout and was killed. */
    TIMED_OUT("timed-out"),
    /** The agent would not run it: no source, a path outside the repository, no such file, bad arguments. */
    REFUSED("refused");

    private final String wireName;

    Outcome(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
