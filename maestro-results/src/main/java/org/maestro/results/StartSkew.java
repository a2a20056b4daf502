package org.maestro.results;

import org.maestro.common.runfiles.TestJson;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How together the senders and receivers began at the test's common start instant, from each one's test.json
 * ({@link TestJson.StartInstant}: the instant and when it actually began, both on its own clock). A peer's lateness
 * needs no clock offset; the skew across peers puts each begin on the client's clock (less the offset measured before
 * the test), so it is known only to within the offsets' uncertainty, given beside it.
 */
public final class StartSkew {
    private StartSkew() {
    }

    /** A worker of the run: its name, role (wire name) and collected directory. */
    public record Worker(String name, String role, Path dir) {
    }

    /**
     * The start figures of the workers whose test.json names a start instant; null when none does (peers started at
     * once, or files of an earlier version).
     */
    public static Summary.StartSkew of(List<Worker> workers, List<PeerHost> hosts) throws IOException {
        Map<String, PeerHost> byPeer = hosts.stream().collect(Collectors.toMap(PeerHost::peer,
                Function.identity(), (a, b) -> a));
        List<Summary.PeerStart> peers = new ArrayList<>();
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        List<Double> uncertainties = new ArrayList<>();
        for (Worker w : workers) {
            TestJson.StartInstant start = TestJson.worker(w.dir()).map(TestJson.Worker::startInstant).orElse(null);
            if (start == null) {
                continue;
            }
            Long lateness = start.latenessMicros();
            peers.add(new Summary.PeerStart(w.name(), w.role(), lateness == null ? null : lateness / 1000.0));
            if (lateness == null) {
                continue;
            }
            PeerHost host = byPeer.get(w.name());
            // Each peer was told the common instant on its own clock (the instant plus its offset, plus a route's planned
            // senderStartAfter), so its begin on the client's clock less that plan is the instant plus its lateness:
            // the skew is the spread of the latenesses, planned delays left out.
            long begunOnClientClock = start.begunEpochMicros() - start.intendedEpochMicros();
            earliest = Math.min(earliest, begunOnClientClock);
            latest = Math.max(latest, begunOnClientClock);
            uncertainties.add(host == null || host.clockOffsetUncertaintyMillis() == null ? 0 : host.clockOffsetUncertaintyMillis());
        }
        if (peers.isEmpty()) {
            return null;
        }
        Summary.PeerStart latestPeer = peers.stream().filter(p -> p.latenessMillis() != null)
                .max(Comparator.comparingDouble(Summary.PeerStart::latenessMillis)).orElse(null);
        boolean anyBegan = latest != Long.MIN_VALUE;
        // Two begins on two clocks: each offset off by up to its uncertainty, the worst two together.
        double uncertainty = uncertainties.stream().sorted(Comparator.reverseOrder()).limit(2).mapToDouble(Double::doubleValue).sum();
        return new Summary.StartSkew(anyBegan ? (latest - earliest) / 1000.0 : null, anyBegan ? Math.round(uncertainty * 1000) / 1000.0 : null,
                latestPeer == null ? null : latestPeer.peer(), latestPeer == null ? null : latestPeer.latenessMillis(),
                (int) peers.stream().map(Summary.PeerStart::latenessMillis).filter(Objects::isNull).count(), peers);
    }

    /**
     * The console's line: "start skew 0.412 ms (± 0.000) across 20 peers; latest sender 'sender-3', 0.512 ms after the
     * instant".
     */
    public static String describe(Summary.StartSkew s) {
        if (s.skewMillis() == null) {
            return String.format(Locale.ROOT, "start skew unknown: none of the %d peer(s) began (stopped before the start instant)",
                    s.peers().size());
        }
        // Peers on the client's own clock have no offset to be unsure of: say so rather than print a zero.
        String uncertainty = s.uncertaintyMillis() == null || s.uncertaintyMillis() == 0 ? "(one clock: no offset uncertainty)"
                : String.format(Locale.ROOT, "(\u00b1 %.3f ms from the clock offsets)", s.uncertaintyMillis());
        return String.format(Locale.ROOT, "start skew %.3f ms %s across %d peer(s); latest %s, %.3f ms after the instant%s",
                s.skewMillis(), uncertainty, s.peers().size() - s.neverBegan(), s.latestPeer(), s.latestLatenessMillis(),
                s.neverBegan() == 0 ? "" : "; " + s.neverBegan() + " never began");
    }
}
