package org.maestro.client.control;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.util.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** A request waiting for its answers. */
final class PendingRequest {
    private static final Logger LOG = LoggerFactory.getLogger(PendingRequest.class);

    final Command command;
    final Map<String, Note> answers = new LinkedHashMap<>();
    final Map<String, Long> arrivalNanos = new LinkedHashMap<>();
    /** When the request was first sent, on the monotonic clock: each peer's round trip counts from its own send. */
    volatile long sentNanos;
    /** The peers asked; null for a discovery, which takes whoever answers. */
    final Set<String> expectedIds;

    PendingRequest(Command command, Collection<String> expectedIds) {
        this.command = command;
        this.expectedIds = expectedIds == null ? null : Set.copyOf(expectedIds);
    }

    /**
     * Counts a peer's first answer only, and only from a peer that was asked: a request sent to a role or to
     * all may reach idle peers too, and a redelivered reply (QoS 1 is at least once) is the same answer.
     */
    long lastArrivalNanos = System.nanoTime();

    synchronized void add(Note note) {
        if (expectedIds != null && !expectedIds.contains(note.senderId())) {
            LOG.debug("ignoring the answer of {}, which was not asked", SafeText.of(note.senderId()));
            return;
        }
        answers.putIfAbsent(note.senderId(), note);
        lastArrivalNanos = System.nanoTime();
        arrivalNanos.putIfAbsent(note.senderId(), lastArrivalNanos);
        notifyAll();
    }

    /** Stop waiting when the one peer asked leaves the control plane (its last will arrives). */
    volatile boolean untilGone;
    /** Its peer left: it cannot answer. */
    private boolean gone;

    synchronized boolean complete() {
        return gone || expectedIds != null && answers.keySet().containsAll(expectedIds);
    }

    synchronized void peerGone() {
        gone = true;
        notifyAll();
    }

    /**
     * For a discovery: waits until the answers are {@code enough} and none came for {@code quietNanos}, or the
     * deadline passes.
     */
    synchronized void awaitQuiet(long deadlineNanos, long quietNanos, Predicate<Collection<Note>> enough)
            throws InterruptedException {
        long now;
        while ((now = System.nanoTime()) < deadlineNanos) {
            boolean ready = enough.test(answers.values());
            if (ready && now - lastArrivalNanos >= quietNanos) {
                return;
            }
            long wake = ready ? Math.min(deadlineNanos, lastArrivalNanos + quietNanos) : deadlineNanos;
            wait(Math.max(1, (wake - now) / 1_000_000), 0);
        }
    }

    /** Waits until every expected peer answered or the deadline passes. */
    synchronized void await(long deadlineNanos) throws InterruptedException {
        long left;
        while (!complete() && (left = deadlineNanos - System.nanoTime()) > 0) {
            wait(Math.max(1, left / 1_000_000), 0);
        }
    }
}
