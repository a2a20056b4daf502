package org.maestro.common.testing;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerHandler;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A handler for protocol tests: answers every request with a reply that proves it was understood
 * (it names the command and echoes the payload's fields), keeps SET options for GET, counts the
 * requests it handled (reported by STATS), and refuses what its role does not do, as real roles will.
 */
public final class EchoHandler implements PeerHandler {
    private final Map<String, String> options = new ConcurrentHashMap<>();
    private final AtomicLong handled = new AtomicLong();

    @Override
    public Payload handle(Note request, Peer peer) {
        handled.incrementAndGet();
        Payload p = request.payload();
        String who = peer.info().name();
        if (p instanceof Payload.SetOptions set) {
            options.putAll(set.options());
            return new Payload.Ok(who + " set " + set.options().size() + " option(s)");
        }
        if (p instanceof Payload.Get get) {
            String value = options.get(get.key());
            if (value == null) {
                throw new IllegalArgumentException("unknown key '" + get.key() + "'");
            }
            return new Payload.GetReply(get.key(), value);
        }
        if (p instanceof Payload.StatsRequest) {
            Stats idle = Stats.idle(peer.info().role());
            return new Payload.StatsReply(new Stats(options.getOrDefault("test.id", ""), idle.role(), "idle", 0,
                    handled.get(), 0, -1, -1, -1, -1, -1, 0, 0, 0));
        }
        if (p instanceof Payload.StartInspector s && !s.inspectorType().isEmpty()
                && peer.info().role() != org.maestro.common.note.Role.INSPECTOR) {
            throw PeerHandler.unsupported(request, peer);
        }
        if (p instanceof Payload.StartAgent a) {
            return new Payload.Ok(who + " START_AGENT " + a.handler() + " " + a.args());
        }
        if (p instanceof Payload.StopAgent a) {
            return new Payload.Ok(who + " STOP_AGENT " + a.handler() + " " + a.args());
        }
        if (p instanceof Payload.UserCommand1 a) {
            return new Payload.Ok(who + " USER_COMMAND_1 " + a.handler() + " " + a.args());
        }
        if (p instanceof Payload.AgentSource s) {
            return new Payload.Ok(who + " AGENT_SOURCE " + s.url() + "#" + s.branch());
        }
        if (request.command() == Command.FLUSH) {
            return new Payload.Ok(who + " flushed");
        }
        return new Payload.Ok(who + " " + request.command());
    }
}
