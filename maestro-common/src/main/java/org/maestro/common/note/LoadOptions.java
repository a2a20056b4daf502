package org.maestro.common.note;

import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;
import org.maestro.common.units.TimeSpan;
import org.maestro.common.units.WarmupRamp;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The load a sender or receiver is SET to run, typed, with its wire codec: the client writes a peer's share with
 * {@link #toWire()}, the worker reads it with {@link #parse(Map)}, and the DSL ({@code TestSpec}) starts from
 * {@link #DEFAULTS}. Each default is declared here and each option's name in {@link TestOptions}, once.
 *
 * @param warmup          as written ({@code 10s}); {@code 0s} for none
 * @param warmupSendDelay as written; null: {@link #DEFAULT_WARMUP_SEND_DELAY}
 * @param warmupMax       as written; null: {@link #defaultWarmupMax}
 * @param warmupRamp      as written; null: {@link #DEFAULT_WARMUP_RAMP}
 * @param stages          a sender's rate profile; null for one rate
 */
public record LoadOptions(String testId, String testName, SizeMix messageSize, int connections, TestDuration duration,
                          Rate rate, RateProfile stages, String warmup, String warmupSendDelay, String warmupMax,
                          String warmupRamp) {

    /** What a test runs when its script leaves an option out. */
    public static final LoadOptions DEFAULTS = new LoadOptions("", "", SizeMix.parse("1024"), 1, TestDuration.parse("60s"),
            Rate.parse("1000"), null, "0s", null, null, null);
    /**
     * The rate of a SET without {@link TestOptions#RATE}: flat out. The client always sends the test's; a peer driven by
     * hand (or a test of the worker alone) sends as fast as it can unless told a rate.
     */
    public static final Rate RATE_WHEN_NOT_SET = Rate.FLAT_OUT;
    /** The send-delay bound that ends a sender's warm-up when {@link TestOptions#WARMUP_SEND_DELAY} is not SET. */
    public static final String DEFAULT_WARMUP_SEND_DELAY = "100ms";
    /**
     * How a sender's warm-up raises its rate when {@link TestOptions#WARMUP_RAMP} is not SET: from this share of the
     * target over this time (within the warm-up). Chosen from cold JVMs' figures: the README's warm-up section.
     */
    public static final String DEFAULT_WARMUP_RAMP = "10% 5s";

    /** Reads the options of a SET; a bad value is refused naming its option. Absent ones take {@link #DEFAULTS}. */
    public static LoadOptions parse(Map<String, String> o) {
        String testId = o.getOrDefault(TestOptions.TEST_ID, "");
        if (!testId.isEmpty()) {
            TestOptions.checkTestId(testId);
        }
        TestDuration duration = OptionValues.read(o, TestOptions.DURATION, DEFAULTS.duration.toString(), TestDuration::parse);
        Rate rate = OptionValues.read(o, TestOptions.RATE, RATE_WHEN_NOT_SET.toString(), Rate::parse);
        int connections = OptionValues.read(o, TestOptions.CONNECTIONS, Integer.toString(DEFAULTS.connections),
                OptionValues::positive);
        SizeMix size = OptionValues.read(o, TestOptions.MESSAGE_SIZE, DEFAULTS.messageSize.toString(), SizeMix::parse);
        String warmup = o.getOrDefault(TestOptions.WARMUP, DEFAULTS.warmup);
        Duration warmupTime = OptionValues.read(o, TestOptions.WARMUP, DEFAULTS.warmup, OptionValues::time);
        OptionValues.read(o, TestOptions.WARMUP_SEND_DELAY, null, TimeSpan::parseOrOff);
        Duration cap = OptionValues.read(o, TestOptions.WARMUP_MAX, null, TimeSpan::parse);
        if (cap != null && cap.compareTo(warmupTime) < 0) {
            throw new IllegalArgumentException("option " + TestOptions.WARMUP_MAX + ": '" + o.get(TestOptions.WARMUP_MAX)
                    + "' is shorter than the warm-up '" + o.get(TestOptions.WARMUP) + "' it caps");
        }
        OptionValues.read(o, TestOptions.WARMUP_RAMP, null, WarmupRamp::parseOrOff);
        RateProfile stages = OptionValues.read(o, TestOptions.RATE_STAGES, null, RateProfile::parse);
        return new LoadOptions(testId, o.getOrDefault(TestOptions.TEST_NAME, ""), size, connections, duration, rate, stages,
                warmup, o.get(TestOptions.WARMUP_SEND_DELAY), o.get(TestOptions.WARMUP_MAX), o.get(TestOptions.WARMUP_RAMP));
    }

    /** The options of a SET that carry this load; those left to the workers' defaults (null) are left out. */
    public Map<String, String> toWire() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put(TestOptions.TEST_ID, testId);
        options.put(TestOptions.TEST_NAME, testName);
        options.put(TestOptions.MESSAGE_SIZE, messageSize.toString());
        options.put(TestOptions.CONNECTIONS, Integer.toString(connections));
        options.put(TestOptions.WARMUP, warmup);
        if (warmupSendDelay != null) {
            options.put(TestOptions.WARMUP_SEND_DELAY, warmupSendDelay);
        }
        if (warmupMax != null) {
            options.put(TestOptions.WARMUP_MAX, warmupMax);
        }
        if (warmupRamp != null) {
            options.put(TestOptions.WARMUP_RAMP, warmupRamp);
        }
        options.put(TestOptions.DURATION, duration.toString());
        options.put(TestOptions.RATE, Long.toString(rate.perSecond()));
        if (stages != null) {
            options.put(TestOptions.RATE_STAGES, stages.toString());
        }
        return options;
    }

    /** This load with a route's own message size, connections and length. */
    public LoadOptions withRoute(SizeMix size, int count, TestDuration length) {
        return new LoadOptions(testId, testName, size, count, length, rate, stages, warmup, warmupSendDelay, warmupMax,
                warmupRamp);
    }

    /** This load at one sender's share: its rate and, null for one rate, its rate profile. */
    public LoadOptions withRate(Rate share, RateProfile profile) {
        return new LoadOptions(testId, testName, messageSize, connections, duration, share, profile, warmup, warmupSendDelay,
                warmupMax, warmupRamp);
    }

    /** The warm-up's length; zero for none. */
    public Duration warmupTime() {
        return OptionValues.time(warmup);
    }

    /** The send-delay bound that ends a sender's warm-up; null: off, a warm-up of fixed length. */
    public Duration warmupSendDelayBound() {
        return TimeSpan.parseOrOff(warmupSendDelay == null ? DEFAULT_WARMUP_SEND_DELAY : warmupSendDelay).orElse(null);
    }

    /** How the warm-up raises a sender's rate; null: off, the target from the first message. */
    public WarmupRamp ramp() {
        return WarmupRamp.parseOrOff(warmupRamp == null ? DEFAULT_WARMUP_RAMP : warmupRamp);
    }

    /** The longest the warm-up may wait for the senders' schedule: as SET, else {@link #defaultWarmupMax}. */
    public Duration warmupCap() {
        return warmupMax == null ? defaultWarmupMax(warmupTime(), duration) : TimeSpan.parse(warmupMax);
    }

    /**
     * The cap when {@link TestOptions#WARMUP_MAX} is not SET: three times the warm-up, but never more than half-way
     * from the warm-up to the end of a timed test, so that a sender that never gets on schedule still leaves a
     * measured period to report on.
     */
    public static Duration defaultWarmupMax(Duration warmup, TestDuration duration) {
        Duration triple = warmup.multipliedBy(3);
        if (duration instanceof TestDuration.ByTime t && t.duration().compareTo(warmup) > 0) {
            Duration halfWay = warmup.plus(t.duration()).dividedBy(2);
            return triple.compareTo(halfWay) < 0 ? triple : halfWay;
        }
        return triple;
    }
}
