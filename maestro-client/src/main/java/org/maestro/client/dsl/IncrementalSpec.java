package org.maestro.client.dsl;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TestDuration;
import org.maestro.results.Sustainability;

import java.time.Duration;

import static org.maestro.client.dsl.DslValues.bounded;
import static org.maestro.client.dsl.DslValues.time;


/**
 * The {@code incremental { }} (or {@code findLimit { }}) block: the climb's startRate, step, maxRate and
 * stepDuration; the bisection's resolution (msg/s, default: step, i.e. no bisection); maxTime, the hard cap on the
 * whole search; sendDelay, the send delay p99 of a sender still on schedule; rateTolerance, the shortfall of a rate
 * still taken as keeping up; confirmDuration, confirmTries and confirmWarmup, the confirmation run after the search
 * (at least 3 step durations; at most 3 tries unless set, 0 for none; a user's run's warm-up, else the steps').
 */
public final class IncrementalSpec {
    private long startRate = -1;
    private long step = -1;
    private long maxRate = -1;
    private long resolution = -1;
    private TestDuration stepDuration = TestDuration.parse("30s");
    private Duration maxTime = Duration.ofMinutes(TestPlan.Incremental.DEFAULT_MAX_MINUTES);
    private double sendDelayMaxMillis = Sustainability.DEFAULT_SEND_DELAY_MAX_MILLIS;
    private double rateTolerance = Sustainability.DEFAULT_RATE_TOLERANCE;
    /** null: {@link TestPlan.Incremental#confirmDuration(TestDuration)} of the step duration. */
    private TestDuration confirmDuration;
    private int confirmTries = TestPlan.Incremental.DEFAULT_CONFIRM_TRIES;
    /** null: the steps' warm-up settings. */
    private String confirmWarmup;

    public void startRate(Object v) {
        startRate = bounded("startRate", Rate.parse(String.valueOf(v))).perSecond();
    }

    public void step(Object v) {
        step = bounded("step", Rate.parse(String.valueOf(v))).perSecond();
    }

    public void maxRate(Object v) {
        maxRate = bounded("maxRate", Rate.parse(String.valueOf(v))).perSecond();
    }

    public void stepDuration(Object v) {
        stepDuration = TestDuration.parse(String.valueOf(v));
    }

    public void resolution(Object v) {
        resolution = bounded("resolution", Rate.parse(String.valueOf(v))).perSecond();
        if (resolution <= 0) {
            throw new IllegalArgumentException("resolution must be a rate > 0 like 50 or 50/s, not '" + v + "'");
        }
    }

    public void maxTime(Object v) {
        maxTime = time("maxTime", v);
        if (maxTime.isZero()) {
            throw new IllegalArgumentException("maxTime must be a time > 0 like '20m', not '" + v + "'");
        }
    }

    public void sendDelay(Object v) {
        Duration d = time("sendDelay", v);
        if (d.isZero()) {
            throw new IllegalArgumentException("sendDelay must be a time > 0 like '50ms', not '" + v + "'");
        }
        sendDelayMaxMillis = d.toNanos() / 1e6;
    }

    /** How long the confirmation run after the search lasts: at least {@value TestPlan.Incremental#CONFIRM_STEPS} steps. */
    public void confirmDuration(Object v) {
        confirmDuration = TestDuration.parse(String.valueOf(v));
    }

    /** The confirmation's warm-up, as a user's run sets its {@code warmup} (its cap and bound then the defaults). */
    public void confirmWarmup(Object v) {
        confirmWarmup = time("confirmWarmup", v).isZero() ? "0s" : String.valueOf(v);
    }

    /** How many confirmation runs may lower the answer until one holds; 0 for none. */
    public void confirmTries(Object v) {
        String t = String.valueOf(v).strip();
        try {
            confirmTries = Integer.parseInt(t);
        } catch (NumberFormatException e) {
            confirmTries = -1;
        }
        if (confirmTries < 0) {
            throw new IllegalArgumentException("confirmTries must be a whole number >= 0 (0: no confirmation), not '" + v + "'");
        }
    }

    public void rateTolerance(Object v) {
        String t = String.valueOf(v).strip();
        try {
            rateTolerance = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : t) / 100;
        } catch (NumberFormatException e) {
            rateTolerance = -1;
        }
        if (!(rateTolerance > 0 && rateTolerance < 1)) {
            throw new IllegalArgumentException("rateTolerance must be a percentage between 0 and 100 like '3 %', not '" + v + "'");
        }
    }

    TestPlan.Incremental build() {
        if (startRate <= 0 || step <= 0 || maxRate < startRate) {
            throw new IllegalArgumentException("incremental needs startRate > 0, step > 0 and maxRate >= startRate"
                    + " (got startRate " + startRate + ", step " + step + ", maxRate " + maxRate + ")");
        }
        if (resolution > step) {
            throw new IllegalArgumentException("resolution " + resolution + " msg/s is coarser than the step " + step
                    + " msg/s: the bisection refines the climb, give a resolution <= step");
        }
        if (stepDuration instanceof TestDuration.ByTime byTime && byTime.duration().compareTo(maxTime) > 0) {
            throw new IllegalArgumentException("stepDuration " + stepDuration + " is longer than maxTime "
                    + maxTime.toSeconds() + "s: not one step would fit in the search's time cap");
        }
        TestDuration shortest = TestPlan.Incremental.confirmDuration(stepDuration);
        if (confirmDuration != null && !longEnough(confirmDuration, shortest)) {
            throw new IllegalArgumentException("confirmDuration " + confirmDuration + " is not at least "
                    + TestPlan.Incremental.CONFIRM_STEPS + " times stepDuration " + stepDuration + " (" + shortest
                    + "): a confirmation must run long enough for a cold start's send-delay debt to show");
        }
        TestDuration confirm = confirmDuration == null ? shortest : confirmDuration;
        if (confirmWarmup != null && confirm instanceof TestDuration.ByTime t
                && time("confirmWarmup", confirmWarmup).compareTo(t.duration()) >= 0) {
            throw new IllegalArgumentException("confirmWarmup " + confirmWarmup + " must be shorter than the confirmDuration "
                    + confirm + ": nothing would be measured (set a longer confirmDuration)");
        }
        return new TestPlan.Incremental(startRate, step, maxRate, stepDuration, resolution < 0 ? step : resolution, maxTime,
                sendDelayMaxMillis, rateTolerance, confirm, confirmTries, confirmWarmup);
    }

    /** Whether {@code d} is at least {@code shortest}, both of one kind (times, or message counts). */
    private static boolean longEnough(TestDuration d, TestDuration shortest) {
        if (d instanceof TestDuration.ByTime t && shortest instanceof TestDuration.ByTime s) {
            return t.duration().compareTo(s.duration()) >= 0;
        }
        if (d instanceof TestDuration.ByCount c && shortest instanceof TestDuration.ByCount s) {
            return c.messages() >= s.messages();
        }
        return false;
    }
}
