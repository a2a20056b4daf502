package org.maestro.common.units;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rate that changes over the test: stages, each a steady rate or a linear ramp for a time. The schedule is the one
 * intended-time schedule of a fixed rate, generalised: message {@code k} is due when the profile's cumulative count
 * reaches {@code k} ({@link #offsetNanos}), so a sender that falls behind during a stage still stamps each message with
 * the time it was due, and the response time stays corrected for coordinated omission across stage changes.
 *
 * <p>Text form (the SET option {@code rate.stages}; {@link #parse} and {@link #toString} agree):
 * {@code 500/s 5s; 500/s..2000/s 10s; 2000/s 5s}: stages separated by {@code ;}, each a rate (or {@code FROM..TO} for a
 * ramp) and a time. Rates may be fractional (a sender's share of a total).
 *
 * @param stages at least one; each of a time of more than zero
 */
public record RateProfile(List<Stage> stages) {

    private static final String KIND = "rate stages";
    private static final String EXPECTED = "stages like '500/s 5s; 500/s..2000/s 10s; 2000/s 5s'";
    private static final double NANOS_PER_SECOND = 1e9;

    /**
     * One stage: the rate goes linearly from {@code fromPerSecond} to {@code toPerSecond} over {@code durationNanos}
     * (equal for a steady step).
     */
    public record Stage(double fromPerSecond, double toPerSecond, long durationNanos) {
        public Stage {
            if (!(fromPerSecond >= 0) || !(toPerSecond >= 0) || durationNanos <= 0) {
                throw new IllegalArgumentException("a stage needs rates >= 0 and a time > 0");
            }
        }

        /** The messages it is to send (fractional: the count where the next stage begins). */
        public double messages() {
            return (fromPerSecond + toPerSecond) / 2 * durationNanos / NANOS_PER_SECOND;
        }

        /** Its mean rate, msg/s: what its achieved rate is measured against. */
        public double meanPerSecond() {
            return (fromPerSecond + toPerSecond) / 2;
        }

        public boolean ramp() {
            return fromPerSecond != toPerSecond;
        }

        /** Seconds from the stage's start until its cumulative count reaches {@code n} (0 <= n <= messages). */
        double secondsUntil(double n) {
            if (n <= 0) {
                return 0;
            }
            double seconds = durationNanos / NANOS_PER_SECOND;
            double a = (toPerSecond - fromPerSecond) / (2 * seconds);
            // n = r0 t + a t^2, solved in the form that stays exact as a goes to 0 (a steady step).
            double root = Math.sqrt(Math.max(0, fromPerSecond * fromPerSecond + 4 * a * n));
            return 2 * n / (fromPerSecond + root);
        }

        @Override
        public String toString() {
            return rate(fromPerSecond) + (ramp() ? ".." + rate(toPerSecond) : "") + " " + new TestDuration.ByTime(Duration.ofNanos(durationNanos));
        }
    }

    public RateProfile {
        if (stages == null || stages.isEmpty()) {
            throw new IllegalArgumentException("a rate profile needs at least one stage");
        }
        stages = List.copyOf(stages);
    }

    /** Parses the text form; whitespace around the parts is ignored. */
    public static RateProfile parse(String text) {
        if (text == null || text.isBlank()) {
            throw new UnitFormatException(KIND, text, EXPECTED);
        }
        List<Stage> stages = new ArrayList<>();
        for (String part : text.split(";")) {
            String[] words = part.strip().split("\\s+");
            if (words.length != 2) {
                throw new UnitFormatException(KIND, text, "stage '" + part.strip() + "' is not a rate and a time", EXPECTED);
            }
            String[] rates = words[0].split("\\.\\.", -1);
            if (rates.length > 2) {
                throw new UnitFormatException(KIND, text, "stage '" + part.strip() + "' has more than two rates", EXPECTED);
            }
            double from = perSecond(rates[0], text);
            double to = rates.length == 2 ? perSecond(rates[1], text) : from;
            Duration time = TimeSpan.parse(words[1]);
            stages.add(new Stage(from, to, time.toNanos()));
        }
        return new RateProfile(stages);
    }

    private static double perSecond(String word, String text) {
        String digits = word.endsWith("/s") ? word.substring(0, word.length() - 2) : word;
        try {
            double v = Double.parseDouble(digits.replace("_", ""));
            if (v >= 0 && Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UnitFormatException(KIND, text, "'" + word + "' is not a rate", EXPECTED);
    }

    /** The profile's whole time. */
    public Duration duration() {
        return Duration.ofNanos(stages.stream().mapToLong(Stage::durationNanos).sum());
    }

    /** Messages it sends in all, rounded down. */
    public long messages() {
        return (long) Math.floor(stages.stream().mapToDouble(Stage::messages).sum() + 1e-9);
    }

    /** The same profile with every rate multiplied by {@code share} (a sender's part of the total). */
    public RateProfile scaled(double share) {
        return new RateProfile(stages.stream().map(s -> new Stage(s.fromPerSecond() * share, s.toPerSecond() * share, s.durationNanos())).toList());
    }

    /** Each stage's start, nanoseconds from the start of the load; one more entry, the end. */
    public long[] boundariesNanos() {
        long[] b = new long[stages.size() + 1];
        for (int i = 0; i < stages.size(); i++) {
            b[i + 1] = b[i] + stages.get(i).durationNanos();
        }
        return b;
    }

    /**
     * When the {@code k}-th message (from 0) is due, in nanoseconds from the start: where the cumulative count reaches
     * {@code k}. Past the last stage: the profile's end (the sender stops there).
     */
    public long offsetNanos(long k) {
        double before = 0;
        long startNanos = 0;
        for (Stage s : stages) {
            double in = s.messages();
            if (k < before + in) {
                return startNanos + Math.min(s.durationNanos(), (long) (s.secondsUntil(k - before) * NANOS_PER_SECOND));
            }
            before += in;
            startNanos += s.durationNanos();
        }
        return startNanos;
    }

    @Override
    public String toString() {
        return String.join("; ", stages.stream().map(Stage::toString).toList());
    }

    private static String rate(double perSecond) {
        return (perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond)
                : String.format(Locale.ROOT, "%.6f", perSecond).replaceAll("0+$", "")) + "/s";
    }
}
