package org.maestro.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.HdrHistogram.Histogram;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.results.reduce.PeerReduction;
import org.maestro.results.reduce.RunReduction;
import org.maestro.results.reduce.WarmupBoundary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which clock each latency figure of a run was taken on (summary.json's {@code latencyClocks}), and, where receivers
 * sent messages back ({@link LatencyMode} round trip), what the round trips measured and the clock offset the load
 * itself implies per pair of hosts. Computed once by {@link #of}; every surface shows these.
 *
 * @param oneWayClock    the clock of the one-way figures (response and service time): {@link LatencyMode#ONE_WAY_CLOCK}
 * @param roundTripClock {@link LatencyMode#ROUND_TRIP_CLOCK}; null when no round trip ran
 * @param sampling       which messages were sent back, e.g. "round-trip, 1 in 10 messages"; null when none
 * @param roundTrip      every sender's round trips after warm-up, merged; null when none was measured
 * @param halfRoundTrip  each of its percentiles halved: the one-way latency a symmetric path implies, on one clock
 * @param loadOffsets    per pair of hosts that ran both: one way against half the round trip
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LatencyClocks(String oneWayClock, String roundTripClock, String sampling, Summary.Latency roundTrip,
                            Summary.Latency halfRoundTrip, List<LoadOffset> loadOffsets) {

    public LatencyClocks {
        loadOffsets = loadOffsets == null ? List.of() : loadOffsets;
    }

    /**
     * The clock offset between a sender's host and a receiver's host that the load implies: the receivers' one-way p50
     * (service time: arrival on the receiver's clock minus the actual send on the sender's) less half the senders' round
     * trip p50 (on the sender's clock alone). On a path as fast both ways this is the receiver's clock minus the
     * sender's; beside it the same difference as the PINGs before the test estimated it.
     *
     * @param route                  the route (its group; "" for a run of one)
     * @param senderHost             the senders' host
     * @param receiverHost           the receivers' host
     * @param senders                the route's senders on senderHost
     * @param receivers              the route's receivers on receiverHost (their one way covers every sender of the route)
     * @param oneWayP50Millis        the receivers' service time p50, two clocks
     * @param halfRoundTripP50Millis half the senders' round trip p50, the sender's clock
     * @param loadOffsetMillis       the first less the second
     * @param pingOffsetMillis       the receiver host's PING offset less the sender host's (0 on one clock); null when unknown
     * @param pingUncertaintyMillis  the sum of their uncertainties; null with the offset
     */
    public record LoadOffset(String route, String senderHost, String receiverHost, List<String> senders, List<String> receivers,
                             double oneWayP50Millis, double halfRoundTripP50Millis, double loadOffsetMillis,
                             Double pingOffsetMillis, Double pingUncertaintyMillis) {
    }

    /**
     * The run's latency clocks from its reduction.
     *
     * @param hosts    where each peer ran and its clock against the client's (summary.json's peerHosts)
     * @param sampling the round-trip modes the routes ran (empty: none), as {@link LatencyMode#toString()} names them
     */
    public static LatencyClocks of(RunReduction reduction, List<PeerHost> hosts, List<LatencyMode> sampling) {
        Histogram all = reduction.measured(PeerFiles.LATENCY_ROUND_TRIP_HLOG);
        List<String> modes = sampling.stream().filter(LatencyMode::roundTrip).map(LatencyMode::toString).distinct().toList();
        if (modes.isEmpty() && all.getTotalCount() == 0) {
            return new LatencyClocks(LatencyMode.ONE_WAY_CLOCK, null, null, null, null, List.of());
        }
        return new LatencyClocks(LatencyMode.ONE_WAY_CLOCK, LatencyMode.ROUND_TRIP_CLOCK, modes.isEmpty() ? null : String.join("; ", modes),
                Summary.Latency.of(all), half(Summary.Latency.of(all)), loadOffsets(reduction, hosts));
    }

    /** Each percentile of {@code l} halved; null for null. */
    static Summary.Latency half(Summary.Latency l) {
        return l == null ? null : new Summary.Latency(l.count(), l.p50() / 2, l.p90() / 2, l.p99() / 2, l.p999() / 2, l.max() / 2);
    }

    private static List<LoadOffset> loadOffsets(RunReduction reduction, List<PeerHost> hosts) {
        Map<String, PeerHost> byPeer = new LinkedHashMap<>();
        hosts.forEach(h -> byPeer.put(h.peer(), h));
        // route -> sender host -> senders, and route -> receiver host -> receivers, in the frame's order
        Map<String, Map<String, List<PeerReduction>>> senders = new LinkedHashMap<>();
        Map<String, Map<String, List<PeerReduction>>> receivers = new LinkedHashMap<>();
        for (WarmupBoundary.Worker w : reduction.workers(x -> true)) {
            String route = Objects.requireNonNullElse(w.route(), "");
            String host = byPeer.containsKey(w.name()) ? byPeer.get(w.name()).hostName() : "";
            (w.sender() ? senders : receivers).computeIfAbsent(route, r -> new LinkedHashMap<>())
                    .computeIfAbsent(host, h -> new ArrayList<>()).add(reduction.peer(w.name()));
        }
        List<LoadOffset> out = new ArrayList<>();
        senders.forEach((route, senderHosts) -> senderHosts.forEach((senderHost, s) ->
                receivers.getOrDefault(route, Map.of()).forEach((receiverHost, r) -> {
                    Histogram roundTrip = merged(s, PeerFiles.LATENCY_ROUND_TRIP_HLOG);
                    Histogram oneWay = merged(r, PeerFiles.LATENCY_SERVICE_HLOG);
                    if (roundTrip.getTotalCount() == 0 || oneWay.getTotalCount() == 0) {
                        return;
                    }
                    double oneWayP50 = Summary.Latency.millis(oneWay.getValueAtPercentile(50));
                    double halfP50 = Summary.Latency.millis(roundTrip.getValueAtPercentile(50)) / 2;
                    PeerHost sh = byPeer.get(s.get(0).name());
                    PeerHost rh = byPeer.get(r.get(0).name());
                    Double ping = offset(rh) == null || offset(sh) == null ? null : offset(rh) - offset(sh);
                    out.add(new LoadOffset(route, senderHost, receiverHost, names(s), names(r), oneWayP50, halfP50,
                            oneWayP50 - halfP50, ping, ping == null ? null : uncertainty(rh) + uncertainty(sh)));
                })));
        return out;
    }

    private static Histogram merged(List<PeerReduction> peers, String file) {
        Histogram sum = new Histogram(3);
        peers.forEach(p -> sum.add(p.measured(file)));
        return sum;
    }

    private static List<String> names(List<PeerReduction> peers) {
        return peers.stream().map(PeerReduction::name).toList();
    }

    /** A peer's clock against the client's ({@link PeerHost#offsetMillis}); null when unknown. */
    private static Double offset(PeerHost h) {
        return h == null ? null : h.offsetMillis();
    }

    private static double uncertainty(PeerHost h) {
        return h.sameClock() != null || h.clockOffsetUncertaintyMillis() == null ? 0 : h.clockOffsetUncertaintyMillis();
    }
}
