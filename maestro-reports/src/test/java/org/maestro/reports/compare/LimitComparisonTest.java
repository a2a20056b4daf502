package org.maestro.reports.compare;

import org.junit.jupiter.api.Test;
import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;
import org.maestro.results.Summary;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two limit searches compared: the sustainable rate judged against both resolutions, the curves at common rates. */
class LimitComparisonTest {
    private static Incremental.Step step(long rate, boolean sustainable, double achieved, double p99) {
        return Incremental.Step.builder().rate(rate).verdict(sustainable ? Summary.PASSED : Summary.FAILED)
                .run("steps/" + rate)
                .receiveRate(achieved).p99Millis(p99).reasons(List.of()).phase(Incremental.Step.CLIMB)
                .sendRate(achieved)
                .p50Millis(p99 / 2).p999Millis(p99 * 2).sendDelayP99Millis(1.0).lost(0L).sustainable(sustainable)
                .build();
    }

    private static Incremental search(long sustainable, long unsustainable, long resolution) {
        return Incremental.of("s", 10_000, List.of(step(1000, true, 1000, 2), step(sustainable, true, sustainable, 5),
                step(unsustainable, false, unsustainable * 0.9, 500)), resolution, Incremental.STOPPED_RESOLUTION, "rule", 60.0, 600.0);
    }

    @Test
    void aFallBeyondBothResolutionsIsWorseAndWithinThemTheSame() {
        Incremental base = search(4000, 4100, 100);
        assertEquals("worse", new LimitComparison(base, search(3700, 3800, 100)).verdict());
        assertTrue(new LimitComparison(base, search(3700, 3800, 100)).isRegression());
        assertEquals("same", new LimitComparison(base, search(3850, 3950, 100)).verdict(), "150 msg/s is within 100 + 100");
        assertEquals("better", new LimitComparison(base, search(4500, 4600, 100)).verdict());
    }

    @Test
    void anAtLeastIsNeverCalledWorseAndTheCurvesLineUpByTargetRate() {
        Incremental capped = Incremental.of("s", 2000, List.of(step(1000, true, 1000, 2), step(2000, true, 2000, 3)), 100L,
                Incremental.STOPPED_MAX_RATE, "rule", 20.0, 600.0);
        Incremental base = search(4000, 4100, 100);
        assertEquals("unknown", new LimitComparison(base, capped).verdict(), "at least 2000: the limit may be anywhere above");
        List<String> lines = new LimitComparison(base, capped).lines();
        assertTrue(lines.get(0).startsWith("sustainable rate: baseline 4000 msg/s ± 100 msg/s"), lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.matches("1000\\s+1000 / 1000\\s+2 / 2")), String.join("\n", lines));
    }

    @Test
    void theConfirmationsAreSaidBesideTheSteps() {
        Incremental base = search(4000, 4100, 100);
        Incremental.Step held = step(3800, true, 3800, 5).toBuilder().phase(Incremental.Step.CONFIRM).build();
        Incremental.Step fell = step(4000, false, 3500, 900).toBuilder().phase(Incremental.Step.CONFIRM)
                .reasons(List.of("received 3500 msg/s")).build();
        Incremental run = search(4000, 4100, 100).withConfirmations(List.of(new Confirmation(4000, 30, "a cold start", fell),
                new Confirmation(3800, 30, "a cold start", held)));
        List<String> lines = new LimitComparison(base, run).lines();
        assertEquals("confirmation: baseline none ran; run confirmed at 3800 msg/s for 30 s from a cold start; not at 4000 msg/s"
                + " (received 3500 msg/s)", lines.get(1), String.join("\n", lines));
        assertTrue(new LimitComparison(base, base).lines().stream().noneMatch(l -> l.startsWith("confirmation")),
                "no line when neither search ran one");
    }
}
