package org.maestro.agent.source;

/** A git source that cannot be used: not allowed, not found, no such branch. The message says which and why. */
public final class SourceException extends Exception {
    public SourceException(String message) {
        super(message);
    }

    public SourceException(String message, Throwable cause) {
        super(message, cause);
    }
}
