package org.maestro.client.control;

import org.maestro.common.note.PeerInfo;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One peer's answer to PING.
 *
 * @param peer              who answered
 * @param roundTripMicros   time from sending the ping to reading the answer, by the client's monotonic clock
 * @param clockOffsetMicros the peer's wall clock minus the client's, assuming the answer was
 *                          written half-way through the round trip
 */
public record PingResult(PeerInfo peer, long roundTripMicros, long clockOffsetMicros) {

    /**
     * The NTP-style estimate from one exchange: the peer read its clock ({@code peerTimeMicros}) half-way through
     * the round trip, so its offset is {@code peerTime - (clientSend + roundTrip / 2)}; the error is at most half
     * the round trip (when the two legs were unequal).
     *
     * @param clientSendMicros the client's wall clock when it sent the PING (echoed in the reply)
     * @param roundTripMicros  send to answer, on the client's monotonic clock
     * @param peerTimeMicros   the peer's wall clock when it answered
     */
    public static PingResult of(PeerInfo peer, long clientSendMicros, long roundTripMicros, long peerTimeMicros) {
        return new PingResult(peer, roundTripMicros, peerTimeMicros - (clientSendMicros + roundTripMicros / 2));
    }

    /** Of several pings of one peer, the one with the shortest round trip: its offset has the smallest error bound. */
    public static Optional<PingResult> best(List<PingResult> pings) {
        return pings.stream().min(Comparator.comparingLong(PingResult::roundTripMicros));
    }
}
