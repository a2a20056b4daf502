package org.maestro.common.peer;

import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;

/**
 * What a role does with the requests addressed to it. The runtime answers PING, HALT and the
 * identity GETs itself and passes every other request here, one at a time, in arrival order.
 * Return the response payload (usually {@link Payload.Ok}); throw to answer INTERNAL_ERROR with
 * the exception's message as the reason.
 */
@FunctionalInterface
public interface PeerHandler {

    Payload handle(Note request, Peer peer) throws Exception;

    /** Called once when the peer halts, before it disconnects. */
    default void close() {
    }

    /** The error a role raises for a request it has no use for. */
    static UnsupportedOperationException unsupported(Note request, Peer peer) {
        return new UnsupportedOperationException("a " + peer.info().role().wireName() + " does not handle "
                + request.command());
    }
}
