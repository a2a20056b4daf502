package org.maestro.client.run.search;

import org.maestro.client.plan.TestPlan;
import org.maestro.results.Incremental;
import org.maestro.results.Summary;

/**
 * Where a search for the highest sustainable rate goes next, from the steps judged so far: a coarse climb from
 * startRate by step (up to maxRate) until a step is not sustainable, then a bisection between the highest sustainable
 * and the lowest unsustainable rate until they are at most the resolution apart. A borderline step is run again before
 * it counts; no step starts that would not end within the time cap. When the first step is not sustainable the search
 * goes down instead: it halves the rate until a step is sustainable (then bisects up between it and the lowest rate that
 * was not) or the next half would be below the floor, the resolution (a rate below the resolution cannot be told from
 * zero at that resolution). Pure logic: the executor runs the steps.
 */
final class LimitSearch {
    /** The next step: its rate and phase ({@link Incremental.Step#CLIMB}, DESCEND, BISECT or REPEAT). */
    record Next(long rate, String phase) {
    }

    private final TestPlan.Incremental plan;
    private Long sustainable;
    private Long unsustainable;
    /** A borderline step waiting for its repeat; null when none. */
    private Incremental.Step pendingRepeat;
    private String stoppedBy;

    LimitSearch(TestPlan.Incremental plan) {
        this.plan = plan;
    }

    /**
     * The next step to run, or null when the search is over ({@link #stoppedBy} says why).
     *
     * @param elapsedSeconds  the search's time so far
     * @param stepSeconds     how long a step takes, set-up and collection included (the longest so far)
     */
    Next next(double elapsedSeconds, double stepSeconds) {
        if (stoppedBy != null) {
            return null;
        }
        Next next = candidate();
        if (next != null && elapsedSeconds + stepSeconds > plan.maxTime().toMillis() / 1000.0) {
            stoppedBy = Incremental.STOPPED_TIME_CAP;
            return null;
        }
        return next;
    }

    private Next candidate() {
        if (pendingRepeat != null) {
            return new Next(pendingRepeat.rate(), Incremental.Step.REPEAT);
        }
        if (unsustainable == null) {
            long rate = sustainable == null ? plan.startRate() : Math.min(plan.maxRate(), sustainable + plan.step());
            if (sustainable != null && sustainable >= plan.maxRate()) {
                stoppedBy = Incremental.STOPPED_MAX_RATE;
                return null;
            }
            return new Next(rate, Incremental.Step.CLIMB);
        }
        if (sustainable == null) {
            long half = unsustainable / 2;
            if (half < Math.max(1, plan.resolution())) {
                stoppedBy = Incremental.STOPPED_FLOOR;
                return null;
            }
            return new Next(half, Incremental.Step.DESCEND);
        }
        if (unsustainable - sustainable <= plan.resolution()) {
            stoppedBy = Incremental.STOPPED_RESOLUTION;
            return null;
        }
        return new Next(sustainable + (unsustainable - sustainable) / 2, Incremental.Step.BISECT);
    }

    /** Takes a step's result into account; returns the step as it counts (a repeat judged with its first run). */
    Incremental.Step record(Incremental.Step step) {
        if (step.unjudged()) {
            stoppedBy = Summary.INTERRUPTED.equals(step.verdict()) ? Summary.INTERRUPTED : Summary.ERROR;
            return step;
        }
        Incremental.Step counted = step;
        if (pendingRepeat != null && pendingRepeat.rate() == step.rate()) {
            counted = step.afterRepeatOf(pendingRepeat);
            pendingRepeat = null;
        } else if (step.borderline()) {
            pendingRepeat = step;
            return step;
        }
        if (counted.passed()) {
            sustainable = sustainable == null ? counted.rate() : Math.max(sustainable, counted.rate());
        } else {
            unsustainable = unsustainable == null ? counted.rate() : Math.min(unsustainable, counted.rate());
        }
        return counted;
    }

    /** Why the search ended; null while it goes on. */
    String stoppedBy() {
        return stoppedBy;
    }
}
