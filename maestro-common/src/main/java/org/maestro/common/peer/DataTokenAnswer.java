package org.maestro.common.peer;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.note.Command;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;

import java.util.Objects;

/**
 * A role's handler behind its data server's token: {@code GET data.token} is answered here with the token
 * (the client needs it to download the peer's files), every other request goes to the role. Whoever starts a
 * peer beside a data server ({@link PeerProcess}, the client's local cluster, test clusters) wraps the role
 * this way, so the roles never hold the secret.
 */
public final class DataTokenAnswer implements PeerHandler {
    private final DataToken token;
    private final PeerHandler role;

    public DataTokenAnswer(DataToken token, PeerHandler role) {
        this.token = Objects.requireNonNull(token, "token");
        this.role = Objects.requireNonNull(role, "role");
    }

    @Override
    public Payload handle(Note request, Peer peer) throws Exception {
        if (request.command() == Command.GET && request.payload() instanceof Payload.Get get
                && GetKeys.DATA_TOKEN.equals(get.key())) {
            return new Payload.GetReply(GetKeys.DATA_TOKEN, token.value());
        }
        return role.handle(request, peer);
    }

    @Override
    public void registerMetrics(PrometheusRegistry registry) {
        role.registerMetrics(registry);
    }

    @Override
    public void close() {
        role.close();
    }
}
