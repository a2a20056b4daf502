package org.maestro.common.util;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LogBudgetTest {
    @Test
    void aFloodIsLoggedUpToTheBudgetAndTheNextWindowSaysHowManyWereHeldBack() {
        AtomicLong now = new AtomicLong();
        LogBudget budget = new LogBudget(3, Duration.ofSeconds(10), now::get);
        for (int i = 0; i < 3; i++) {
            assertEquals(0, budget.take());
        }
        for (int i = 0; i < 1000; i++) {
            assertEquals(-1, budget.take());
        }
        now.addAndGet(Duration.ofSeconds(9).toNanos());
        assertEquals(-1, budget.take(), "still the same window");
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertEquals(1001, budget.take(), "the first line of the next window counts what was held back");
        assertEquals(0, budget.take());
        assertEquals(" (1001 more not logged)", LogBudget.heldBackText(1001));
        assertEquals("", LogBudget.heldBackText(0));
    }
}
