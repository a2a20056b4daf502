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
import java.util.function.Predicate;

/**
 * A test's inbox of notifications, as a ControlClient listener: progress notes in one list, every
 * other note queued by the peer that sent it, so that waiting for one peer's end never swallows
 * another's (two peers often end within milliseconds of each other). {@link #all()} keeps every
 * note, for tests that look for one without taking it.
 */
public final class NoteInbox implements Consumer<Note> {
    private final Map<String, LinkedBlockingQueue<Note>> byPeer = new ConcurrentHashMap<>();
    private final List<Note> progress = new CopyOnWriteArrayList<>();
    private final List<Note> all = new CopyOnWriteArrayList<>();

    @Override
    public void accept(Note n) {
        all.add(n);
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

    /** Every note so far, in arrival order, whether or not a wait took it. */
    public List<Note> all() {
        return all;
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    public Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        return await(peer.id(), n -> n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL,
                seconds, peer.name() + " did not end");
    }

    /**
     * Takes the next note of the peer {@code senderId} that matches, dropping the peer's other notes
     * before it; fails the test after {@code seconds} with {@code failure} and the notes dropped.
     */
    public Note await(String senderId, Predicate<Note> wanted, int seconds, String failure) throws InterruptedException {
        LinkedBlockingQueue<Note> mine = byPeer.computeIfAbsent(senderId, id -> new LinkedBlockingQueue<>());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Note> other = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            Note n = mine.poll(100, TimeUnit.MILLISECONDS);
            if (n != null && wanted.test(n)) {
                return n;
            }
            if (n != null) {
                other.add(n);
            }
        }
        throw new AssertionError(failure + " within " + seconds + " s; its other notes: " + other);
    }
}
