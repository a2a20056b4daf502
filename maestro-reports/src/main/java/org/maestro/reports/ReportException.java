package org.maestro.reports;

/** A run directory that cannot be reported, with a message that names the directory or file at fault. */
public class ReportException extends Exception {
    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
