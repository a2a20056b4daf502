package org.maestro.client;

import org.maestro.common.note.LoadOptions;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TimeSpan;
import org.maestro.common.units.WarmupRamp;

import java.time.Duration;
import java.util.function.LongUnaryOperator;

/**
 * The messages one sender's schedule has due in a timed test, its warm-up's default ramp included: what it sends when
 * it keeps up (it stops at the first message due at or after the end), so a test counts them as the worker does.
 */
public final class DueMessages {
    private DueMessages() {
    }

    /** A sender at {@code perSecond} for {@code seconds} with a warm-up of {@code warmup} ({@code 1s}). */
    public static long of(long perSecond, long seconds, String warmup) {
        return before(perSecond, Duration.ofSeconds(seconds), warmup);
    }

    /** The same, due before {@code end} from the start. */
    public static long before(long perSecond, Duration until, String warmup) {
        Duration warm = TimeSpan.parseOrZero(warmup);
        LongUnaryOperator at = WarmupRamp.parseOrOff(LoadOptions.DEFAULT_WARMUP_RAMP).schedule(Rate.parse(Long.toString(perSecond)), warm);
        long end = until.toNanos();
        long k = 0;
        while (at.applyAsLong(k) < end) {
            k++;
        }
        return k;
    }
}
