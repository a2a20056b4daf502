package org.maestro.client.run.actions;

import org.maestro.results.Summary;
import org.maestro.common.note.Outcome;
import org.maestro.client.plan.Criterion;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.results.ActionResult;

/**
 * The checks on the agent's actions: a fault that did not take place has tested nothing, so each
 * action that did not succeed (refused, failed, timed out, not run) is a failed check carrying the
 * handler's own words; and each fault criterion ({@code outage < 10 s}) is checked against every action, unless the
 * action's cost is unknown (the rate logs of a sender or receiver are missing): then it is not evaluated.
 */
public final class ActionChecks {
    /** The agent's word for an action that did its job (NOTIFY_HANDLER's outcome). */
    static final String SUCCEEDED = Outcome.SUCCEEDED.wireName();

    private ActionChecks() {
    }

    /**
     * Whether the action was fired and the agent ran its handler: anything but refused or not run. One that failed,
     * timed out or whose outcome never came may still have injected its fault (the router was stopped and did not come
     * back), so its cost is shown with its outcome, never "no fault took place".
     */
    public static boolean ran(ActionResult a) {
        return !a.outcome().equals(Outcome.NOT_RUN.wireName()) && !a.outcome().equals(Outcome.REFUSED.wireName());
    }

    /**
     * @param costUnknownWhy why an action's cost is unknown when it is (e.g. "data of receiver 'r' missing (...)")
     */
    public static List<Summary.Check> of(List<ActionResult> actions, List<Criterion> criteria, String costUnknownWhy) {
        List<Summary.Check> checks = new ArrayList<>();
        for (ActionResult a : actions) {
            if (!a.outcome().equals(SUCCEEDED)) {
                checks.add(new Summary.Check("agent action " + name(a), false, outcome(a), SUCCEEDED));
            }
        }
        for (Criterion c : criteria) {
            if (!c.isFault()) {
                continue;
            }
            String bound = c.operator() + " " + millis(c.bound());
            if (actions.isEmpty()) {
                checks.add(new Summary.Check(c.text(), false, "none: the test has no agent action", bound));
            }
            for (ActionResult a : actions) {
                checks.add(fault(c, a, bound, costUnknownWhy));
            }
        }
        return checks;
    }

    private static Summary.Check fault(Criterion c, ActionResult a, String bound, String costUnknownWhy) {
        String text = c.text() + " (" + name(a) + ")";
        if (!a.outcome().equals(SUCCEEDED)) {
            return new Summary.Check(text, false, "n/a: the action " + a.outcome(), bound);
        }
        Long known = c.metric().equals("outage") ? a.outageMillis() : a.recoveryMillis();
        if (known == null) {
            return Summary.Check.notEvaluated(text, costUnknownWhy.isEmpty() ? "the action's cost is unknown" : costUnknownWhy, bound);
        }
        long millis = known;
        if (millis < 0) {
            return new Summary.Check(text, false, c.metric().equals("outage") ? "the flow did not resume within the test"
                    : "the rate was not back within 5 % of the target within the test", bound);
        }
        return new Summary.Check(text, c.holds(millis * 1_000.0), millis + " ms", bound);
    }

    /** The action as the scenario planned it: {@code restart-broker.sh [/opt/artemis] at 10.0 s}, {@code router-2: ...}. */
    private static String name(ActionResult a) {
        return String.format(Locale.ROOT, "%s at %.1f s", a.describe(), a.atMillis() / 1000.0);
    }

    /** What happened, in the handler's (or the agent's) own words. */
    private static String outcome(ActionResult a) {
        if (a.reason().isEmpty()) {
            return a.outcome() + (a.exitStatus() >= 0 ? " with exit status " + a.exitStatus() : "");
        }
        return a.outcome() + ": " + a.reason();
    }

    private static String millis(double micros) {
        return String.format(Locale.ROOT, "%.0f ms", micros / 1_000);
    }
}
