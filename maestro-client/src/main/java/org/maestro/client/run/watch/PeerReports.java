package org.maestro.client.run.watch;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Stats;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.maestro.client.run.actions.AgentActions;
import org.maestro.client.run.discover.PeerAssignment;

/**
 * What the peers of one test tell while it runs, taken in on the MQTT thread: each peer's latest progress, how each
 * ended, and the end and last-will notes in the order they came, for the thread that watches the test. Notes from
 * peers outside the test, or progress of another test, are not this test's.
 */
public final class PeerReports {
    private final String testId;
    private final ControlPlaneWatch controlPlane;
    private volatile List<PeerInfo> peers = List.of();
    private volatile AgentActions agentActions;
    /** Each peer's latest progress, by peer id. */
    public final Map<String, Stats> latest = new ConcurrentHashMap<>();
    /** How each peer ended (NOTIFY_SUCCESS or NOTIFY_FAIL), by peer id. */
    public final Map<String, Note> ends = new ConcurrentHashMap<>();
    private final LinkedBlockingQueue<Note> events = new LinkedBlockingQueue<>();
    private volatile long lastProgressNanos = System.nanoTime();
    public final Consumer<Note> listener = this::onNote;

    public PeerReports(String testId, ControlPlaneWatch controlPlane) {
        this.testId = testId;
        this.controlPlane = controlPlane;
    }

    /** From now on, notes of these peers are this test's; the agent's handler outcomes go to {@code actions}. */
    public void listenTo(List<PeerInfo> peers, AgentActions actions) {
        this.peers = List.copyOf(peers);
        this.agentActions = actions;
    }

    private void onNote(Note n) {
        if (peers.stream().noneMatch(p -> p.id().equals(n.senderId()))) {
            return;
        }
        if (n.command() != Command.ABNORMAL_DISCONNECT) {
            controlPlane.heard(n.senderId());
        } else {
            controlPlane.willArrived(n.senderId());
        }
        if (n.payload() instanceof Payload.Progress progress && testId.equals(progress.stats().testId())) {
            latest.put(n.senderId(), progress.stats());
            lastProgressNanos = System.nanoTime();
        } else if (n.payload() instanceof Payload.HandlerOutcome outcome) {
            agentActions.onOutcome(n.senderId(), outcome);
        } else if (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL
                || n.command() == Command.ABNORMAL_DISCONNECT) {
            events.add(n);
        }
    }

    /** The next end or last will, waiting up to {@code millis}; null when none came. */
    public Note nextEvent(long millis) throws InterruptedException {
        return events.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** When a peer last told its progress (System.nanoTime). */
    long lastProgressNanos() {
        return lastProgressNanos;
    }

    /** Whether the peer's end so far is NOTIFY_SUCCESS. */
    public boolean succeeded(String peerId) {
        Note end = ends.get(peerId);
        return end != null && end.command() == Command.NOTIFY_SUCCESS;
    }

    public boolean ended(String peerId) {
        return ends.containsKey(peerId);
    }

    boolean endedAll(List<PeerAssignment.Assignment> of) {
        return of.stream().allMatch(a -> ended(a.peer().id()));
    }

    /** How many peers ended well (NOTIFY_SUCCESS). */
    int succeeded() {
        return (int) ends.values().stream().filter(e -> e.command() == Command.NOTIFY_SUCCESS).count();
    }
}
