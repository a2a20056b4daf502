package org.maestro.common.note;

/**
 * A note could not be encoded or decoded. The message says what was wrong and where (which field,
 * at which byte), so a log line is enough to find a faulty peer.
 */
public class NoteCodecException extends Exception {
    public NoteCodecException(String message) {
        super(message);
    }

    public NoteCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
