package org.maestro.client.run.watch;

import org.maestro.client.control.ControlClient;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Stats;
import org.maestro.common.util.SafeText;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.maestro.client.run.Console;
import org.maestro.client.run.ControlPlaneTimes;
import org.maestro.client.run.discover.PeerAssignment;
import org.maestro.client.run.RemotePeer;
import org.maestro.client.run.TestCannotRun;

/**
 * The watch of a running test: a progress line a second until every peer but the agent has ended; the receivers
 * stopped once the senders are done, and the inspectors once the receivers are. A NOTIFY_FAIL ends the test at once,
 * a last will gives its peer the control grace to come back, and a test whose peers send no progress for
 * {@link #SILENCE_LIMIT_NANOS} is stuck.
 */
public final class LoadWatch {
    /** A test whose peers send no progress for this long is stuck. */
    static final long SILENCE_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final ControlClient client;
    private final Console console;
    private final TestPlan plan;
    private final PeerAssignment assignment;
    private final List<PeerInfo> peers;
    private final PeerReports reports;
    private final ControlPlaneWatch controlPlane;
    private final ControlPlaneTimes times;
    private volatile long loadStartedNanos;
    private final LateReceivers lateReceivers;
    /** What the last progress line showed: the next waits (briefly) for newer notes rather than repeat a second. */
    private final ShownProgress shown = new ShownProgress();
    /** How often a line past its tick looks for the notes it waits for. */
    private static final long WAIT_FOR_NOTES_MILLIS = 20;

    public LoadWatch(ControlClient client, Console console, TestPlan plan, PeerAssignment assignment, PeerReports reports,
              ControlPlaneWatch controlPlane, ControlPlaneTimes times, LateReceivers lateReceivers) {
        this.lateReceivers = lateReceivers;
        this.client = client;
        this.console = console;
        this.plan = plan;
        this.assignment = assignment;
        this.peers = assignment.peers();
        this.reports = reports;
        this.controlPlane = controlPlane;
        this.times = times;
    }

    /** The load is over once every sender has ended. */
    public boolean loadEnded() {
        return reports.endedAll(assignment.senders());
    }

    /** "before the load started", or how far into it: "3.0 s into the load". */
    public String when() {
        return loadStartedNanos == 0 ? "before the load started"
                : String.format(Locale.ROOT, "%.1f s into the load", (System.nanoTime() - loadStartedNanos) / 1e9);
    }

    /** Watches the test from the start of the load until its peers have ended. */
    public void run() throws TestCannotRun, TransportException, InterruptedException {
        long started = System.nanoTime();
        loadStartedNanos = started;
        long nextLine = started + TimeUnit.SECONDS.toNanos(1);
        boolean receiversStopped = false;
        boolean inspectorsStopped = false;
        // The agent does not end: it runs handlers until the load is over.
        int toEnd = peers.size() - assignment.agents().size();
        while (reports.ends.size() < toEnd) {
            // Past the tick, the line waits for the workers' next notes: poll for them a few times in its grace.
            long untilTick = nextLine - System.nanoTime();
            Note n = reports.nextEvent(untilTick > 0 ? Math.max(1, untilTick / 1_000_000) : WAIT_FOR_NOTES_MILLIS);
            if (n != null) {
                PeerInfo who = peers.stream().filter(p -> p.id().equals(n.senderId())).findFirst().orElseThrow();
                if (n.payload() instanceof Payload.AbnormalDisconnect) {
                    controlPlane.dropped(who);
                } else if (n.payload() instanceof Payload.NotifyFail f) {
                    boolean afterSuccess = reports.succeeded(who.id());
                    reports.ends.put(who.id(), n);
                    throw new TestCannotRun(who.describe() + " failed" + (afterSuccess ? " after it reported success" : "")
                            + ": " + SafeText.of(f.reason()));
                } else {
                    reports.ends.put(who.id(), n);
                    tellEnded(who, (Payload.NotifySuccess) n.payload());
                }
            }
            boolean connected = controlPlane.check(peers);
            lateReceivers.startDue(System.nanoTime() - started, loadEnded());
            // A peer away from the control plane cannot be told to stop: wait for it (or for the grace to end).
            if (loadEnded() && !receiversStopped && noneAway(assignment.receivers())) {
                times.start();
                stopEach(assignment.receivers());
                times.end("STOP");
                receiversStopped = true;
            }
            if (reports.endedAll(assignment.receivers()) && !inspectorsStopped && noneAway(assignment.inspectors())) {
                stopEach(assignment.inspectors());
                inspectorsStopped = true;
            }
            long now = System.nanoTime();
            if (shown.due(nextLine, now, peers, reports.latest, reports::ended)) {
                progressLine(now - started);
                // A loop held up for seconds (a loaded host) prints one line, not a burst of the seconds it missed.
                while (nextLine <= now) {
                    nextLine += TimeUnit.SECONDS.toNanos(1);
                }
            }
            if (connected && silentTooLong(now, reports.lastProgressNanos(), started, controlPlane.brokerBackNanos())) {
                throw new TestCannotRun("no progress from any peer for " + SILENCE_LIMIT_NANOS / 1_000_000_000L + " s");
            }
        }
        // The live view ends with each peer's final counts (its last progress, sent before its end), not the last tick's.
        progressLine(System.nanoTime() - started);
        // The agent (or an inspector) may still be away: it has the rest of its grace to come back.
        while (controlPlane.anyAway()) {
            Thread.sleep(200);
            controlPlane.check(peers);
        }
    }

    /**
     * Whether the peers have been silent for longer than {@link #SILENCE_LIMIT_NANOS} at {@code nowNanos}: since their
     * last progress, the load's start or the client's return to the broker, whichever came last. The peers cannot be
     * heard while the client itself is without the broker: that silence is not theirs. Nor can they before the load: a
     * peer's first progress comes a second after the instant, and SET and PREPARE of 100 peers at a load of 25-60 took
     * over 40 s, so silence counted from before them (the last progress is from before discovery until the first comes)
     * ended the run at START.
     */
    static boolean silentTooLong(long nowNanos, long lastProgressNanos, long loadStartedNanos, long brokerBackNanos) {
        return nowNanos - Math.max(Math.max(lastProgressNanos, loadStartedNanos), brokerBackNanos) > SILENCE_LIMIT_NANOS;
    }

    private void progressLine(long elapsedNanos) {
        // One snapshot for the line and for what it showed: a note may come in meanwhile.
        Map<String, Stats> latest = Map.copyOf(reports.latest);
        shown.shown(latest);
        console.line(ProgressLine.of(elapsedNanos / 1_000_000_000L, peers, latest, peers.size() - reports.ends.size()
                + reports.succeeded(), !plan.competingReceivers()));
    }

    private void stopEach(List<PeerAssignment.Assignment> to) throws TestCannotRun, TransportException, InterruptedException {
        RemotePeer.requireEach(client, RemotePeer.each(PeerAssignment.peersOf(to), RemotePeer::stopOf), RemotePeer.REQUEST_TIMEOUT);
    }

    /** A line per peer that ends; for many peers, one when the last of its role has ended. */
    private void tellEnded(PeerInfo who, Payload.NotifySuccess end) {
        if (Console.linePerPeer(peers.size())) {
            console.line("%s ended: %s", SafeText.of(who.name()), SafeText.of(end.detail()));
            return;
        }
        List<PeerInfo> role = peers.stream().filter(p -> p.role() == who.role()).toList();
        if (role.stream().allMatch(p -> reports.ended(p.id()))) {
            // Not a peer's own detail: a competing receiver's "lost" counts the others' messages.
            console.line("all %d %ss ended", role.size(), who.role().wireName());
        }
    }

    private boolean noneAway(List<PeerAssignment.Assignment> of) {
        return of.stream().noneMatch(a -> controlPlane.isAway(a.peer().id()));
    }
}
