package org.maestro.common.units;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WarmupRampTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void itsTextReadsBackAndOffIsNone() {
        WarmupRamp ramp = WarmupRamp.parseOrOff("10% 5s");
        assertEquals(0.10, ramp.fromShare(), 1e-12);
        assertEquals(Duration.ofSeconds(5), ramp.time());
        assertEquals(ramp, WarmupRamp.parseOrOff(ramp.toString()));
        assertEquals("12.5% 1m30s", WarmupRamp.parseOrOff(" 12.5%   90s ").toString());
        assertNull(WarmupRamp.parseOrOff("off"));
        assertNull(WarmupRamp.parseOrOff("OFF"));
    }

    @Test
    void badTextIsRefusedSayingWhatIsWrong() {
        assertEquals("bad warm-up ramp '10%': not a share (in %) and a time; expected a start share of the target rate and"
                + " a time like '10% 5s', or off", assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff("10%")).getMessage());
        assertTrue(assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff("100% 5s")).getMessage()
                .contains("its start share must be at least 0 % and below 100 %"));
        assertTrue(assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff("x% 5s")).getMessage()
                .contains("'x%' is not a share in %"));
        assertTrue(assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff("10% 5")).getMessage()
                .contains("'5' is not a time of more than zero"));
        assertTrue(assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff("10% 0s")).getMessage()
                .contains("'0s' is not a time of more than zero"));
        assertThrows(UnitFormatException.class, () -> WarmupRamp.parseOrOff(""));
    }

    @Test
    void theScheduleRisesFromItsShareToTheTargetThenHoldsIt() {
        // 1000/s from 10 %: over 4 s the ramp sends (100 + 1000) / 2 * 4 = 2200 messages, then one every millisecond.
        LongUnaryOperator at = WarmupRamp.parseOrOff("10% 4s").schedule(Rate.parse("1000"), Duration.ofSeconds(10));
        assertEquals(0, at.applyAsLong(0));
        assertEquals(10_000_000L, at.applyAsLong(1), 200_000, "the first gap: about 1/100 s (the rate rises meanwhile)");
        assertEquals(4 * SECOND, at.applyAsLong(2200), 1_000);
        assertEquals(5 * SECOND, at.applyAsLong(3200), 1_000);
        long late = at.applyAsLong(3201) - at.applyAsLong(3200);
        assertEquals(1_000_000L, late, 1_000, "the target's gap after the ramp");
        for (long k = 1; k < 4000; k++) {
            assertTrue(at.applyAsLong(k) > at.applyAsLong(k - 1), "message " + k + " due after the one before");
        }
    }

    @Test
    void itLiesWithinTheWarmupAndNoWarmupMeansNoRamp() {
        WarmupRamp ramp = WarmupRamp.parseOrOff("0% 10s");
        assertEquals(Duration.ofSeconds(3), ramp.within(Duration.ofSeconds(3)));
        // Over a 2 s warm-up from 0: 1000 messages, then the target.
        LongUnaryOperator at = ramp.schedule(Rate.parse("1000"), Duration.ofSeconds(2));
        assertEquals(2 * SECOND, at.applyAsLong(1000), 1_000);
        assertEquals(3 * SECOND, at.applyAsLong(2000), 1_000);
        LongUnaryOperator none = ramp.schedule(Rate.parse("1000"), Duration.ZERO);
        assertEquals(1_000_000L, none.applyAsLong(1));
    }
}
