package org.maestro.common.util;

import java.time.Instant;

/** Wall-clock time in the units notes carry. */
public final class Clocks {
    private Clocks() {
    }

    /** Microseconds since the epoch (wall clock, so comparable across hosts up to their offset). */
    public static long epochMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
    }
}
