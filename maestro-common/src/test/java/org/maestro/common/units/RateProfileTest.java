package org.maestro.common.units;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RateProfileTest {
    private static final RateProfile PROFILE = RateProfile.parse("500/s 5s; 500/s..2000/s 10s; 2000/s 5s");

    /** Messages due in [fromSeconds, toSeconds). */
    private static long dueBetween(RateProfile p, double fromSeconds, double toSeconds) {
        long n = 0;
        for (long k = 0; p.offsetNanos(k) < (long) (p.duration().toNanos()); k++) {
            double t = p.offsetNanos(k) / 1e9;
            if (t >= fromSeconds && t < toSeconds) {
                n++;
            }
        }
        return n;
    }

    @Test
    void eachStageSendsItsShareOnOneSchedule() {
        assertEquals(2500, dueBetween(PROFILE, 0, 5));
        assertEquals(12_500, dueBetween(PROFILE, 5, 15), "a ramp from 500 to 2000 over 10 s: its mean, 1250/s");
        assertEquals(10_000, dueBetween(PROFILE, 15, 20));
        assertEquals(25_000, PROFILE.messages());
        // Inside the ramp the rate rises linearly: its first second near 575/s, its last near 1925/s.
        assertTrue(Math.abs(dueBetween(PROFILE, 5, 6) - 575) <= 1, "first second of the ramp");
        assertTrue(Math.abs(dueBetween(PROFILE, 14, 15) - 1925) <= 1, "last second of the ramp");
        long previous = -1;
        for (long k = 0; k < 25_000; k++) {
            long t = PROFILE.offsetNanos(k);
            assertTrue(t >= previous, "intended times never go back (message " + k + ")");
            previous = t;
        }
        assertEquals(20_000_000_000L, PROFILE.offsetNanos(25_000), "past the last stage: its end");
    }

    @Test
    void aStepAloneIsTheFixedRateSchedule() {
        RateProfile step = RateProfile.parse("300/s 20s");
        Rate rate = new Rate(300);
        for (long k = 0; k < 6000; k += 7) {
            assertTrue(Math.abs(step.offsetNanos(k) - rate.offsetNanos(k)) <= 1, "message " + k);
        }
    }

    @Test
    void theTextFormReadsBackAndAShareScalesEveryRate() {
        assertEquals(PROFILE, RateProfile.parse(PROFILE.toString()));
        assertEquals("250/s 5s; 250/s..1000/s 10s; 1000/s 5s", PROFILE.scaled(0.5).toString());
        RateProfile third = PROFILE.scaled(1.0 / 3);
        assertEquals(third.messages(), RateProfile.parse(third.toString()).messages());
    }

    @Test
    void badStagesSayWhatIsWrong() {
        UnitFormatException e = assertThrows(UnitFormatException.class, () -> RateProfile.parse("500/s; 100/s 5s"));
        assertTrue(e.getMessage().contains("stage '500/s' is not a rate and a time"), e.getMessage());
        e = assertThrows(UnitFormatException.class, () -> RateProfile.parse("fast 5s"));
        assertTrue(e.getMessage().contains("'fast' is not a rate"), e.getMessage());
        assertThrows(UnitFormatException.class, () -> RateProfile.parse("100/s 0s"));
    }
}
