package org.maestro.common.util;

import java.time.Instant;

/** Wall-clock time in the units notes carry. */
public final class Clocks {
    /**
     * A shift of this process's wall clock, microseconds (a system property), for tests only: a peer whose clock is
     * off by a known amount, to show which latency figures move with the hosts' clocks and which do not. A shifted
     * process names a clock of its own in its PING replies (org.maestro.common.note.ClockSource), so the client
     * estimates its offset instead of taking it for its host's.
     */
    public static final String OFFSET_PROPERTY = "maestro.test.clock.offset.micros";
    private static final long OFFSET_MICROS = Long.getLong(OFFSET_PROPERTY, 0);

    private Clocks() {
    }

    /** Microseconds since the epoch (wall clock, so comparable across hosts up to their offset). */
    public static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000 + OFFSET_MICROS;
    }

    /** The shift {@link #OFFSET_PROPERTY} gives this process's clock; 0 for the host's own. */
    public static long offsetMicros() {
        return OFFSET_MICROS;
    }
}
