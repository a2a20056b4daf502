package org.maestro.results;

import java.util.List;
import java.util.Locale;
import org.maestro.results.reduce.FaultAnalysis;

/**
 * One agent action on the test's timeline and what it cost (the costs are {@link FaultAnalysis}'s, which defines them).
 *
 * @param atMillis       when it was planned, from the start of the load
 * @param start          when the handler started (ISO-8601), "" when it did not run
 * @param end            when it ended
 * @param outcome        succeeded, failed, timed-out, refused, or not-run (with the reason)
 * @param lost           messages due between this action and the next that never arrived
 * @param duplicated     duplicated arrivals in that window
 * @param outOfOrder     out-of-order arrivals in that window
 * @param outageMillis   the longest stop in the flow after the action, its own length (0: it never stopped; -1: it did
 *                       not resume)
 * @param recoveryMillis from the action's start until the rate was back within 5 % of the target, after the first
 *                       stop (-1: it never was, or no target)
 *                       <p>The costs are null (unknown) when the action did not run, or when a sender's or
 *                       receiver's rate logs are missing.
 * @param agent          the agent that ran it (e.g. router-2, the agent beside that router); "" or null (a
 *                       summary written before agents were named): the test's one agent
 * @param stops          how many times the flow stopped after the action (a fault survived through another path:
 *                       going round, and coming back)
 * @param lastResumeMillis from the action's start until the flow resumed after its last stop (0: it never stopped;
 *                       -1: it did not resume)
 * @param group          the group of agents the action was addressed to, each agent's run a result of its own; "" or
 *                       null when it named one agent
 * @param startedAtMillis when the agent's handler started ({@code start}, the agent's measured time), in ms after
 *                       the load's start (the first sender's, as {@code atMillis} counts): how late it ran against
 *                       the plan. Null when it never started, or the load's start is unknown (no sender's files)
 */
public record ActionResult(String handler, List<String> args, long atMillis, String start, String end, String outcome,
                           long exitStatus, String reason, Long lost, Long duplicated, Long outOfOrder,
                           Long outageMillis, Long recoveryMillis, String agent, Integer stops, Long lastResumeMillis,
                           String group, Long startedAtMillis) {
    /** How a comparison and a history name the outage after the action at {@code index} (from 0) running {@code handler}. */
    public static String outageLabel(int index, String handler) {
        return "outage after action " + (index + 1) + " (" + handler + ")";
    }

    /** An action's result built part by part (summary.json's {@code actions[]} has the record's shape). */
    public static ActionResultBuilder builder() {
        return new ActionResultBuilder();
    }

    /**
     * {@code planned at 6.0 s, started at 6.013 s}: the plan's time and the agent's measured start (only the plan's
     * when it never started), the words the console and the report's chart markers use.
     */
    public String when() {
        return String.format(Locale.ROOT, "planned at %.1f s, ", atMillis / 1000.0)
                + (startedAtMillis == null ? "never started" : String.format(Locale.ROOT, "started at %.3f s",
                startedAtMillis / 1000.0));
    }

    /**
     * {@code router-2: restart-router.sh [..]} when an agent is named, {@code routers/router-2: …} when the action
     * went to a group, else the handler and its arguments.
     */
    public String describe() {
        String who = agent == null || agent.isEmpty() ? "" : (group == null || group.isEmpty() ? "" : group + "/") + agent + ": ";
        return who + handler + (args.isEmpty() ? "" : " " + args);
    }
}
