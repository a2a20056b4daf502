package org.maestro.client.run.start;

import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Clocks;
import org.maestro.client.run.discover.ProbedHost;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The one instant every sender's and receiver's schedule begins at: far enough ahead on the client's clock for one
 * START round to reach every peer, and told to each peer on its own clock (the instant plus the offset measured before
 * the test, {@link ProbedHost.Clock#offsetMillis}), so that peers on hosts whose clocks differ still begin
 * together. Each peer writes when it actually began (test.json); the start skew is computed from that.
 *
 * @param instantMicros the instant on the client's clock, epoch microseconds
 * @param leadMicros    how far ahead of the moment it was chosen
 */
record CommonStart(long instantMicros, long leadMicros) {
    /** The least lead: a START round to a few peers on a quiet host. */
    static final long MIN_LEAD_MICROS = 200_000;

    /**
     * How many SET rounds a START round may take: START is one note to each peer and its answer, as SET is, but each peer
     * also opens its files and threads before it answers. On a 2-core host at a load of 20-40, 20 peers' START round
     * took 0.75-4.3 times their SET round; with twice it, they began up to 1.25 s apart.
     */
    static final int SET_ROUNDS = 5;

    /**
     * An instant ahead of now by the least lead plus {@link #SET_ROUNDS} times the SET round just measured (it grows
     * with the peers and with the host's load) plus twice the slowest PING round trip measured before the test (the
     * farthest peer).
     *
     * @param setRoundNanos how long the SET of every peer took
     */
    static CommonStart ahead(List<ProbedHost> hosts, long setRoundNanos) {
        double slowestRoundTripMillis = hosts.stream().map(h -> h.clock().roundTripMillis()).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().orElse(0);
        long lead = MIN_LEAD_MICROS + SET_ROUNDS * setRoundNanos / 1_000 + Math.round(2 * slowestRoundTripMillis * 1000);
        return new CommonStart(Clocks.epochMicros() + lead, lead);
    }

    /** The START of each peer (by its role), naming the instant on that peer's clock. */
    Map<PeerInfo, Payload> requests(List<PeerInfo> peers, List<ProbedHost> hosts) {
        return requests(peers, hosts, p -> 0);
    }

    /**
     * The START of each peer (by its role), naming the instant on that peer's clock plus {@code laterMicros} of it (a
     * route's {@code senderStartAfter}): the peer's schedule begins then, and its lateness counts from then.
     */
    Map<PeerInfo, Payload> requests(List<PeerInfo> peers, List<ProbedHost> hosts,
                                    ToLongFunction<PeerInfo> laterMicros) {
        Map<PeerInfo, Payload> out = new LinkedHashMap<>();
        for (PeerInfo p : peers) {
            long at = onClockOf(p, hosts) + laterMicros.applyAsLong(p);
            out.put(p, switch (p.role()) {
                case SENDER -> new Payload.StartSender(at);
                case RECEIVER -> new Payload.StartReceiver(at);
                default -> throw new IllegalStateException(p.describe() + " is not a sender or a receiver");
            });
        }
        return out;
    }

    /** The instant on {@code peer}'s clock: offset = peer's clock - client's; none measured (same clock, no answer) is 0. */
    long onClockOf(PeerInfo peer, List<ProbedHost> hosts) {
        Double offsetMillis = hosts.stream().filter(h -> h.peer().equals(peer.name())).findFirst()
                .map(h -> h.clock().offsetMillis()).orElse(null);
        return instantMicros + (offsetMillis == null ? 0 : Math.round(offsetMillis * 1000));
    }

    /** Sleeps until the instant, so that the watch's clock starts with the load. */
    void await() throws InterruptedException {
        long leftMicros = instantMicros - Clocks.epochMicros();
        if (leftMicros > 0) {
            Thread.sleep(leftMicros / 1000, (int) (leftMicros % 1000) * 1000);
        }
    }
}
