package org.maestro.client.dsl;

import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TestDuration;

import java.time.Duration;

import static org.maestro.client.dsl.DslValues.time;

/**
 * The checks of a whole {@code test { }} block, once every line is read: what no single line can refuse, such as a
 * warm-up that covers the test or a route's receivers that would start after its senders ended.
 *
 * @param warmup    the test's warm-up as written
 * @param warmupMax its cap as written; null: the workers' default
 * @param duration  the test's length
 * @param rate      the test's total rate
 */
record PlanChecks(String warmup, String warmupMax, TestDuration duration, Rate rate) {

    /** Refuses a cap shorter than the warm-up, or, for one test (not a search's steps), one that outlasts it. */
    void refuseWarmupMax(boolean incremental) {
        if (warmupMax != null && time("warmupMax", warmupMax).compareTo(time("warmup", warmup)) < 0) {
            throw new IllegalArgumentException("warmupMax " + warmupMax + " is shorter than the warmup " + warmup + " it caps");
        }
        if (warmupMax != null && duration instanceof TestDuration.ByTime byTime && !incremental
                && time("warmupMax", warmupMax).compareTo(byTime.duration()) >= 0) {
            throw new IllegalArgumentException("warmupMax " + warmupMax + " must be shorter than the duration " + duration
                    + ": a sender that never got on schedule would leave nothing measured");
        }
    }

    /**
     * Refuses a route whose own duration the warm-up covers, or whose receivers would start only once its senders
     * have ended.
     */
    void refuseUnmeasured(TestPlan.Route route) {
        RouteSettings own = route.settings();
        TestDuration length = own.durationOr(duration);
        try {
            if (own.duration() != null || own.ownRate()) {
                refuseCoveredByWarmup("duration", length, own.ownRate() ? own.ownRatePerSecond() : rate.perSecond());
            }
            long late = own.receiverStartAfterMillisOr(0);
            if (late > 0 && length instanceof TestDuration.ByTime byTime && late >= byTime.duration().toMillis()) {
                throw new IllegalArgumentException("receiverStartAfter (" + late + " ms) must be"
                        + " shorter than the duration " + length + ": the receivers would start after the senders ended");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("route '" + route.name() + "': " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a test the warm-up covers entirely: a time no longer than the warm-up, or a message count the senders
     * reach within it at {@code perSecond} (all senders together). Flat out, a count's length is not known beforehand.
     */
    void refuseCoveredByWarmup(String what, TestDuration length, long perSecond) {
        Duration warm = time("warmup", warmup);
        if (length instanceof TestDuration.ByTime byTime && warm.compareTo(byTime.duration()) >= 0) {
            throw new IllegalArgumentException("warmup " + warmup + " must be shorter than the " + what + " " + length
                    + ": nothing would be measured");
        }
        if (length instanceof TestDuration.ByCount byCount && perSecond > 0 && !warm.isZero()) {
            long inWarmup = Math.multiplyHigh(perSecond, warm.toMillis()) != 0 ? Long.MAX_VALUE : perSecond * warm.toMillis() / 1000;
            if (byCount.messages() <= inWarmup) {
                throw new IllegalArgumentException("warmup " + warmup + " covers the whole " + what + " " + length + ": at "
                        + perSecond + " msg/s the senders send " + inWarmup + " messages within it; nothing would be measured");
            }
        }
    }
}
