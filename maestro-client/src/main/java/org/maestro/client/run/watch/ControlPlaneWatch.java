package org.maestro.client.run.watch;

import org.maestro.results.Summary;
import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Passwords;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.maestro.client.run.Console;
import org.maestro.client.run.judge.SummaryBuilder;
import org.maestro.client.run.TestCannotRun;

/**
 * The control plane's blinks during one test, as the client sees them. The load does not need the control plane, so
 * a peer whose last will arrives, or the control broker itself, may be away for up to the grace period: the absence
 * is an {@link Summary.Interruption}. A peer away longer fails the test, naming it; the broker away longer ends it
 * saying the broker is unreachable and since when. A peer is back once it is heard from again (any note but its
 * will, or an answer to PING, for the peers that send no progress).
 */
public final class ControlPlaneWatch {
    /** When each peer's last will last arrived (System.nanoTime), by peer id. */
    private final Map<String, Long> willNanos = new ConcurrentHashMap<>();
    private final ControlClient client;
    private final Console console;
    private final Duration grace;
    /** When each peer was last heard from, by peer id; written by the MQTT thread. */
    private final Map<String, Long> lastHeardNanos = new ConcurrentHashMap<>();
    /** The peers whose last will arrived and that have not been heard from since, by peer id. */
    private final Map<String, Away> away = new LinkedHashMap<>();
    private final List<Summary.Interruption> interruptions = new ArrayList<>();
    /** Since when the client has been without the control broker; null while connected. */
    private Away brokerAway;
    private volatile long brokerBackNanos;

    public ControlPlaneWatch(ControlClient client, Console console, Duration grace) {
        this.client = client;
        this.console = console;
        this.grace = grace;
    }

    /** A note other than its last will arrived from this peer (called on the MQTT thread). */
    void heard(String peerId) {
        lastHeardNanos.put(peerId, System.nanoTime());
    }

    /** A peer's last will arrived, during the test or after it (called on the MQTT thread). */
    void willArrived(String peerId) {
        willNanos.put(peerId, System.nanoTime());
    }

    /**
     * Why a peer cannot be asked for its files now: it never came back after dropping off during the test, or its last
     * will came since (after the watch: killed once it reported success) and nothing from it since; null otherwise.
     */
    public String goneNow(PeerInfo p) {
        String never = neverBack(p);
        if (never != null) {
            return never;
        }
        Long will = willNanos.get(p.id());
        Long heard = lastHeardNanos.get(p.id());
        return will != null && (heard == null || heard < will) ? "it left the control plane (its last will arrived) and did"
                + " not come back, so it could not be asked for its files" : null;
    }

    /** A peer's last will arrived: it has the grace period to come back, or the test cannot go on. */
    void dropped(PeerInfo who) throws TestCannotRun {
        String what = who.describe() + " disconnected abnormally during the test (crashed or unreachable)";
        if (grace.isZero()) {
            throw new TestCannotRun(what);
        }
        if (away.putIfAbsent(who.id(), Away.now()) == null) {
            console.line("%s; waiting up to %d s for it to come back", what, grace.toSeconds());
        }
    }

    public boolean isAway(String peerId) {
        return away.containsKey(peerId);
    }

    private boolean heardSinceLeaving(String peerId) {
        Away gone = away.get(peerId);
        Long heard = lastHeardNanos.get(peerId);
        return gone != null && heard != null && heard > gone.sinceNanos();
    }

    /** Whether a peer or the broker is still away (and within its grace). */
    boolean anyAway() {
        return !away.isEmpty() || brokerAway != null;
    }

    /** When the control broker last came back (System.nanoTime), 0 if it never left: silence before then was not the peers'. */
    long brokerBackNanos() {
        return brokerBackNanos;
    }

    /**
     * Follows the client's own connection to the broker, then each peer that dropped off. Returns whether the client is
     * connected (when it is not, no peer can be heard: silence is no sign).
     */
    boolean check(List<PeerInfo> peers) throws TestCannotRun, TransportException, InterruptedException {
        Instant lostAt = client.unreachableSince();
        if (lostAt != null) {
            if (brokerAway == null) {
                brokerAway = Away.since(lostAt);
                console.line("the control broker at %s is unreachable since %s; waiting up to %d s for it to come back",
                        brokerName(), lostAt, grace.toSeconds());
            }
            if (brokerAway.longerThan(grace)) {
                throw new TestCannotRun(brokerUnreachable(lostAt));
            }
            return false;
        }
        brokerBack();
        if (away.isEmpty()) {
            return true;
        }
        // Those not heard from since they left are pinged all at once: a host of fifty peers may have dropped off.
        List<PeerInfo> silent = peers.stream().filter(p -> away.containsKey(p.id()) && !heardSinceLeaving(p.id())).toList();
        Set<PeerInfo> answered = silent.isEmpty() ? Set.of()
                : client.pingEach(silent, Duration.ofMillis(250)).keySet();
        for (PeerInfo p : peers) {
            Away gone = away.get(p.id());
            if (gone == null) {
                continue;
            }
            if (heardSinceLeaving(p.id()) || answered.contains(p)) {
                away.remove(p.id());
                interruptions.add(gone.until(SummaryBuilder.named(p)));
                console.line("%s is back on the control broker after %.1f s", p.describe(), gone.millis() / 1000.0);
            } else if (gone.longerThan(grace)) {
                throw new TestCannotRun(p.describe() + " disconnected abnormally during the test (crashed or unreachable)"
                        + " and did not come back within " + grace.toSeconds() + " s");
            }
        }
        return true;
    }

    /**
     * After the test: without the control broker no peer can be asked for its files, so wait for it up to the grace
     * period. Returns why the peers cannot be asked, or null when the broker is there.
     */
    public String awaitBroker() throws InterruptedException {
        Instant lostAt = client.unreachableSince();
        if (lostAt == null) {
            return null;
        }
        console.line("the control broker at %s is unreachable since %s; waiting up to %d s for it, to collect the peers' files",
                brokerName(), lostAt, grace.toSeconds());
        long deadline = System.nanoTime() + grace.toNanos();
        while (client.unreachableSince() != null && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        if (client.unreachableSince() != null) {
            return brokerUnreachable(lostAt) + ", so it could not be asked for its files";
        }
        if (brokerAway == null) {
            brokerAway = Away.since(lostAt);
        }
        brokerBack();
        return null;
    }

    /** Why a peer that left and never came back could not be asked for its data; null for the others. */
    public String neverBack(PeerInfo p) {
        Away gone = away.get(p.id());
        // Heard since (a frozen peer thawed after its will): back, whether or not the watch loop saw it.
        return gone == null || heardSinceLeaving(p.id()) ? null : "it dropped off the control broker at " + gone.since() + " and did not come back,"
                + " so it could not be asked for its files";
    }

    /** Every interruption of the run; those still going on when it ended have no end. */
    public List<Summary.Interruption> interruptions(List<PeerInfo> peers) {
        List<Summary.Interruption> all = new ArrayList<>(interruptions);
        if (brokerAway != null) {
            all.add(brokerAway.untilNever("control broker " + brokerName()));
        }
        for (PeerInfo p : peers) {
            if (away.containsKey(p.id())) {
                all.add(away.get(p.id()).untilNever(SummaryBuilder.named(p)));
            }
        }
        return all;
    }

    private void brokerBack() {
        if (brokerAway != null) {
            interruptions.add(brokerAway.until("control broker " + brokerName()));
            console.line("the control broker at %s is back after %.1f s", brokerName(), brokerAway.millis() / 1000.0);
            brokerAway = null;
            brokerBackNanos = System.nanoTime();
        }
    }

    private String brokerName() {
        return Passwords.redact(client.broker().toString());
    }

    private String brokerUnreachable(Instant since) {
        return String.format(Locale.ROOT, "the control broker at %s is unreachable since %s (%d s)", brokerName(), since,
                Duration.between(since, Instant.now()).toSeconds());
    }

    /** Since when something has been away, on the wall clock (to report) and the monotonic one (to time). */
    private record Away(Instant since, long sinceNanos) {
        static Away now() {
            return new Away(Instant.now(), System.nanoTime());
        }

        /** Since {@code since}, which was a moment ago. */
        static Away since(Instant since) {
            return new Away(since, System.nanoTime() - Duration.between(since, Instant.now()).toNanos());
        }

        long millis() {
            return (System.nanoTime() - sinceNanos) / 1_000_000;
        }

        boolean longerThan(Duration grace) {
            return System.nanoTime() - sinceNanos > grace.toNanos();
        }

        Summary.Interruption until(String who) {
            return new Summary.Interruption(who, since.toString(), Instant.now().toString(), millis());
        }

        Summary.Interruption untilNever(String who) {
            return new Summary.Interruption(who, since.toString(), null, null);
        }
    }
}
