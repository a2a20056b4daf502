package org.maestro.inspector;

/**
 * The SUT's management could not be read: the message says what was wrong and where (the URL without
 * its password), e.g. {@code cannot connect to Jolokia at http://127.0.0.1:8161/console/jolokia:
 * connection refused}.
 */
public class InspectorException extends Exception {
    public InspectorException(String message) {
        super(message);
    }

    public InspectorException(String message, Throwable cause) {
        super(message, cause);
    }
}
