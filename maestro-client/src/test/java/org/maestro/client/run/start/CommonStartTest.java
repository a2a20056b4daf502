package org.maestro.client.run.start;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.util.Clocks;
import org.maestro.client.run.discover.ProbedHost;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The common start instant: ahead by a lead that follows the SET round, and told to each peer on its own clock. */
class CommonStartTest {
    private static final PeerInfo SENDER = new PeerInfo("a1", "sender-1", "far", Role.SENDER, "");
    private static final PeerInfo RECEIVER = new PeerInfo("b2", "receiver-1", "near", Role.RECEIVER, "");

    private static ProbedHost host(PeerInfo p, Double offsetMillis, double roundTripMillis) {
        return new ProbedHost(p.name(), p.role().wireName(), p.host(), "", "", "", new ProbedHost.Clock(offsetMillis, roundTripMillis, 5,
                offsetMillis == null ? null : roundTripMillis / 2, offsetMillis == null ? "same host" : null));
    }

    @Test
    void eachPeerIsToldTheOneInstantOnItsOwnClock() {
        List<ProbedHost> hosts = List.of(host(SENDER, -12.5, 3.0), host(RECEIVER, null, 0.4));
        long before = Clocks.epochMicros();
        CommonStart at = CommonStart.ahead(hosts, 40_000_000L);
        // 0.2 s + SET_ROUNDS times the 40 ms SET round + twice the slowest 3 ms round trip.
        assertEquals(CommonStart.MIN_LEAD_MICROS + CommonStart.SET_ROUNDS * 40_000 + 6_000, at.leadMicros());
        assertTrue(at.instantMicros() - before >= at.leadMicros(), "ahead of now by the lead");
        Map<PeerInfo, Payload> starts = at.requests(List.of(RECEIVER, SENDER), hosts);
        assertEquals(new Payload.StartSender(at.instantMicros() - 12_500), starts.get(SENDER), "its clock is 12.5 ms behind");
        assertEquals(new Payload.StartReceiver(at.instantMicros()), starts.get(RECEIVER), "the client's own clock");
    }
}
