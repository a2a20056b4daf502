package org.maestro.common.note;

import java.util.Objects;

/**
 * One control-plane message: a header and a typed payload. The header's type and command always
 * match the payload's; build notes with the factories below.
 */
public record Note(NoteHeader header, Payload payload) {

    public Note {
        Objects.requireNonNull(header, "header");
        Objects.requireNonNull(payload, "payload");
        if (header.type() != payload.type() || header.command() != payload.command()) {
            throw new IllegalArgumentException("header says " + header.type() + " " + header.command()
                    + " but the payload is " + payload.type() + " " + payload.command());
        }
    }

    /** A new request; its correlation id is its own message id. */
    public static Note request(String senderId, Payload payload) {
        requireType(payload, NoteType.REQUEST);
        String id = Ids.next();
        return new Note(header(payload, id, id, senderId), payload);
    }

    /** A response to {@code request}, carrying its correlation id. */
    public static Note reply(Note request, String senderId, Payload payload) {
        return reply(request.header().correlationId(), senderId, payload);
    }

    /** A response to the request with this correlation id ("" when the request could not be read). */
    public static Note reply(String correlationId, String senderId, Payload payload) {
        requireType(payload, NoteType.RESPONSE);
        return new Note(header(payload, correlationId, Ids.next(), senderId), payload);
    }

    public static Note notification(String senderId, Payload payload) {
        requireType(payload, NoteType.NOTIFICATION);
        String id = Ids.next();
        return new Note(header(payload, id, id, senderId), payload);
    }

    public NoteType type() {
        return header.type();
    }

    public Command command() {
        return header.command();
    }

    public String senderId() {
        return header.senderId();
    }

    public String correlationId() {
        return header.correlationId();
    }

    private static NoteHeader header(Payload payload, String correlationId, String messageId, String senderId) {
        return new NoteHeader(NoteCodec.PROTOCOL_VERSION, payload.type(), payload.command(), correlationId, messageId,
                Objects.requireNonNull(senderId, "senderId"));
    }

    private static void requireType(Payload payload, NoteType type) {
        if (payload.type() != type) {
            throw new IllegalArgumentException(payload.command() + " " + payload.type() + " is not a " + type);
        }
    }
}
