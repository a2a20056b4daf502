package org.maestro.common.peer;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
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

    /**
     * Adds the role's metrics to the peer's registry (see docs/metrics.md); called once, by whoever starts the
     * peer beside a data server that serves them. Metrics read the role's figures when scraped (callbacks), so
     * the load loops pay nothing for them.
     */
    default void registerMetrics(PrometheusRegistry registry) {
    }

    /** Called once when the peer halts, before it disconnects. */
    default void close() {
    }

    /** The error a role raises for a request it has no use for. */
    static UnsupportedOperationException unsupported(Note request, Peer peer) {
        return new UnsupportedOperationException("a " + peer.info().role().wireName() + " does not handle "
                + request.command());
    }
}
