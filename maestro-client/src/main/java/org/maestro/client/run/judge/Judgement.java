package org.maestro.client.run.judge;

import org.HdrHistogram.Histogram;
import org.maestro.client.plan.Criterion;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.results.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.client.run.actions.ActionChecks;
import org.maestro.results.ActionResult;

/**
 * The criteria checked against the run's figures, and the verdict with its reasons: ERROR when a figure the verdict
 * rests on is unknown (a worker's data missing, an error, a check not evaluated), else FAILED or PASSED.
 *
 * @param checks  every check: the senders off schedule, those with nothing measured, the criteria, the actions'
 * @param verdict {@link Summary#PASSED}, {@link Summary#FAILED} or {@link Summary#ERROR}
 * @param reasons why, when it did not pass
 */
record Judgement(List<Summary.Check> checks, String verdict, List<String> reasons) {

    static Judgement of(TestPlan plan, List<PeerInfo> peers, SummaryBuilder.Observed seen, PeerFigures figures,
                        Summary.Totals totals, List<ActionResult> actions) {
        List<String> workersMissing = figures.workersMissing();
        List<Summary.Check> unmeasured = new ArrayList<>(figures.unmeasured);
        List<Summary.Check> checks = new ArrayList<>(figures.offSchedule);
        checks.addAll(figures.unmeasured);
        // Judged and found wanting (or not applicable), not unknown: these leave the verdict FAILED or PASSED, not ERROR.
        List<Summary.Check> notJudgedOffSchedule = new ArrayList<>();
        for (Criterion c : plan.criteria()) {
            if (c.isFault()) {
                continue;
            }
            List<String> needs = switch (c.metric()) {
                case "latency" -> figures.all.receiversMissing;
                case "send-delay" -> figures.all.sendersMissing;
                default -> workersMissing;
            };
            boolean latency = c.metric().equals("latency") || c.metric().equals("send-delay");
            if (needs.isEmpty() && latency && !figures.offSchedule.isEmpty()) {
                // Its percentile would measure the senders catching up, not the SUT: misleading, so not given as a verdict.
                Summary.Check unjudged = Summary.Check.notEvaluated(c.text(), String.join(", ", figures.offScheduleSenders)
                        + " never got on schedule during the warm-up: the measured period starts with its catching up",
                        c.operator() + " " + bound(c));
                notJudgedOffSchedule.add(unjudged);
                checks.add(unjudged);
                continue;
            }
            if (c.metric().equals("rate-percent") && plan.targetRate().isFlatOut()) {
                // A share of no target: the criterion does not apply to a flat-out run, which is neither failed by it
                // nor left unjudged (a clean flat-out run passes).
                Summary.Check notApplicable = Summary.Check.notApplicable(c.text(), "the test ran flat out: there is no target rate",
                        c.operator() + " " + bound(c));
                notJudgedOffSchedule.add(notApplicable);
                checks.add(notApplicable);
                continue;
            }
            Summary.Check check = needs.isEmpty() ? check(c, plan, totals, figures.all.response, figures.all.delay)
                    : Summary.Check.notEvaluated(c.text(), String.join("; ", needs), c.operator() + " " + bound(c));
            if (needs.isEmpty() && !check.evaluated()) {
                // Nothing measured because a sender never got on schedule: that failed check is the verdict's reason.
                (figures.offSchedule.isEmpty() ? unmeasured : notJudgedOffSchedule).add(check);
            }
            checks.add(check);
        }
        checks.addAll(ActionChecks.of(actions, plan.criteria(), String.join("; ", workersMissing)));
        List<String> reasons = new ArrayList<>(seen.errors());
        reasons.addAll(workersMissing);
        // Why a check with all its data at hand was not evaluated: the verdict must not be an error without a reason.
        unmeasured.forEach(c -> reasons.add(c.criterion() + ": " + c.measured()));
        // An inspector's or agent's files are no figure of the verdict: their absence is told, not judged.
        for (PeerInfo p : peers) {
            if (p.role() != Role.SENDER && p.role() != Role.RECEIVER && seen.dataMissing().containsKey(p.id())) {
                reasons.add(SummaryBuilder.missingText(p, seen.dataMissing().get(p.id())));
            }
        }
        String verdict;
        if (!seen.errors().isEmpty() || !workersMissing.isEmpty()
                || checks.stream().anyMatch(c -> !c.evaluated() && !notJudgedOffSchedule.contains(c))) {
            // The figures the verdict rests on are not all known: neither passed nor failed.
            verdict = Summary.ERROR;
        } else {
            checks.stream().filter(Summary.Check::failed).forEach(c -> reasons.add(c.failureReason()));
            verdict = checks.stream().noneMatch(Summary.Check::failed) ? Summary.PASSED : Summary.FAILED;
        }
        return new Judgement(checks, verdict, reasons);
    }

    /**
     * Checks one criterion against the run's figures; "not evaluated" when its figure has no sample (nothing measured
     * after the warm-up) or no meaning (a share of the target rate in a test run flat out): a figure of nothing is not 0.
     */
    private static Summary.Check check(Criterion c, TestPlan plan, Summary.Totals totals, Histogram response, Histogram delay) {
        double measured;
        String shown;
        String bound = c.operator() + " " + bound(c);
        switch (c.metric()) {
            case "latency", "send-delay" -> {
                Histogram h = c.metric().equals("latency") ? response : delay;
                if (h.getTotalCount() == 0) {
                    return Summary.Check.notEvaluated(c.text(), "no " + (c.metric().equals("latency") ? "message was received"
                            : "message was sent") + " after the warm-up: its " + c.metric().replace('-', ' ') + " is unknown", bound);
                }
                measured = c.percentile() >= 100 ? h.getMaxValue() : h.getValueAtPercentile(c.percentile());
                shown = String.format(Locale.ROOT, "%.3f ms", measured / 1000.0);
            }
            case "rate", "rate-percent" -> {
                long target = plan.targetRate().perSecond();
                if (c.metric().equals("rate-percent") && target == 0) {
                    return Summary.Check.notApplicable(c.text(), "the test ran flat out: there is no target rate", bound);
                }
                if (totals.sendRate() == null || totals.receiveRate() == null) {
                    return Summary.Check.notEvaluated(c.text(), "no message was " + (totals.sendRate() == null ? "sent" : "received")
                            + " after the warm-up: the rate is unknown", bound);
                }
                double achieved = Math.min(totals.sendRate(), totals.receiveRate());
                measured = c.metric().equals("rate") ? achieved : 100.0 * achieved / target;
                shown = c.metric().equals("rate") ? String.format(Locale.ROOT, "%.1f msg/s", measured)
                        : String.format(Locale.ROOT, "%.1f %% (%.1f of %d msg/s)", measured, achieved, target);
            }
            default -> {
                measured = totals.lost();
                shown = totals.lost() + " message(s)";
            }
        }
        return new Summary.Check(c.text(), c.holds(measured), shown, bound);
    }

    private static String bound(Criterion c) {
        return switch (c.metric()) {
            case "latency", "send-delay" -> String.format(Locale.ROOT, "%.3f ms", c.bound() / 1000.0);
            case "rate" -> String.format(Locale.ROOT, "%.1f msg/s", c.bound());
            case "rate-percent" -> String.format(Locale.ROOT, "%.1f %%", c.bound());
            default -> (long) c.bound() + " message(s)";
        };
    }
}
