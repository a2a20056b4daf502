package org.maestro.client.run.collect;

import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.util.SafeText;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.client.run.Console;
import org.maestro.client.run.LongWait;
import org.maestro.client.run.watch.PeerReports;
import org.maestro.client.run.judge.SummaryBuilder;

/**
 * A peer that fails after it reported success, or while its files are collected, is named and makes the run an error:
 * never masked by its earlier success (as upstream Maestro's receivers were, maestro-java#101). After the collection,
 * the end and last-will notes that came since the watch are read, and every peer that ended well is asked once more
 * whether it is still there: a peer that crashed quietly answers nothing.
 */
public final class LateFailures {
    /** How long a peer that ended well has to answer the PING after the collection. */
    static final Duration STILL_THERE_TIMEOUT = Duration.ofSeconds(3);

    private LateFailures() {
    }

    /** One line per peer that failed after its success, naming it; empty when none did. */
    public static List<String> of(ControlClient client, PeerReports reports, List<PeerInfo> peers, Console console)
            throws InterruptedException {
        Set<String> named = new LinkedHashSet<>();
        List<String> failures = new ArrayList<>();
        for (Note n = reports.nextEvent(0); n != null; n = reports.nextEvent(0)) {
            PeerInfo who = peerOf(peers, n.senderId());
            if (who == null || !reports.succeeded(who.id())) {
                continue;
            }
            if (n.payload() instanceof Payload.NotifyFail f) {
                reports.ends.put(who.id(), n);
                failures.add(SummaryBuilder.named(who) + " failed after it reported success: " + SafeText.of(f.reason()));
                named.add(who.id());
            } else if (n.command() == Command.ABNORMAL_DISCONNECT && named.add(who.id())) {
                failures.add(SummaryBuilder.named(who) + " left the control plane after it reported success (crashed or"
                        + " unreachable while the files were collected)");
            }
        }
        List<PeerInfo> ask = peers.stream().filter(p -> p.role() != Role.AGENT && reports.succeeded(p.id())
                && !named.contains(p.id())).toList();
        if (!ask.isEmpty()) {
            try (LongWait w = LongWait.on(console, ask.size() + " peer(s) to say they are still there after the collection (PING)")) {
                Map<PeerInfo, PingResult> answered = client.pingEach(ask, STILL_THERE_TIMEOUT);
                ask.stream().filter(p -> !answered.containsKey(p)).forEach(p -> failures.add(SummaryBuilder.named(p)
                        + " did not answer after the collection (no PING reply in " + STILL_THERE_TIMEOUT.toSeconds()
                        + " s): it crashed or left after it reported success"));
            } catch (TransportException e) {
                console.line("cannot ask the peers whether they are still there: %s", e.getMessage());
            }
        }
        failures.forEach(f -> console.line("%s", f));
        return failures;
    }

    private static PeerInfo peerOf(List<PeerInfo> peers, String id) {
        return peers.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
    }
}
