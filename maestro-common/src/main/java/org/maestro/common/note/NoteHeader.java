package org.maestro.common.note;

/**
 * The header every note carries. A request's correlation id is echoed by every response to it, so
 * the client matches replies to requests; notifications have a fresh correlation id of their own.
 *
 * @param protocolVersion the version of this protocol the sender speaks ({@link NoteCodec#PROTOCOL_VERSION})
 * @param type            request, response or notification
 * @param command         what the note is about
 * @param correlationId   the id of the request this note answers, or its own id for requests
 * @param messageId       unique per note (used to drop QoS 1 redeliveries)
 * @param senderId        the peer id (or client id) that sent the note
 */
public record NoteHeader(int protocolVersion, NoteType type, Command command, String correlationId,
                         String messageId, String senderId) {
}
