package org.maestro.client.run;

import org.maestro.reports.results.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClockLimitsTest {
    private static Summary.PeerHost host(String peer, Double offsetMillis) {
        return new Summary.PeerHost(peer, "receiver", "load-" + peer, "10.0.0.9", "http://10.0.0.9:7001/", "10.0.0.9",
                offsetMillis, 0.25, 5);
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
    void anOffsetOverTheLimitWarnsNamingThePeerItsHostAndTheFigures() {
        Summary.ClockCheck c = ClockLimits.check(List.of(host("r1", 0.2), host("r2", -4.5), host("r3", null)), p50(20));
        assertEquals(2.0, c.limitMillis(), 1e-9);
        assertEquals(4.5, c.maxAbsOffsetMillis());
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        String w = c.warnings().get(0);
        assertTrue(w.startsWith("the clock of r2 on load-r2 is -4.500 ms off the client's (PING round trip 0.250 ms),"
                + " more than the 2.000 ms limit"), w);
        assertTrue(w.contains("p50 20.000 ms"), w);
    }

    @Test
    void smallOffsetsOrNoLatencyKeepTheFloor() {
        Summary.ClockCheck quiet = ClockLimits.check(List.of(host("r1", 0.9), host("r2", -0.99)), p50(0.5));
        assertTrue(quiet.warnings().isEmpty(), quiet.warnings().toString());
        Summary.ClockCheck none = ClockLimits.check(List.of(host("r1", 1.2)), new Summary.Latency(0, 0, 0, 0, 0, 0));
        assertEquals(1, none.warnings().size());
        assertTrue(none.warnings().get(0).contains("no latency measured"), none.warnings().get(0));
    }
}
