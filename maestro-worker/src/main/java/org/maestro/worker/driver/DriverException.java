package org.maestro.worker.driver;

/** The system under test could not be reached or refused an operation; the message says which and why. */
public class DriverException extends Exception {
    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }

    public DriverException(String message) {
        super(message);
    }
}
