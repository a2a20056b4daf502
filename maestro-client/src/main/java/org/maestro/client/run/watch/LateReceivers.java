package org.maestro.client.run.watch;

import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.SafeText;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.client.run.Console;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.stop.PeerStops;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * The receivers whose route sets {@code receiverStartAfter}: started by the watch of the load that long after the
 * senders, so that the SUT holds a backlog for them to drain (the summary's {@code drains}). A receiver still waiting
 * when the senders have ended starts then: it has the whole backlog to drain, and must not be stopped unstarted.
 */
public final class LateReceivers {
    private final ControlClient client;
    private final Console console;
    private final PeerStops stops;
    private final List<PeerAssignment.Assignment> waiting;

    public LateReceivers(ControlClient client, Console console, PeerStops stops, PeerAssignment assignment) {
        this.client = client;
        this.console = console;
        this.stops = stops;
        this.waiting = new ArrayList<>(assignment.lateReceivers());
    }

    /**
     * Starts those due {@code sinceLoadStartNanos} into the load, or all of them once the load has ended.
     */
    void startDue(long sinceLoadStartNanos, boolean loadEnded) throws TestCannotRun, TransportException, InterruptedException {
        if (waiting.isEmpty()) {
            return;
        }
        long sinceMillis = TimeUnit.NANOSECONDS.toMillis(sinceLoadStartNanos);
        List<PeerAssignment.Assignment> due = waiting.stream()
                .filter(a -> loadEnded || PeerAssignment.startAfterMillis(a) <= sinceMillis).toList();
        if (due.isEmpty()) {
            return;
        }
        waiting.removeAll(due);
        List<PeerInfo> peers = PeerAssignment.peersOf(due);
        stops.starting(peers);
        RemotePeer.requireEach(client, RemotePeer.each(peers, p -> new Payload.StartReceiver()), RemotePeer.REQUEST_TIMEOUT);
        for (PeerAssignment.Assignment a : due) {
            // When it actually started, against the senders' own start, is the summary's drain figure.
            console.line("%s started (receiverStartAfter %.1f s)%s", SafeText.of(a.peer().name()),
                    PeerAssignment.startAfterMillis(a) / 1e3, loadEnded ? ", as the senders ended" : "");
        }
    }
}
