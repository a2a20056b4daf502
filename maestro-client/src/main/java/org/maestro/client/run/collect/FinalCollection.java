package org.maestro.client.run.collect;

import org.maestro.client.control.ControlClient;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Stats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.maestro.client.run.Console;
import org.maestro.client.run.ControlPlaneTimes;
import org.maestro.client.run.watch.ControlPlaneWatch;
import org.maestro.client.run.LongWait;
import org.maestro.client.run.stop.PeerStops;
import org.maestro.client.run.RemotePeer;

/**
 * What the client takes from the peers once their test is over: each peer's final figures (STATS) and its files,
 * or why they are missing. A peer's address and files are asked for over the control plane, so a peer that never
 * came back to it, or a control broker that stayed away, leaves that peer's data missing, saying why.
 *
 * @param finalStats  each peer's final figures, by peer id
 * @param dataMissing why a peer's files could not be collected, by peer id
 */
public record FinalCollection(Map<String, Stats> finalStats, Map<String, String> dataMissing) {

    public static FinalCollection of(ControlClient client, List<PeerInfo> peers, String testId, Path runDir, ControlPlaneWatch controlPlane,
                              PeerStops stops, ControlPlaneTimes times, Console console) throws InterruptedException {
        Map<String, Stats> finalStats = new LinkedHashMap<>();
        Map<String, String> dataMissing = new LinkedHashMap<>();
        boolean withoutBroker = client.unreachableSince() != null;
        String unreachable = controlPlane.awaitBroker();
        if (unreachable == null && withoutBroker) {
            // The peers ran on while the client was without the broker: stop them before their files are taken, asking
            // again while they reconnect (an ordinary request's time: it ends as soon as every one answered).
            stops.stopRemaining(peers, RemotePeer.REQUEST_TIMEOUT);
        }
        List<PeerInfo> askable = stillThere(peers, unreachable, controlPlane::neverBack, dataMissing);
        times.start();
        try (LongWait w = LongWait.on(console, "the final figures of " + askable.size() + " peer(s) (STATS)")) {
            RemotePeer.statsEach(client, askable, Duration.ofSeconds(3)).forEach((p, s) -> finalStats.put(p.id(), s));
        } catch (TransportException e) {
            console.line("cannot ask the peers for their figures: %s", e.getMessage());
        }
        times.end("STATS");
        // A peer whose last will came while its figures were asked for (killed just after it reported success) would
        // hold the collection for a whole request timeout: it is named as gone instead.
        askable = stillThere(askable, null, controlPlane::goneNow, dataMissing);
        try (LongWait w = LongWait.on(console, "the files of " + askable.size() + " peer(s) (collection)")) {
            dataMissing.putAll(Collector.collectAll(client, askable, testId, runDir, console));
        }
        times.end("collect");
        console.line(times.line(peers.size()));
        return new FinalCollection(finalStats, dataMissing);
    }

    /** The peers that can be asked: the broker is there ({@code unreachable} null) and {@code gone} gives no reason. */
    private static List<PeerInfo> stillThere(List<PeerInfo> peers, String unreachable, Function<PeerInfo, String> gone,
                                             Map<String, String> dataMissing) {
        List<PeerInfo> askable = new ArrayList<>();
        for (PeerInfo p : peers) {
            String cannotAsk = unreachable != null ? unreachable : gone.apply(p);
            if (cannotAsk != null) {
                dataMissing.put(p.id(), cannotAsk);
            } else {
                askable.add(p);
            }
        }
        return askable;
    }
}
