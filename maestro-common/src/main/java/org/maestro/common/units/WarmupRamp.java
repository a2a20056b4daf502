package org.maestro.common.units;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongUnaryOperator;

/**
 * How a sender's warm-up raises its rate: linearly from a share of its target to the target over a time, then the
 * target. A cold JVM (its JIT still compiling the client library and, with {@code --local}, the embedded broker)
 * asked for the full rate from the first message falls behind its schedule and may never pay the debt back; at a
 * share of it, it compiles what it needs while it keeps up. The ramp lies within the warm-up: it lasts its time or
 * the whole warm-up when that is shorter ({@link #schedule}), so it never lengthens a warm-up, and no warm-up, no ramp.
 *
 * <p>Text form (the SET option {@code warmup.ramp}; {@link #parse} and {@link #toString} agree): a start share and a
 * time, {@code 10% 5s}, or {@value TimeSpan#OFF} for none (the target from the first message).
 *
 * @param fromShare the rate it starts at, a share of the target (0 &lt;= share &lt; 1)
 * @param time      how long it takes to reach the target, more than zero
 */
public record WarmupRamp(double fromShare, Duration time) {

    private static final String KIND = "warm-up ramp";
    private static final String EXPECTED = "a start share of the target rate and a time like '10% 5s', or " + TimeSpan.OFF;

    public WarmupRamp {
        if (!(fromShare >= 0 && fromShare < 1) || time == null || time.isZero() || time.isNegative()) {
            throw new IllegalArgumentException("a warm-up ramp starts at a share in [0, 1) of the target and lasts a time > 0");
        }
    }

    /**
     * Reads the text form; null for {@value TimeSpan#OFF}.
     *
     * @throws UnitFormatException naming what is wrong with {@code text}
     */
    public static WarmupRamp parseOrOff(String text) {
        if (text == null || text.isBlank()) {
            throw new UnitFormatException(KIND, text, EXPECTED);
        }
        if (text.strip().equalsIgnoreCase(TimeSpan.OFF)) {
            return null;
        }
        String[] words = text.strip().split("\\s+");
        if (words.length != 2 || !words[0].endsWith("%")) {
            throw new UnitFormatException(KIND, text, "not a share (in %) and a time", EXPECTED);
        }
        double percent;
        try {
            percent = Double.parseDouble(words[0].substring(0, words[0].length() - 1));
        } catch (NumberFormatException e) {
            throw new UnitFormatException(KIND, text, "'" + words[0] + "' is not a share in %", EXPECTED);
        }
        if (!(percent >= 0 && percent < 100)) {
            throw new UnitFormatException(KIND, text, "its start share must be at least 0 % and below 100 %", EXPECTED);
        }
        Duration time;
        try {
            time = TimeSpan.parse(words[1]);
        } catch (UnitFormatException e) {
            throw new UnitFormatException(KIND, text, "'" + words[1] + "' is not a time of more than zero", EXPECTED);
        }
        return new WarmupRamp(percent / 100, time);
    }

    /** How long the ramp lasts in a warm-up of {@code warmup}: its time, or the whole warm-up when that is shorter. */
    public Duration within(Duration warmup) {
        return time.compareTo(warmup) < 0 ? time : warmup;
    }

    /**
     * When message {@code k} (of all a sender's connections, from 0) is due, nanoseconds from the start, at
     * {@code rate} with a warm-up of {@code warmup}: on the ramp, then on the rate. Without a warm-up the rate's own
     * schedule.
     */
    public LongUnaryOperator schedule(Rate rate, Duration warmup) {
        Duration length = within(warmup);
        if (length.isZero() || rate.isFlatOut()) {
            return rate::offsetNanos;
        }
        double target = rate.perSecond();
        // The steady stage is as good as endless: a sender stops at its duration, or its message count.
        RateProfile profile = new RateProfile(List.of(new RateProfile.Stage(fromShare * target, target, length.toNanos()),
                new RateProfile.Stage(target, target, Long.MAX_VALUE / 4)));
        return profile::offsetNanos;
    }

    @Override
    public String toString() {
        double percent = fromShare * 100;
        String share = percent == Math.rint(percent) ? Long.toString((long) percent)
                : String.format(Locale.ROOT, "%.3f", percent).replaceAll("0+$", "");
        return share + "% " + new TestDuration.ByTime(time);
    }
}
