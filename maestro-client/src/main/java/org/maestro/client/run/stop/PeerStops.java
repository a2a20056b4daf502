package org.maestro.client.run.stop;

import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.util.SafeText;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.maestro.client.run.Console;
import org.maestro.client.run.watch.ControlPlaneWatch;
import org.maestro.client.run.LongWait;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.watch.PeerReports;
import org.maestro.client.run.RemotePeer;

/**
 * Stopping the peers of a test that does not end on its own: after an error, whatever still runs (best effort, so
 * the peers are free for the next test); after Ctrl-C, every peer a START reached, in order, with time to end.
 */
public final class PeerStops {
    /** How long interrupted peers have to end (a receiver drains until quiet) before their files are collected. */
    private static final long INTERRUPTED_END_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ControlClient client;
    private final Console console;
    private final PeerReports reports;
    private final ControlPlaneWatch controlPlane;
    /** The peers a START reached: those an interruption must stop and wait for. */
    private final Set<String> started = ConcurrentHashMap.newKeySet();

    public PeerStops(ControlClient client, Console console, PeerReports reports, ControlPlaneWatch controlPlane) {
        this.client = client;
        this.console = console;
        this.reports = reports;
        this.controlPlane = controlPlane;
    }

    /** About to ask these peers to START: counted as started once asked, since an interrupted START may have reached one. */
    public void starting(List<PeerInfo> peers) {
        peers.forEach(p -> started.add(p.id()));
    }

    /** Whether any peer was asked to START: before that, the test has nothing to stop, collect or measure. */
    public boolean anyStarted() {
        return !started.isEmpty();
    }

    /**
     * Best effort: stop whatever still runs, so the peers are free for the next test. Without the control broker
     * the requests wait in the client's buffer and go out when it is back.
     */
    public void stopRemaining(List<PeerInfo> peers) {
        stopRemaining(peers, client.unreachableSince() == null ? Duration.ofSeconds(2) : Duration.ofMillis(1));
    }

    /**
     * {@link #stopRemaining(List)}, sending STOP again for up to {@code wait} to a peer that has not answered: after the
     * control broker came back the peers reconnect by themselves a few seconds after the client, and a STOP sent only
     * before that left them running the test (their files then taken from a test still running, the next test refused).
     */
    public void stopRemaining(List<PeerInfo> peers, Duration wait) {
        // One that left the control plane would not hear it.
        List<PeerInfo> running = peers.stream()
                .filter(p -> !reports.ended(p.id()) && p.role() != Role.AGENT && !controlPlane.isAway(p.id())).toList();
        try {
            RemotePeer.askEach(client, RemotePeer.each(running, RemotePeer::stopOf), wait);
        } catch (Exception e) {
            // best effort: the broker may be the one that is gone
        }
    }

    /**
     * Ends an interrupted test in order: STOP to every peer still running (senders first, so the receivers get what
     * was sent), then a few seconds for them to end and close their files.
     */
    public void interrupted(PeerAssignment assignment) throws InterruptedException {
        List<PeerAssignment.Assignment> order = new ArrayList<>(assignment.senders());
        order.addAll(assignment.receivers());
        order.addAll(assignment.inspectors());
        List<PeerAssignment.Assignment> running = order.stream()
                .filter(a -> started.contains(a.peer().id()) && !reports.ended(a.peer().id())).toList();
        if (running.isEmpty()) {
            console.line("no peer was started: nothing to stop");
            return;
        }
        console.line("stopping %s", Console.names(running.stream().map(a -> SafeText.of(a.peer().name())).toList()));
        // Senders first, so the receivers get what was sent; each role at once.
        for (List<PeerAssignment.Assignment> role : List.of(assignment.senders(), assignment.receivers(), assignment.inspectors())) {
            List<PeerInfo> toStop = PeerAssignment.peersOf(role.stream().filter(running::contains).toList());
            try {
                RemotePeer.askEach(client, RemotePeer.each(toStop, RemotePeer::stopOf), Duration.ofSeconds(2))
                        .forEach(problem -> console.line("could not stop: %s", problem));
            } catch (TransportException e) {
                console.line("could not stop %s: %s", Console.names(toStop.stream().map(PeerInfo::name).toList()), e.getMessage());
            }
        }
        // The receivers drain until quiet; a peer that does not end in time is collected as it is.
        long deadline = System.nanoTime() + INTERRUPTED_END_NANOS;
        try (LongWait w = LongWait.on(console, "the " + running.size() + " stopped peer(s) to end (receivers drain until quiet; at most "
                + TimeUnit.NANOSECONDS.toSeconds(INTERRUPTED_END_NANOS) + " s)")) {
            while (running.stream().anyMatch(a -> !reports.ended(a.peer().id())) && System.nanoTime() < deadline) {
                Note n = reports.nextEvent(100);
                if (n != null && (n.payload() instanceof Payload.NotifySuccess || n.payload() instanceof Payload.NotifyFail)) {
                    reports.ends.putIfAbsent(n.senderId(), n);
                }
            }
        }
        running.stream().filter(a -> !reports.ended(a.peer().id()))
                .forEach(a -> console.line("%s did not end within %d s of STOP", a.peer().describe(),
                        TimeUnit.NANOSECONDS.toSeconds(INTERRUPTED_END_NANOS)));
        console.line("collecting what the peers wrote...");
    }
}
