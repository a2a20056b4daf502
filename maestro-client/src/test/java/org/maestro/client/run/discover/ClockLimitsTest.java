package org.maestro.client.run.discover;

import org.maestro.common.note.ClockSource;
import org.maestro.results.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.results.ClockCheck;

class ClockLimitsTest {
    /** A peer whose offset was estimated from a best PING of {@code roundTripMillis}. */
    private static ProbedHost host(String peer, Double offsetMillis, double roundTripMillis) {
        return new ProbedHost(peer, "receiver", "load-" + peer, "10.0.0.9", "http://10.0.0.9:7001/", "10.0.0.9",
                new ProbedHost.Clock(offsetMillis, roundTripMillis, 5, offsetMillis == null ? null : roundTripMillis / 2, null));
    }

    private static ProbedHost host(String peer, Double offsetMillis) {
        return host(peer, offsetMillis, 0.25);
    }

    private static Summary.Latency p50(double millis) {
        return new Summary.Latency(1000, millis, millis, millis, millis, millis);
    }

    @Test
    void theLimitIsTenPercentOfP50ButNeverBelowOneMillisecond() {
        assertEquals(1.0, ClockLimits.limitMillis(0.4));
        assertEquals(1.0, ClockLimits.limitMillis(10.0));
        assertEquals(3.0, ClockLimits.limitMillis(30.0), 1e-9);
        assertEquals(1.0, ClockLimits.limitMillis(null), "nothing measured");
        assertEquals(1.0, ClockLimits.limitMillis(Double.NaN));
    }

    @Test
    void anOffsetOverTheLimitWarnsNamingThePeerItsHostAndTheFiguresWithTheirUncertainty() {
        ClockCheck c = ClockLimits.check(List.of(host("r1", 0.2), host("r2", -4.5), host("r3", null)), p50(20));
        assertEquals(2.0, c.limitMillis(), 1e-9);
        assertEquals(4.5, c.maxAbsOffsetMillis());
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertEquals(List.of("r2"), c.peersOverLimit());
        String w = c.warnings().get(0);
        assertTrue(w.startsWith("the clock of r2 on load-r2 is -4.500 ± 0.125 ms off the client's, at least 4.375 ms,"
                + " more than the 2.000 ms limit"), w);
        assertTrue(w.contains("p50 20.000 ms"), w);
    }

    /** Reproduction 4 of issue 21, as `maestro demo` printed it: +1.064 ms with a 6.219 ms round trip was a warning. */
    @Test
    void anOffsetInsideItsOwnUncertaintyIsNoWarning() {
        ClockCheck demo = ClockLimits.check(List.of(host("sender-1", 1.064, 6.219)), p50(2));
        assertTrue(demo.warnings().isEmpty(), demo.warnings().toString());
        assertTrue(demo.peersOverLimit().isEmpty());
        assertEquals(1.064, demo.maxAbsOffsetMillis(), "the offset is still the figure shown");
        // compare-protocols: +5 ms off, but with a 9 ms round trip even 0.5 ms is within what the PING allows.
        assertTrue(ClockLimits.check(List.of(host("s", 5.0, 9.0)), p50(2)).warnings().isEmpty());
        // The same offset measured to within 0.1 ms is evidence: 4.95 ms at least.
        assertEquals(1, ClockLimits.check(List.of(host("s", 5.0, 0.1)), p50(2)).warnings().size());
    }

    @Test
    void theLeastOffsetIsTheOffsetLessItsUncertaintyNeverBelowZero() {
        assertEquals(2.0, ClockLimits.leastOffsetMillis(host("a", -3.0, 2.0)), 1e-9);
        assertEquals(0.0, ClockLimits.leastOffsetMillis(host("a", 0.5, 2.0)), 1e-9);
        // On the edge: 1.5 - 0.5 = 1.0 is not more than the 1 ms floor; a hair more is.
        assertTrue(ClockLimits.check(List.of(host("e", 1.5, 1.0)), p50(1)).warnings().isEmpty());
        assertEquals(1, ClockLimits.check(List.of(host("e", 1.502, 1.0)), p50(1)).warnings().size());
    }

    @Test
    void aPeerOnTheClientsOwnClockIsNotEstimatedNorWarnedAbout() {
        ProbedHost sameProcess = new ProbedHost("sender-1", "sender", "vm", "127.0.0.1", "http://127.0.0.1:7001/",
                "127.0.0.1", new ProbedHost.Clock(null, 6.219, 5, null, ClockSource.SAME_PROCESS));
        ClockCheck c = ClockLimits.check(List.of(sameProcess), p50(0.5));
        assertTrue(c.warnings().isEmpty());
        assertEquals(0.0, c.maxAbsOffsetMillis());
        assertTrue(PeerHosts.describe(sameProcess).endsWith("same clock as the client: same process (round trip 6.219 ms, best of 5)"),
                PeerHosts.describe(sameProcess));
    }

    /** What the probe makes of a peer's pings: the best one's offset and uncertainty, or none on the client's own clock. */
    @Test
    void theProbeEstimatesOnlyAnotherHostsClock() {
        org.maestro.common.note.PeerInfo p = new org.maestro.common.note.PeerInfo("id1", "sender-1", "vm",
                org.maestro.common.note.Role.SENDER, "");
        ClockSource mine = ClockSource.local();
        ClockSource otherHost = new ClockSource("another-boot", "1-ff");
        ClockSource sameHost = new ClockSource(mine.bootId(), "1-ff");
        java.util.function.BiFunction<Long, ClockSource, org.maestro.client.control.PingResult> ping = (rtt, clock) ->
                new org.maestro.client.control.PingResult(p, rtt, 1_064, clock);
        ProbedHost estimated = PeerHosts.host(p, "", "", "", List.of(ping.apply(9_000L, otherHost), ping.apply(6_219L, otherHost)));
        assertEquals(1.064, estimated.clock().offsetMillis());
        assertEquals(6.219, estimated.clock().roundTripMillis());
        assertEquals(3.109, estimated.clock().uncertaintyMillis(), 1e-9, "half the best round trip");
        assertEquals(null, estimated.clock().sameClock());
        assertTrue(PeerHosts.describe(estimated).endsWith("clock +1.064 ± 3.109 ms (round trip 6.219 ms, best of 2)"),
                PeerHosts.describe(estimated));
        ProbedHost inProcess = PeerHosts.host(p, "", "", "", List.of(ping.apply(6_219L, mine)));
        assertEquals(ClockSource.SAME_PROCESS, inProcess.clock().sameClock());
        assertEquals(null, inProcess.clock().offsetMillis(), "not estimated");
        assertEquals(null, inProcess.clock().uncertaintyMillis());
        if (!mine.bootId().isEmpty()) {
            assertEquals(ClockSource.SAME_HOST, PeerHosts.host(p, "", "", "", List.of(ping.apply(500L, sameHost))).clock().sameClock());
        }
        ProbedHost silent = PeerHosts.host(p, "", "", "", List.of());
        assertTrue(PeerHosts.describe(silent).endsWith("no answer to PING"), PeerHosts.describe(silent));
        String many = PeerHosts.summarise(List.of(estimated, inProcess, silent));
        assertTrue(many.contains("clock offset +1.064 ± 3.109 ms (sender-1) to +1.064 ± 3.109 ms (sender-1)")
                && many.contains("1 on the client's clock (same process)"), many);
    }

    @Test
    void smallOffsetsOrNoLatencyKeepTheFloor() {
        ClockCheck quiet = ClockLimits.check(List.of(host("r1", 0.9), host("r2", -0.99)), p50(0.5));
        assertTrue(quiet.warnings().isEmpty(), quiet.warnings().toString());
        ClockCheck none = ClockLimits.check(List.of(host("r1", 1.2)), new Summary.Latency(0, 0, 0, 0, 0, 0));
        assertEquals(1, none.warnings().size());
        assertTrue(none.warnings().get(0).contains("no latency measured"), none.warnings().get(0));
    }
}
