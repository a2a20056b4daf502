package org.maestro.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.results.reduce.QueueBacklog;


/**
 * Whether a SUT sustained a step of a limit search: not only the user's criteria (the step's verdict), but the four
 * signs that a rate cannot be kept up for long, each read from the step's summary.json totals:
 * <ul>
 *   <li>the senders stay on schedule: send rate at least {@code 1 - rateTolerance} of the target, and send delay p99
 *       at most {@code sendDelayMaxMillis} (a sender falling behind has a delay that grows with time);</li>
 *   <li>the backlog does not grow: when an inspector sampled the SUT's queues ({@link QueueBacklog}), their depth grows
 *       by at most {@code rateTolerance} of the send rate per second; without one, receive rate at least
 *       {@code 1 - rateTolerance} of the send rate;</li>
 *   <li>nothing lost;</li>
 *   <li>the step's criteria passed (the user's p99 bound is one of them, an {@code expect}).</li>
 * </ul>
 * A step is borderline when a measure sits near its bound (a rate shortfall between half and twice the tolerance,
 * a send delay between half and twice its bound) and nothing failed beyond that (a criterion, a loss, a measure far past
 * its bound): one noisy second may have decided it, so the search runs it again.
 *
 * @param rateTolerance      the shortfall of a rate still taken as keeping up, a fraction (0.03: 3 %)
 * @param sendDelayMaxMillis the send delay p99 of a sender still on schedule
 */
public record Sustainability(double rateTolerance, double sendDelayMaxMillis) {
    public static final double DEFAULT_RATE_TOLERANCE = 0.03;
    public static final double DEFAULT_SEND_DELAY_MAX_MILLIS = 50;
    public static final Sustainability DEFAULT = new Sustainability(DEFAULT_RATE_TOLERANCE, DEFAULT_SEND_DELAY_MAX_MILLIS);

    public Sustainability {
        if (!(rateTolerance > 0 && rateTolerance < 1) || !(sendDelayMaxMillis > 0)) {
            throw new IllegalArgumentException("sustainability needs a rate tolerance between 0 and 1 and a send delay bound > 0");
        }
    }

    /** The rule in words, as incremental.json and the report state it. */
    public String rule() {
        return String.format(Locale.ROOT, "sustainable: the step's criteria passed, send rate >= %s %% of the target, "
                        + "receive rate >= %s %% of the send rate (with an inspector of the queues, %d samples or more in the step: "
                        + "their depth grows by at most %s %% of the send rate per second), send delay p99 <= %s ms, nothing lost; borderline "
                        + "(run again): a rate short by %s-%s %% or a send delay p99 of %s-%s ms",
                pct(1 - rateTolerance), pct(1 - rateTolerance), QueueBacklog.MIN_SAMPLES, pct(rateTolerance), num(sendDelayMaxMillis), pct(rateTolerance / 2),
                pct(rateTolerance * 2), num(sendDelayMaxMillis / 2), num(sendDelayMaxMillis * 2));
    }

    /**
     * The judgement of one step.
     *
     * @param sustainable null when the step could not be judged (it did not run: error or interrupted)
     * @param borderline  a measure sat near its bound
     * @param reasons     why it was not sustainable (or why it was borderline)
     */
    public record Judgement(Boolean sustainable, boolean borderline, List<String> reasons) {
    }

    /** Judges a step that ran at {@code targetRate} msg/s with the summary {@code s}, no inspector of its queues. */
    public Judgement judge(long targetRate, Summary s) {
        return judge(targetRate, s, null);
    }

    /**
     * Judges a step that ran at {@code targetRate} msg/s with the summary {@code s} and, when an inspector sampled the
     * SUT's queues, their {@code backlog} (null when none did): it then judges the backlog instead of the rates' ratio,
     * unless it had too few samples to tell a trend ({@link QueueBacklog#judged()}): then the rates, and a reason says why.
     */
    public Judgement judge(long targetRate, Summary s, QueueBacklog backlog) {
        if (Summary.ERROR.equals(s.verdict()) || Summary.INTERRUPTED.equals(s.verdict())) {
            return new Judgement(null, false, List.of("the step " + (Summary.ERROR.equals(s.verdict()) ? "could not run" : "was interrupted")
                    + (s.reasons().isEmpty() ? "" : ": " + String.join("; ", s.reasons()))));
        }
        List<String> failed = new ArrayList<>();
        List<String> near = new ArrayList<>();
        if (Summary.FAILED.equals(s.verdict())) {
            failed.add("criteria: " + String.join("; ", s.reasons()));
        }
        Summary.Totals t = s.totals();
        if (t == null || t.sendRate() == null || t.receiveRate() == null) {
            failed.add("rates unknown (nothing measured after the warm-up, or a peer's files are missing)");
            return new Judgement(false, false, List.copyOf(failed));
        }
        rate("send rate", t.sendRate(), targetRate, "the target", failed, near);
        if (backlog == null || !backlog.judged()) {
            rate("receive rate", t.receiveRate(), t.sendRate(), "the send rate", failed, near);
        } else {
            backlog(backlog, t.sendRate(), failed, near);
        }
        Summary.Latency delay = Summary.Latency.known(t.sendDelay());
        if (delay != null) {
            String text = String.format(Locale.ROOT, "send delay p99 %s ms (bound %s ms)", num(delay.p99()), num(sendDelayMaxMillis));
            if (delay.p99() > sendDelayMaxMillis) {
                failed.add(text);
            }
            if (delay.p99() > sendDelayMaxMillis / 2 && delay.p99() <= sendDelayMaxMillis * 2) {
                near.add(text);
            }
        }
        if (t.lost() == null) {
            failed.add("loss unknown");
        } else if (t.lost() > 0) {
            failed.add(t.lost() + " message(s) lost");
        }
        boolean sustainable = failed.isEmpty();
        List<String> reasons = new ArrayList<>(failed);
        near.stream().filter(n -> !reasons.contains(n)).map(n -> "near its bound: " + n).forEach(reasons::add);
        if (backlog != null && !backlog.judged()) { // an inspector of the queues was there, yet the rates decided: said
            reasons.add("queue growth not judged: " + backlog.samples() + " inspector sample(s) in the step's span, "
                    + QueueBacklog.MIN_SAMPLES + " needed; judged by the rates");
        }
        // Borderline only when a second run could turn the verdict: every failure (if any) was near its bound.
        boolean borderline = !near.isEmpty() && near.containsAll(failed);
        return new Judgement(sustainable, borderline, List.copyOf(reasons));
    }

    private void backlog(QueueBacklog b, double sendRate, List<String> failed, List<String> near) {
        double bound = rateTolerance * sendRate;
        String text = String.format(Locale.ROOT, "queue depth grew %s msg/s (%d to %d messages in %s s, %d samples; bound %s msg/s,"
                        + " %s %% of the send rate)", num(b.growthPerSecond()), b.firstMessages(), b.lastMessages(), num(b.spanSeconds()),
                b.samples(), num(bound), pct(rateTolerance));
        if (b.growthPerSecond() > bound) {
            failed.add(text);
        }
        if (b.growthPerSecond() > bound / 2 && b.growthPerSecond() <= bound * 2) {
            near.add(text);
        }
    }

    private void rate(String what, double measured, double reference, String of, List<String> failed, List<String> near) {
        double shortfall = reference <= 0 ? 0 : 1 - measured / reference;
        String text = String.format(Locale.ROOT, "%s %s msg/s is %s %% of %s", what, num(measured), pct(measured / reference), of);
        if (shortfall > rateTolerance) {
            failed.add(text);
        }
        if (shortfall > rateTolerance / 2 && shortfall <= rateTolerance * 2) {
            near.add(text);
        }
    }

    private static String pct(double fraction) {
        return num(fraction * 100);
    }

    private static String num(double v) {
        return Format.number(v);
    }
}
