package org.maestro.common.dataserver;

/** A request the data server refuses: the HTTP status to answer with and a short plain-text reason. */
public final class RequestException extends Exception {
    private final int status;

    public RequestException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** The HTTP status, e.g. 400, 403, 404. */
    public int status() {
        return status;
    }
}
