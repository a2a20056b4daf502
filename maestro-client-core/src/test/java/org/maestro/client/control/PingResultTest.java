package org.maestro.client.control;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The NTP-style offset estimate with fixed timestamps. */
class PingResultTest {
    private static final PeerInfo PEER = new PeerInfo("p1", "sender-1", "load-1", Role.SENDER, "");
    private static final long T0 = 1_795_000_000_000_000L;

    @Test
    void aPeerAheadOfTheClientHasAPositiveOffset() {
        // Sent at T0, answered 400 us later; the peer read its clock half-way (T0 + 200 us), and it was 3 ms ahead.
        PingResult r = PingResult.of(PEER, T0, 400, T0 + 200 + 3_000);
        assertEquals(3_000, r.clockOffsetMicros());
        assertEquals(400, r.roundTripMicros());
        assertEquals(PEER, r.peer());
    }

    @Test
    void aPeerBehindHasANegativeOffsetAndTheSameClockHasNone() {
        assertEquals(-1_500, PingResult.of(PEER, T0, 1_000, T0 + 500 - 1_500).clockOffsetMicros());
        assertEquals(0, PingResult.of(PEER, T0, 1_000, T0 + 500).clockOffsetMicros());
    }

    @Test
    void unequalLegsErrAtMostHalfTheRoundTrip() {
        // Same clock, but the answer was written at once (all the delay on the way back): the estimate is off by rtt/2.
        PingResult r = PingResult.of(PEER, T0, 800, T0);
        assertEquals(-400, r.clockOffsetMicros());
        assertTrue(Math.abs(r.clockOffsetMicros()) <= r.roundTripMicros() / 2);
    }

    @Test
    void theBestOfSeveralIsTheShortestRoundTrip() {
        List<PingResult> pings = List.of(PingResult.of(PEER, T0, 5_000, T0 + 4_000), PingResult.of(PEER, T0 + 10_000, 300, T0 + 10_150 + 20),
                PingResult.of(PEER, T0 + 20_000, 900, T0 + 20_000));
        PingResult best = PingResult.best(pings).orElseThrow();
        assertEquals(300, best.roundTripMicros());
        assertEquals(20, best.clockOffsetMicros());
        assertTrue(PingResult.best(List.of()).isEmpty());
    }

    /** The offset is good to half the round trip; a peer on this process's or this host's clock is not estimated. */
    @Test
    void anOffsetCarriesItsUncertaintyAndAPeerOnTheClientsClockSaysSo() {
        PingResult remote = PingResult.of(new org.maestro.common.note.Payload.PingReply(PEER, T0, T0 + 3_110 + 1_064,
                new org.maestro.common.note.ClockSource("another-boot", "7-aa")), 6_220);
        assertEquals(1_064, remote.clockOffsetMicros());
        assertEquals(3_110, remote.clockUncertaintyMicros());
        assertEquals(null, remote.sharedClock());
        assertEquals("clock offset +1.064 ± 3.110 ms", remote.clockText());
        PingResult local = PingResult.of(new org.maestro.common.note.Payload.PingReply(PEER, T0, T0 + 3_110 + 1_064,
                org.maestro.common.note.ClockSource.local()), 6_220);
        assertEquals("same clock as the client: same process", local.clockText());
        assertEquals(org.maestro.common.note.ClockSource.UNKNOWN, PingResult.of(PEER, T0, 10, T0).clock());
    }
}
