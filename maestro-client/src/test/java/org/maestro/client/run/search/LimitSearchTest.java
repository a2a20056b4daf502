package org.maestro.client.run.search;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.units.TestDuration;
import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;
import org.maestro.results.Summary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search's logic alone, against a judge with a known limit: where it goes, where it stops, and why. */
class LimitSearchTest {
    private static final double STEP_SECONDS = 10;

    private static TestPlan.Incremental plan(long start, long step, long max, long resolution, Duration maxTime) {
        return new TestPlan.Incremental(start, step, max, TestDuration.parse("10s"), resolution, maxTime, 50, 0.03);
    }

    /** A step at {@code rate}: sustainable (or not), borderline when told. */
    private static Incremental.Step step(long rate, String phase, boolean sustainable, boolean borderline) {
        return Incremental.Step.builder().rate(rate).verdict(sustainable ? Summary.PASSED : Summary.FAILED)
                .run("steps/" + rate)
                .receiveRate((double) rate).p99Millis(1.0).reasons(List.of()).phase(phase).sendRate((double) rate)
                .p50Millis(0.5)
                .p999Millis(2.0).sendDelayP99Millis(1.0).lost(0L).sustainable(sustainable).borderline(borderline)
                .build();
    }

    /** Runs the search against {@code judge}; returns the result as the executor writes it. */
    private static Incremental search(TestPlan.Incremental plan, LongFunction<Incremental.Step> judge) {
        LimitSearch search = new LimitSearch(plan);
        List<Incremental.Step> steps = new ArrayList<>();
        for (LimitSearch.Next next = search.next(0, STEP_SECONDS); next != null;
             next = search.next(steps.size() * STEP_SECONDS, STEP_SECONDS)) {
            Incremental.Step s = judge.apply(next.rate());
            steps.add(search.record(s.toBuilder().phase(next.phase()).build()));
        }
        return Incremental.of("t", plan.maxRate(), steps, plan.resolution(), search.stoppedBy(), "rule", steps.size() * STEP_SECONDS,
                plan.maxTime().toSeconds() * 1.0);
    }

    @Test
    void climbsThenBisectsToWithinItsResolutionOfAKnownLimit() {
        for (long limit : new long[]{730, 1000, 1999, 4321}) {
            Incremental r = search(plan(500, 1000, 20_000, 50, Duration.ofHours(1)), rate -> step(rate, null, rate <= limit, false));
            assertEquals(Incremental.STOPPED_RESOLUTION, r.stoppedBy(), r.toString());
            assertTrue(r.sustainableRate() <= limit && limit - r.sustainableRate() < 50, limit + " found as " + r.sustainableRate());
            assertTrue(r.unsustainableRate() - r.sustainableRate() <= 50, r.toString());
            assertTrue(r.sustainableText().startsWith(r.sustainableRate() + " msg/s ± "), r.sustainableText());
            assertTrue(r.steps().stream().anyMatch(s -> Incremental.Step.BISECT.equals(s.phase())), "it bisected");
        }
    }

    @Test
    void aBorderlineStepIsRunAgainAndTheRepeatDecides() {
        List<Long> ran = new ArrayList<>();
        Incremental r = search(plan(500, 500, 2000, 500, Duration.ofHours(1)), rate -> {
            ran.add(rate);
            // 1000 is borderline: sustained the first time, not the second.
            boolean first = ran.stream().filter(x -> x == rate).count() == 1;
            return rate == 1000 ? step(rate, null, first, true) : step(rate, null, rate < 1000, false);
        });
        assertEquals(List.of(500L, 1000L, 1000L), ran);
        assertEquals(Incremental.Step.REPEAT, r.steps().get(2).phase());
        assertEquals(false, r.steps().get(2).sustainable(), "the repeat decides");
        assertTrue(r.steps().get(2).reasons().contains("run again after a borderline run that was sustainable"), r.steps().get(2).toString());
        assertEquals(500L, r.sustainableRate());
        assertEquals(1000L, r.unsustainableRate());
    }

    @Test
    void whenNothingFailsUpToMaxRateTheResultIsAtLeast() {
        Incremental r = search(plan(1000, 1000, 3000, 100, Duration.ofHours(1)), rate -> step(rate, null, true, false));
        assertEquals(Incremental.STOPPED_MAX_RATE, r.stoppedBy());
        assertTrue(r.lowerBound());
        assertEquals("at least 3000 msg/s (every step up to 3000 msg/s was sustainable)", r.sustainableText());
    }

    @Test
    void theTimeCapStopsTheSearchBeforeAStepThatWouldNotFit() {
        Incremental climbing = search(plan(1000, 1000, 100_000, 100, Duration.ofSeconds(35)), rate -> step(rate, null, true, false));
        assertEquals(3, climbing.steps().size(), "three 10 s steps fit in 35 s, a fourth would not");
        assertEquals(Incremental.STOPPED_TIME_CAP, climbing.stoppedBy());
        assertEquals("at least 3000 msg/s (the time cap stopped the search)", climbing.sustainableText());
        Incremental bisecting = search(plan(1000, 1000, 100_000, 10, Duration.ofSeconds(45)), rate -> step(rate, null, rate <= 2300, false));
        assertEquals(Incremental.STOPPED_TIME_CAP, bisecting.stoppedBy());
        assertTrue(bisecting.sustainableText().contains("the time cap stopped the bisection before its resolution of 10"),
                bisecting.sustainableText());
    }

    @Test
    void aFirstStepNotSustainedSearchesDownwardsThenBisectsUp() {
        Incremental r = search(plan(1000, 1000, 5000, 20, Duration.ofHours(1)), rate -> step(rate, null, rate <= 180, false));
        List<Long> rates = r.steps().stream().map(Incremental.Step::rate).toList();
        assertEquals(List.of(1000L, 500L, 250L, 125L), rates.subList(0, 4), "halves from the first step until one passes");
        assertTrue(r.steps().subList(1, 4).stream().allMatch(s -> Incremental.Step.DESCEND.equals(s.phase())), r.steps().toString());
        assertTrue(r.steps().subList(4, r.steps().size()).stream().allMatch(s -> Incremental.Step.BISECT.equals(s.phase())),
                "then bisects up: " + r.steps());
        assertEquals(Incremental.STOPPED_RESOLUTION, r.stoppedBy());
        assertTrue(r.sustainableRate() <= 180 && 180 - r.sustainableRate() < 20, r.sustainableText());
        assertEquals(Summary.PASSED, r.verdict());
    }

    @Test
    void nothingSustainableDownToTheFloorLeavesTheRateUnknownAndAnErrorStopsTheSearch() {
        Incremental none = search(plan(1000, 1000, 5000, 100, Duration.ofHours(1)), rate -> step(rate, null, false, false));
        assertEquals(List.of(1000L, 500L, 250L, 125L), none.steps().stream().map(Incremental.Step::rate).toList(),
                "the next half, 62, is below the floor (the resolution, 100)");
        assertEquals(Incremental.STOPPED_FLOOR, none.stoppedBy());
        assertEquals(Summary.FAILED, none.verdict());
        assertEquals("unknown (no step was sustainable; the lowest step at 125 msg/s was not)", none.sustainableText());
        Incremental error = search(plan(1000, 1000, 5000, 100, Duration.ofHours(1)), rate -> rate == 1000 ? step(rate, null, true, false)
                : new Incremental.Step(rate, Summary.ERROR, "steps/x", null, null, List.of("no peer")));
        assertEquals(Summary.ERROR, error.stoppedBy());
        assertEquals(Summary.ERROR, error.verdict());
        assertEquals(2, error.steps().size());
    }

    /** A confirmation run at {@code rate} that achieved {@code achieved} msg/s, held or not. */
    private static Confirmation confirmation(long rate, double achieved, boolean held) {
        Incremental.Step figures = step(rate, Incremental.Step.CONFIRM, held, false).toBuilder().receiveRate(achieved)
                .reasons(held ? List.of() : List.of("received " + achieved + " msg/s")).build();
        return new Confirmation(rate, 30, "a cold start", figures);
    }

    @Test
    void aConfirmationThatDoesNotHoldLowersTheRateToWhatItAchievedOrByAtLeastFivePerCent() {
        assertEquals(10_500, IncrementalExecutor.lowered(17_000, 10_569.0, 250), "no higher than the achieved rate");
        assertEquals(16_150, IncrementalExecutor.lowered(17_000, 16_990.0, 250), "5 % lower when it nearly held");
        assertEquals(16_000, IncrementalExecutor.lowered(17_000, null, 1000), "at least the resolution lower");
        assertEquals(90, IncrementalExecutor.lowered(100, null, 10), "at least the resolution lower");
        assertTrue(IncrementalExecutor.lowered(10, 3.0, 10) <= 0, "nothing left to try below the resolution");
        // After one held: half-way up to the lowest that did not, until they are 5 % or the resolution apart.
        assertEquals(11_000, IncrementalExecutor.between(6_250, 15_750, 250));
        assertEquals(8_500, IncrementalExecutor.between(6_250, 11_000, 250), "rounded down to the resolution");
        assertEquals(0, IncrementalExecutor.between(15_000, 15_750, 250), "within 5 %: nothing left to try");
        assertEquals(0, IncrementalExecutor.between(100, 110, 10), "within the resolution");
    }

    @Test
    void theConfirmedRateIsTheAnswerAndItsRunsAreKeptInOrder() {
        Incremental steps = search(plan(500, 1000, 20_000, 50, Duration.ofHours(1)), rate -> step(rate, null, rate <= 1000, false));
        assertEquals(1000L, steps.limitRate(), "before any confirmation: the steps' rate");
        Incremental r = steps.withConfirmations(List.of(confirmation(1000, 700, false), confirmation(650, 650, true)));
        assertEquals(Summary.PASSED, r.verdict());
        assertEquals(1000L, r.sustainableRate(), "the steps' answer is kept beside it");
        assertEquals(650, r.confirmed().rate());
        assertEquals(650L, r.limitRate());
        assertEquals("confirmed at 650 msg/s for 30 s from a cold start; not at 1000 msg/s (received 700.0 msg/s)", r.confirmedText());
        List<String> table = new CurveTable(r).lines();
        assertTrue(table.stream().anyMatch(l -> l.startsWith("c1") && l.contains("did NOT hold")), table.toString());
        assertTrue(table.stream().anyMatch(l -> l.startsWith("c2") && l.contains("held (30 s from a cold start)")), table.toString());
    }

    @Test
    void whenNoConfirmationHoldsTheSearchFailsAndHasNoLimit() {
        Incremental steps = search(plan(500, 1000, 20_000, 50, Duration.ofHours(1)), rate -> step(rate, null, rate <= 1000, false));
        Incremental r = steps.withConfirmations(List.of(confirmation(1000, 500, false), confirmation(500, 450, false)));
        assertEquals(Summary.FAILED, r.verdict());
        assertNull(r.confirmed());
        assertNull(r.limitRate());
        assertTrue(r.confirmedText().startsWith("not confirmed: 2 run(s) of 30 s from a cold start did not hold at 1000 msg/s"),
                r.confirmedText());
    }
}
