package org.maestro.common.note;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyModeTest {

    @Test
    void aSetWithoutTheOptionsIsOneWayAndOneWayAddsNoOption() {
        assertEquals(LatencyMode.ONE_WAY_MODE, LatencyMode.parse(Map.of()));
        Map<String, String> options = new HashMap<>();
        LatencyMode.ONE_WAY_MODE.addTo(options);
        assertTrue(options.isEmpty(), "a test that says nothing is SET as before: " + options);
        assertFalse(LatencyMode.ONE_WAY_MODE.sampled(0), "one way sends nothing back");
    }

    @Test
    void roundTripGoesOverTheWireAndBackAndSamplesBySequenceNumber() {
        LatencyMode mode = LatencyMode.of("Round-Trip", 10);
        Map<String, String> options = new HashMap<>();
        mode.addTo(options);
        assertEquals(Map.of(TestOptions.LATENCY, "round-trip", TestOptions.LATENCY_SAMPLE, "10"), options);
        assertEquals(mode, LatencyMode.parse(options));
        assertTrue(mode.sampled(0) && mode.sampled(20));
        assertFalse(mode.sampled(1) || mode.sampled(19));
        assertEquals("round-trip, 1 in 10 messages", mode.toString());
        assertEquals("round-trip", LatencyMode.of("round-trip", 1).toString());
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        IllegalArgumentException word = assertThrows(IllegalArgumentException.class,
                () -> LatencyMode.parse(Map.of(TestOptions.LATENCY, "roundtrip")));
        assertEquals("latency 'roundtrip' is neither 'one-way' nor 'round-trip'", word.getMessage());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> LatencyMode.parse(Map.of(TestOptions.LATENCY, "round-trip", TestOptions.LATENCY_SAMPLE, "0")));
        assertTrue(zero.getMessage().startsWith("option " + TestOptions.LATENCY_SAMPLE), zero.getMessage());
        IllegalArgumentException oneWay = assertThrows(IllegalArgumentException.class,
                () -> LatencyMode.parse(Map.of(TestOptions.LATENCY_SAMPLE, "5")));
        assertEquals("latency.sample 5 samples round trips: it needs latency 'round-trip'", oneWay.getMessage());
    }
}
