package org.maestro.client.control;

import org.maestro.common.note.ClockSource;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One peer's answer to PING.
 *
 * @param peer              who answered
 * @param roundTripMicros   time from sending the ping to reading the answer, by the client's monotonic clock
 * @param clockOffsetMicros the peer's wall clock minus the client's, assuming the answer was
 *                          written half-way through the round trip
 * @param clock             which clock the peer reads ({@link ClockSource#UNKNOWN} when it did not say)
 */
public record PingResult(PeerInfo peer, long roundTripMicros, long clockOffsetMicros, ClockSource clock) {

    public PingResult {
        clock = clock == null ? ClockSource.UNKNOWN : clock;
    }

    /** A PING's answer, {@code roundTripMicros} after its own request was sent. */
    public static PingResult of(Payload.PingReply reply, long roundTripMicros) {
        PingResult r = of(reply.peer(), reply.clientTimeMicros(), roundTripMicros, reply.peerTimeMicros());
        return new PingResult(r.peer, r.roundTripMicros, r.clockOffsetMicros, reply.clock());
    }

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
        return new PingResult(peer, roundTripMicros, peerTimeMicros - (clientSendMicros + roundTripMicros / 2), ClockSource.UNKNOWN);
    }

    /**
     * How far off {@link #clockOffsetMicros} may be: half the round trip, the whole of it spent on one leg. (The figure
     * the clock check subtracts before it warns: an offset inside its own uncertainty is no evidence of a wrong clock.)
     */
    public long clockUncertaintyMicros() {
        return roundTripMicros / 2;
    }

    /**
     * Whether the peer reads this process's clock: {@link ClockSource#SAME_PROCESS} (a peer in this JVM), {@link
     * ClockSource#SAME_HOST} (another process on this kernel), or null when its offset has to be estimated.
     */
    public String sharedClock() {
        return ClockSource.local().sharedWith(clock);
    }

    /** "same clock as the client: same host", or "clock offset +1.064 ± 3.110 ms". */
    public String clockText() {
        String shared = sharedClock();
        return shared != null ? ClockSource.describeShared(shared) : String.format(Locale.ROOT,
                "clock offset %+.3f ± %.3f ms", clockOffsetMicros / 1000.0, clockUncertaintyMicros() / 1000.0);
    }

    /** Of several pings of one peer, the one with the shortest round trip: its offset has the smallest error bound. */
    public static Optional<PingResult> best(List<PingResult> pings) {
        return pings.stream().min(Comparator.comparingLong(PingResult::roundTripMicros));
    }
}
