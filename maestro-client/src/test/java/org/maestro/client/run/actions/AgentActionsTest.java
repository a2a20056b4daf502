package org.maestro.client.run.actions;

import org.junit.jupiter.api.Test;
import org.maestro.client.plan.TestPlan;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An action that was fired is never "not run", whatever ended the test before its outcome came. */
class AgentActionsTest {
    private static final TestPlan.Action RESTART = new TestPlan.Action(6_000, "restart-router.sh", List.of(), "router-2");

    @Test
    void aFiredActionWithoutOutcomeIsUnknownAndTimedFromWhenItWasFired() {
        AgentActions.Scheduled run = new AgentActions.Scheduled(RESTART, null, "router-2");
        run.firedEpochMicros = 1_700_000_000_000_000L;
        run.giveUp("fired, but the test ended before the agent told its outcome");
        ActionOutcome o = run.done();
        assertEquals("unknown", o.outcome());
        assertEquals(1_700_000_000_000_000L, o.startMicros(), "its cost is measured from when it was fired");
        assertEquals("fired, but the test ended before the agent told its outcome", o.reason());
    }

    @Test
    void anActionNeverFiredWasNotRunAndAnOutcomeThatCameStays() {
        AgentActions.Scheduled never = new AgentActions.Scheduled(RESTART, null, "router-2");
        never.giveUp("fired, but …");
        assertEquals("not-run", never.done().outcome());
        assertEquals(0, never.done().startMicros());

        AgentActions.Scheduled told = new AgentActions.Scheduled(RESTART, null, "router-2");
        told.firedEpochMicros = 5;
        told.finish("failed", 1, "router not listening within 30 s", 6, 9);
        told.giveUp("fired, but …");
        assertEquals("failed", told.done().outcome());
    }
}
