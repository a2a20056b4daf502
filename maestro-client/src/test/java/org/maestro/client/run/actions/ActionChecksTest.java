package org.maestro.client.run.actions;

import org.maestro.results.Summary;
import org.junit.jupiter.api.Test;
import org.maestro.client.plan.Criterion;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.results.ActionResult;

/** An action that did not do its job fails; fault criteria are checked against every action. */
class ActionChecksTest {
    private static ActionResult action(String outcome, long exit, String reason, long outage, long recovery) {
        return new ActionResult("restart-broker.sh", List.of("/opt/artemis"), 10_000, "", "", outcome, exit, reason,
                0L, 0L, 0L, outage, recovery, "", 1, outage, "", 10_012L);
    }

    @Test
    void anActionThatDidNotSucceedIsAFailedCheckInTheHandlersWords() {
        List<Summary.Check> checks = ActionChecks.of(List.of(action("failed", 1, "exit status 1; last output: no broker", 0, -1),
                action("succeeded", 0, "", 2000, 3000)), List.of(), "");
        assertEquals(1, checks.size(), checks.toString());
        Summary.Check c = checks.get(0);
        assertFalse(c.passed());
        assertEquals("agent action restart-broker.sh [/opt/artemis] at 10.0 s", c.criterion());
        assertEquals("failed: exit status 1; last output: no broker", c.measured());
        assertEquals("failed with exit status 3", ActionChecks.of(List.of(action("failed", 3, "", 0, -1)), List.of(), "").get(0).measured());
        assertEquals("succeeded", c.bound());
        assertEquals("refused: no such handler", ActionChecks.of(List.of(action("refused", -1, "no such handler", 0, -1)),
                List.of(), "").get(0).measured());
    }

    @Test
    void faultCriteriaAreCheckedAgainstEveryAction() {
        List<Criterion> criteria = List.of(Criterion.parse("outage < 10 s"), Criterion.parse("recovery < 20 s"),
                Criterion.parse("loss == 0"));
        List<Summary.Check> checks = ActionChecks.of(List.of(action("succeeded", 0, "", 4000, 25_000),
                action("succeeded", 0, "", -1, -1), action("timed-out", -1, "did not end within 2m", 0, -1)), criteria, "");
        // the timed-out action itself, then outage and recovery for each of the three
        assertEquals(7, checks.size(), checks.toString());
        assertFalse(checks.get(0).passed());
        Summary.Check outage = checks.get(1);
        assertTrue(outage.passed(), outage.toString());
        assertEquals("outage < 10 s (restart-broker.sh [/opt/artemis] at 10.0 s)", outage.criterion());
        assertEquals("4000 ms", outage.measured());
        assertEquals("< 10000 ms", outage.bound());
        assertEquals("the flow did not resume within the test", checks.get(2).measured());
        assertEquals("n/a: the action timed-out", checks.get(3).measured());
        assertFalse(checks.get(4).passed(), "25 s is not < 20 s");
        assertTrue(checks.subList(2, 7).stream().noneMatch(Summary.Check::passed), checks.toString());
        Summary.Check none = ActionChecks.of(List.of(), criteria, "").get(0);
        assertFalse(none.passed());
        assertEquals("none: the test has no agent action", none.measured());
    }
}
