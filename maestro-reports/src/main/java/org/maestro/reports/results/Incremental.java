package org.maestro.reports.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * incremental.json: the steps of an incremental test (fixed-rate runs at a rising rate, each a run directory of its
 * own under {@code steps/}) and what they tell of the sustainable rate. Written and read back through this record.
 *
 * @param sustainableRate the last step that passed, msg/s; null when none did
 * @param lowerBound      true when no step failed: the SUT sustained every rate tried, so the sustainable rate is
 *                        only known to be at least {@code sustainableRate} (the maximum tried), not where it is
 * @param maxRate         the highest rate the test was to try
 */
public record Incremental(String name, Long sustainableRate, boolean lowerBound, Long maxRate, String verdict,
                          List<Step> steps) {

    public Incremental {
        steps = steps == null ? List.of() : steps;
    }

    /**
     * One step.
     *
     * @param run         its run directory, relative to the incremental run's
     * @param receiveRate its receivers' rate after warm-up (the step's summary.json totals), null when unknown
     * @param p99Millis   its response time p99, null when unknown (nothing measured)
     */
    public record Step(long rate, String verdict, String run, Double receiveRate, Double p99Millis, List<String> reasons) {
        public Step {
            reasons = reasons == null ? List.of() : reasons;
        }

        /** A step as its run's summary has it. */
        public static Step of(long rate, String run, Summary s) {
            Summary.Latency p = Summary.Latency.known(s.totals() == null ? null : s.totals().responseTime());
            return new Step(rate, s.verdict(), run, s.totals() == null ? null : s.totals().receiveRate(),
                    p == null ? null : p.p99(), s.reasons());
        }

        public boolean passed() {
            return Summary.PASSED.equals(verdict);
        }
    }

    /**
     * The steps run: the sustainable rate is the last that passed, and a lower bound when none failed (the steps
     * ended at the maximum, not at a failure).
     */
    public static Incremental of(String name, long maxRate, List<Step> steps) {
        Long sustainable = null;
        String verdict = Summary.FAILED;
        boolean failed = false;
        for (Step s : steps) {
            if (s.passed()) {
                sustainable = s.rate();
                verdict = Summary.PASSED;
            } else {
                failed = true;
                if (Summary.ERROR.equals(s.verdict()) || Summary.INTERRUPTED.equals(s.verdict())) {
                    verdict = s.verdict();
                }
            }
        }
        return new Incremental(name, sustainable, sustainable != null && !failed, maxRate, verdict, List.copyOf(steps));
    }

    /**
     * What the steps say of the sustainable rate, as every surface prints it: "700 msg/s (the step at 800 msg/s failed)",
     * "at least 1000 msg/s (no step failed)", or "unknown (no step passed)".
     */
    public String sustainableText() {
        if (sustainableRate == null) {
            return "unknown (no step passed)";
        }
        if (lowerBound) {
            return String.format(Locale.ROOT, "at least %d msg/s (no step failed)", sustainableRate);
        }
        Step next = steps.stream().filter(s -> !s.passed()).findFirst().orElse(null);
        return next == null ? String.format(Locale.ROOT, "%d msg/s", sustainableRate)
                : String.format(Locale.ROOT, "%d msg/s (the step at %d msg/s %s)", sustainableRate, next.rate(), next.verdict());
    }

    public static Incremental read(Path file) throws IOException {
        return ResultsJson.read(file, Incremental.class);
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }
}
