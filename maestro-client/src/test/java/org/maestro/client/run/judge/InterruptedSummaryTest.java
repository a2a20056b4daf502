package org.maestro.client.run.judge;

import org.maestro.results.Summary;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An interrupted run keeps its figures, but a figure over the part that ran does not judge the test's criteria. */
class InterruptedSummaryTest {
    @Test
    void anInterruptedRunsCriteriaAreNotEvaluatedAndItsReasonsKeepOnlyTheInterruption() {
        Summary.Latency none = new Summary.Latency(0, 0, 0, 0, 0, 0);
        Summary.Totals totals = new Summary.Totals(614L, 614L, 0L, 0L, 0L, 200.0, 200.0, none, none, none);
        List<Summary.Check> checks = List.of(new Summary.Check("rate >= 200/s", false, "180.0 msg/s", ">= 200.0 msg/s"),
                new Summary.Check("loss == 0", true, "0 message(s)", "== 0 message(s)"));
        Summary ran = Summary.builder().testId("t-1").name("fixed-rate").description("").start("2026-01-01T00:00:00Z")
                .end("2026-01-01T00:00:05Z").parameters(Map.of()).totals(totals).checks(checks).verdict(Summary.FAILED)
                .reasons(List.of("interrupted by SIGINT 3.0 s into the load", "rate >= 200/s: measured 180.0 msg/s"))
                .build();

        Summary s = ran.interrupted();

        assertEquals(Summary.INTERRUPTED, s.verdict());
        assertEquals(130, s.exitCode());
        assertTrue(s.checks().stream().noneMatch(Summary.Check::evaluated), s.checks().toString());
        assertNull(s.checks().get(0).passed());
        assertEquals("not evaluated: the run was interrupted (measured 180.0 msg/s over the part that ran)", s.checks().get(0).measured());
        assertEquals(List.of("interrupted by SIGINT 3.0 s into the load"), s.reasons());
        assertEquals(614L, s.totals().sent(), "the figures are kept");
    }
}
