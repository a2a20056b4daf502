package org.maestro.client.control;

import org.maestro.common.mqtt.Topics;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;
import org.maestro.common.note.NoteType;
import org.maestro.common.note.Payload;
import org.maestro.common.util.LogBudget;
import org.maestro.common.util.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What arrives on the client's topics: a reply goes to the request it answers ({@link PendingRequest}, by correlation
 * id), a last will ends the wait for the peer that left, and notifications and unmatched replies go to the listeners.
 */
final class IncomingNotes {
    private static final Logger LOG = LoggerFactory.getLogger(IncomingNotes.class);
    /** Anyone on the broker can send undecodable notes: a bounded number of lines of them in the client's log. */
    private final LogBudget undecodableLog = LogBudget.forUndecodableNotes();

    private final Map<String, PendingRequest> pending;
    private final List<Consumer<Note>> listeners = new CopyOnWriteArrayList<>();
    /**
     * Peers that acknowledged HALT: they leave on purpose, so a last will that still arrives from
     * them is dropped. (Embedded Artemis sometimes publishes the will after a clean DISCONNECT.)
     */
    private final Set<String> halted = ConcurrentHashMap.newKeySet();

    IncomingNotes(Map<String, PendingRequest> pending) {
        this.pending = pending;
    }

    /** See {@link ControlClient#addListener}. */
    void addListener(Consumer<Note> listener) {
        listeners.add(listener);
    }

    void removeListener(Consumer<Note> listener) {
        listeners.remove(listener);
    }

    void onReply(byte[] bytes) {
        Note note = decode(bytes, Topics.CLIENT_REPLIES);
        if (note == null) {
            return;
        }
        if (note.type() != NoteType.RESPONSE) {
            LOG.debug("ignoring {} {} on the replies topic", note.type(), note.command());
            return;
        }
        PendingRequest p = pending.get(note.correlationId());
        if (p != null) {
            if (p.command == Command.HALT && note.payload() instanceof Payload.Ok) {
                halted.add(note.senderId());
            }
            p.add(note);
        }
        if (p == null || note.payload() instanceof Payload.ProtocolError) {
            tell(note);
        }
    }

    void onNotification(byte[] bytes) {
        Note note = decode(bytes, Topics.CLIENT_NOTIFICATIONS);
        if (note == null) {
            return;
        }
        if (note.command() == Command.ABNORMAL_DISCONNECT && halted.contains(note.senderId())) {
            LOG.debug("dropping the last will of {}, which was halted", SafeText.of(note.senderId()));
            return;
        }
        if (note.command() == Command.ABNORMAL_DISCONNECT) {
            for (PendingRequest p : pending.values()) {
                if (p.untilGone && p.expectedIds != null && p.expectedIds.contains(note.senderId())) {
                    p.peerGone();
                }
            }
        }
        tell(note);
    }

    /** Listeners run on the MQTT thread: one that throws must not stop the others, nor Paho. */
    private void tell(Note note) {
        for (Consumer<Note> l : listeners) {
            try {
                l.accept(note);
            } catch (RuntimeException e) {
                LOG.error("a listener failed on {} {}: {}", note.type(), note.command(), e.toString());
            }
        }
    }

    private Note decode(byte[] bytes, String topic) {
        try {
            return NoteCodec.decode(bytes);
        } catch (NoteCodecException e) {
            // The reason may quote the note (a sender id, a map key): inert before it is logged.
            long held = undecodableLog.take();
            if (held >= 0) {
                LOG.warn("undecodable note on {}: {}{}", topic, SafeText.of(e.getMessage()), LogBudget.heldBackText(held));
            }
            return null;
        }
    }
}
