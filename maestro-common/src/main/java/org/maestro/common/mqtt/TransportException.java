package org.maestro.common.mqtt;

/** The MQTT broker could not be reached or refused an operation; the message says which and why. */
public class TransportException extends Exception {
    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }
}
