package org.maestro.client.data;

/**
 * Downloading from a peer's data server failed: unreachable or silent server, HTTP error, invalid
 * manifest, or bytes that do not match their checksum. The message names the URL or file and what went
 * wrong.
 */
public class DataTransferException extends Exception {
    public DataTransferException(String message) {
        super(message);
    }

    public DataTransferException(String message, Throwable cause) {
        super(message, cause);
    }
}
