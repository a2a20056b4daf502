package org.maestro.client.run;

import java.util.List;
import java.util.Map;

/**
 * summary.json: what a run was and what it measured. Times are milliseconds with three decimals
 * (microsecond resolution), rates messages per second. Message counts (sent, received, lost...) cover the whole
 * test, warm-up included, so that loss adds up; rates and latency leave out the warm-up.
 */
public record Summary(String testId, String name, List<String> tags, String description, String start, String end,
                      Map<String, Object> parameters, List<PeerResult> peers, Totals totals, List<Check> checks,
                      List<ActionResult> actions, String verdict, List<String> reasons) {

    public static final String PASSED = "passed";
    public static final String FAILED = "failed";
    public static final String ERROR = "error";

    /** Latency percentiles in milliseconds; count = values measured. */
    public record Latency(long count, double p50, double p90, double p99, double p999, double max) {
    }

    /**
     * One peer's results.
     *
     * @param end   how it ended: the text of its NOTIFY_SUCCESS / NOTIFY_FAIL, or what happened
     */
    public record PeerResult(String name, String role, String host, long messages, double rate, Latency responseTime,
                             Latency serviceTime, Latency sendDelay, long lost, long duplicated, long outOfOrder,
                             boolean ok, String end, List<String> files) {
    }

    public record Totals(long sent, long received, long lost, long duplicated, long outOfOrder, double sendRate,
                         double receiveRate, Latency responseTime, Latency serviceTime, Latency sendDelay) {
    }

    /**
     * One agent action on the test's timeline and what it cost.
     *
     * @param atMillis       when it was planned, from the start of the load
     * @param start          when the handler started (ISO-8601), "" when it did not run
     * @param end            when it ended
     * @param outcome        succeeded, failed, timed-out, refused, or not-run (with the reason)
     * @param lost           messages due between this action and the next that never arrived
     * @param duplicated     duplicated arrivals in that window
     * @param outOfOrder     out-of-order arrivals in that window
     * @param outageMillis   from the action's start until messages arrived again (0: they never stopped)
     * @param recoveryMillis until the rate was back within 5 % of the target (-1: it never was, or no target)
     */
    public record ActionResult(String handler, List<String> args, long atMillis, String start, String end, String outcome,
                               long exitStatus, String reason, long lost, long duplicated, long outOfOrder,
                               long outageMillis, long recoveryMillis) {
    }

    /** One criterion's outcome: what was measured against what bound. */
    public record Check(String criterion, boolean passed, String measured, String bound) {
    }

    public int exitCode() {
        return switch (verdict) {
            case PASSED -> 0;
            case FAILED -> 1;
            default -> 2;
        };
    }
}
