package org.maestro.common.testing;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.PeerInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A test's inbox of notifications, as a ControlClient listener: progress notes in one list, every
 * other note queued by the peer that sent it, so that waiting for one peer's end never swallows
 * another's (two peers often end within milliseconds of each other).
 */
public final class NoteInbox implements Consumer<Note> {
    private final Map<String, LinkedBlockingQueue<Note>> byPeer = new ConcurrentHashMap<>();
    private final List<Note> progress = new CopyOnWriteArrayList<>();

    @Override
    public void accept(Note n) {
        if (n.command() == Command.NOTIFY_PROGRESS) {
            progress.add(n);
        } else {
            byPeer.computeIfAbsent(n.senderId(), id -> new LinkedBlockingQueue<>()).add(n);
        }
    }

    /** Every progress note so far. */
    public List<Note> progress() {
        return progress;
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    public Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        LinkedBlockingQueue<Note> mine = byPeer.computeIfAbsent(peer.id(), id -> new LinkedBlockingQueue<>());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Note> other = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            Note n = mine.poll(100, TimeUnit.MILLISECONDS);
            if (n != null && (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL)) {
                return n;
            }
            if (n != null) {
                other.add(n);
            }
        }
        throw new AssertionError(peer.name() + " did not end within " + seconds + " s; its other notes: " + other);
    }
}
