package org.maestro.common.note;

import org.junit.jupiter.api.Test;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.WarmupRamp;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LoadOptionsTest {
    @Test
    void whatTheClientWritesTheWorkerReadsBack() {
        LoadOptions load = new LoadOptions("run-1", "routes", SizeMix.parse("512B: 80, 4KiB: 20"), 3,
                TestDuration.parse("5000msg"), Rate.parse("250"), new RateProfile(List.of(new RateProfile.Stage(100, 300,
                Duration.ofSeconds(5).toNanos()))), "2s", "off", "4s", "25% 3s");
        assertEquals(load, LoadOptions.parse(load.toWire()));
        assertEquals("3", load.toWire().get(TestOptions.CONNECTIONS));
    }

    @Test
    void anAbsentOptionTakesItsDefaultAndTheWorkersOwnAreLeftOut() {
        Map<String, String> wire = LoadOptions.DEFAULTS.toWire();
        assertNull(wire.get(TestOptions.WARMUP_SEND_DELAY));
        assertNull(wire.get(TestOptions.RATE_STAGES));
        LoadOptions bare = LoadOptions.parse(Map.of());
        assertEquals(LoadOptions.DEFAULTS.messageSize(), bare.messageSize());
        assertEquals(LoadOptions.DEFAULTS.duration(), bare.duration());
        assertEquals(LoadOptions.RATE_WHEN_NOT_SET, bare.rate());
        assertEquals(Duration.ofMillis(100), bare.warmupSendDelayBound());
        assertEquals(Duration.ofSeconds(6), new LoadOptions("", "", bare.messageSize(), 1, TestDuration.parse("60s"),
                bare.rate(), null, "2s", null, null, null).warmupCap());
        assertEquals(WarmupRamp.parseOrOff(LoadOptions.DEFAULT_WARMUP_RAMP), bare.ramp(), "no ramp SET: the default one");
    }

    @Test
    void aBadValueIsRefusedNamingItsOption() {
        assertEquals("option warmup.ramp: bad warm-up ramp '5s': not a share (in %) and a time; expected a start share of"
                + " the target rate and a time like '10% 5s', or off", assertThrows(IllegalArgumentException.class,
                () -> LoadOptions.parse(Map.of(TestOptions.WARMUP_RAMP, "5s"))).getMessage());
        assertEquals("option connections: '0' is not a positive whole number", assertThrows(IllegalArgumentException.class,
                () -> LoadOptions.parse(Map.of(TestOptions.CONNECTIONS, "0"))).getMessage());
        assertEquals("option warmup.max: '1s' is shorter than the warm-up '5s' it caps", assertThrows(
                IllegalArgumentException.class, () -> LoadOptions.parse(Map.of(TestOptions.WARMUP, "5s",
                        TestOptions.WARMUP_MAX, "1s"))).getMessage());
    }
}
