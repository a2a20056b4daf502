package org.maestro.client.run.actions;

import org.maestro.client.plan.TestPlan;
import org.maestro.client.run.judge.SummaryBuilder;

/**
 * How one agent action went, before its cost is measured: what {@link AgentActions} hands to
 * {@link SummaryBuilder}.
 *
 * @param agent       the agent that ran it: the one the action named, one of the group it was for, or "" for the
 *                    test's one agent
 * @param outcome     the handler's outcome as the agent reported it, or the client's own ({@code Outcome}'s
 *                    wire names: refused, not-run or unknown)
 * @param exitStatus  the handler's exit status, -1 when it did not run or did not report
 * @param startMicros when the handler started (epoch µs), 0 when it did not
 * @param endMicros   when it ended (epoch µs), 0 when it did not
 */
public record ActionOutcome(TestPlan.Action action, String agent, String outcome, long exitStatus, String reason, long startMicros,
                     long endMicros) {
}
