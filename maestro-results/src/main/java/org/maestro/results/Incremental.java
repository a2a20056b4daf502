package org.maestro.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.results.reduce.QueueBacklog;

/**
 * incremental.json: the steps of a search for the highest sustainable rate (fixed-rate runs, each a run directory of
 * its own under {@code steps/}: a coarse climb, then a bisection) and what they tell of that rate. It holds the
 * throughput–latency curve: per step the target and achieved rate, p50/p99/p99.9 and the verdict. Written and read
 * back through this record; every surface (console, report, index, comparison) prints {@link #sustainableText()}.
 *
 * @param sustainableRate the highest rate judged sustainable, msg/s; null when none was
 * @param lowerBound      true when no step was unsustainable (the climb ended at {@code maxRate} or the time cap): the
 *                        sustainable rate is only known to be at least {@code sustainableRate}
 * @param maxRate         the highest rate the search was to try
 * @param resolution      the search's stated resolution, msg/s: it bisects until the sustainable and the
 *                        unsustainable rate are this close; null in a file of an older Maestro
 * @param unsustainableRate the lowest rate judged not sustainable; null when none was
 * @param stoppedBy       why the search ended: "resolution", "maxRate", "time cap", "floor" (no step was
 *                        sustainable down to the resolution: older files say "first step"), "error", "interrupted"
 * @param rule            what "sustainable" meant ({@link Sustainability#rule()})
 * @param kneeRate        the achieved rate of the knee of the curve: the first point (by target rate) whose p99 is
 *                        more than {@value #KNEE_FACTOR} times the lowest target rate's; null when latency never rose so
 * @param elapsedSeconds  how long the search took, all steps together (the confirmation runs after it not counted)
 * @param maxSeconds      its hard cap
 * @param confirmed       the confirmation run that held: a fixed-rate run at the rate the steps found (or lower), from
 *                        the state a user's {@code maestro run} starts in; null when none held or none ran
 * @param confirmations   every confirmation run, in order: the last is {@code confirmed} when one held
 */
public record Incremental(String name, Long sustainableRate, boolean lowerBound, Long maxRate, String verdict,
                          List<Step> steps, Long resolution, Long unsustainableRate, String stoppedBy, String rule,
                          Double kneeRate, Double elapsedSeconds, Double maxSeconds, Confirmation confirmed,
                          List<Confirmation> confirmations) {

    /** How much the p99 must have risen over the lowest step's for the curve's knee. */
    public static final double KNEE_FACTOR = 2;
    public static final String STOPPED_RESOLUTION = "resolution";
    public static final String STOPPED_MAX_RATE = "maxRate";
    public static final String STOPPED_TIME_CAP = "time cap";
    /** The search went down from a first step that was not sustainable and reached its floor with none that was. */
    public static final String STOPPED_FLOOR = "floor";

    public Incremental {
        steps = steps == null ? List.of() : steps;
        confirmations = confirmations == null ? List.of() : confirmations;
    }

    /**
     * One step: a run at {@code rate} msg/s and its point on the curve.
     *
     * @param run         its run directory, relative to the incremental run's
     * @param verdict     its run's verdict (its criteria)
     * @param receiveRate the achieved rate: its receivers' rate after warm-up (the step's summary.json totals), null when unknown
     * @param p99Millis   its response time p99, null when unknown (nothing measured)
     * @param phase       "climb", "descend", "bisect" or "repeat" (a borderline step run again); null in an older file
     * @param sustainable its {@link Sustainability} judgement; null when it could not be judged (or an older file)
     * @param borderline  a measure sat near its bound: the step was (or is) run again before being judged
     * @param reasons     why it was not sustainable, or its run's reasons
     * @param queueGrowthPerSecond how fast the SUT's queues filled over the measured span, msg/s, as an inspector
     *                    sampled them ({@link QueueBacklog}); null without one, or with too few samples (the rates
     *                    were judged instead; its reasons say so)
     */
    public record Step(long rate, String verdict, String run, Double receiveRate, Double p99Millis, List<String> reasons,
                       String phase, Double sendRate, Double p50Millis, Double p999Millis, Double sendDelayP99Millis,
                       Long lost, Boolean sustainable, boolean borderline, Double queueGrowthPerSecond) {
        public static final String CLIMB = "climb";
        public static final String BISECT = "bisect";
        /** Going down from a first step that was not sustainable, halving the rate. */
        public static final String DESCEND = "descend";
        public static final String REPEAT = "repeat";
        /** A confirmation run after the search ({@link Confirmation}): never one of {@code steps}. */
        public static final String CONFIRM = "confirm";

        public Step {
            reasons = reasons == null ? List.of() : reasons;
        }

        /** A step of an older incremental.json: its verdict alone. */
        public Step(long rate, String verdict, String run, Double receiveRate, Double p99Millis, List<String> reasons) {
            this(rate, verdict, run, receiveRate, p99Millis, reasons, null, null, null, null, null, null, null, false,
                    null);
        }

        /** A step built component by component (incremental.json's {@code steps[]} has the record's shape). */
        public static Builder builder() {
            return new Builder();
        }

        /** This record with some components changed. */
        public Builder toBuilder() {
            return new Builder()
                    .rate(rate).verdict(verdict).run(run).receiveRate(receiveRate).p99Millis(p99Millis)
                    .reasons(reasons).phase(phase).sendRate(sendRate).p50Millis(p50Millis).p999Millis(p999Millis)
                    .sendDelayP99Millis(sendDelayP99Millis).lost(lost).sustainable(sustainable)
                    .borderline(borderline).queueGrowthPerSecond(queueGrowthPerSecond);
        }

        /** Names each component; one not set is null (false, 0). */
        public static final class Builder {
            private long rate;
            private String verdict;
            private String run;
            private Double receiveRate;
            private Double p99Millis;
            private List<String> reasons;
            private String phase;
            private Double sendRate;
            private Double p50Millis;
            private Double p999Millis;
            private Double sendDelayP99Millis;
            private Long lost;
            private Boolean sustainable;
            private boolean borderline;
            private Double queueGrowthPerSecond;

            private Builder() {
            }

            public Builder rate(long rate) {
                this.rate = rate;
                return this;
            }

            public Builder verdict(String verdict) {
                this.verdict = verdict;
                return this;
            }

            public Builder run(String run) {
                this.run = run;
                return this;
            }

            public Builder receiveRate(Double receiveRate) {
                this.receiveRate = receiveRate;
                return this;
            }

            public Builder p99Millis(Double p99Millis) {
                this.p99Millis = p99Millis;
                return this;
            }

            public Builder reasons(List<String> reasons) {
                this.reasons = reasons;
                return this;
            }

            public Builder phase(String phase) {
                this.phase = phase;
                return this;
            }

            public Builder sendRate(Double sendRate) {
                this.sendRate = sendRate;
                return this;
            }

            public Builder p50Millis(Double p50Millis) {
                this.p50Millis = p50Millis;
                return this;
            }

            public Builder p999Millis(Double p999Millis) {
                this.p999Millis = p999Millis;
                return this;
            }

            public Builder sendDelayP99Millis(Double sendDelayP99Millis) {
                this.sendDelayP99Millis = sendDelayP99Millis;
                return this;
            }

            public Builder lost(Long lost) {
                this.lost = lost;
                return this;
            }

            public Builder sustainable(Boolean sustainable) {
                this.sustainable = sustainable;
                return this;
            }

            public Builder borderline(boolean borderline) {
                this.borderline = borderline;
                return this;
            }

            public Builder queueGrowthPerSecond(Double queueGrowthPerSecond) {
                this.queueGrowthPerSecond = queueGrowthPerSecond;
                return this;
            }

            public Step build() {
                return new Step(rate, verdict, run, receiveRate, p99Millis, reasons, phase, sendRate, p50Millis,
                        p999Millis, sendDelayP99Millis, lost, sustainable, borderline, queueGrowthPerSecond);
            }
        }

        /** A step as its run's summary has it, judged by {@code rule} (no inspector of the queues). */
        public static Step of(long rate, String phase, String run, Summary s, Sustainability rule) {
            return of(rate, phase, run, s, null, rule);
        }

        /** A step as its run's summary and, when an inspector sampled the queues, their {@code backlog} have it. */
        public static Step of(long rate, String phase, String run, Summary s, QueueBacklog backlog, Sustainability rule) {
            Summary.Totals t = s.totals();
            Summary.Latency p = Summary.Latency.known(t == null ? null : t.responseTime());
            Summary.Latency d = Summary.Latency.known(t == null ? null : t.sendDelay());
            Sustainability.Judgement j = rule.judge(rate, s, backlog);
            return builder().rate(rate).verdict(s.verdict()).run(run).receiveRate(t == null ? null : t.receiveRate())
                    .p99Millis(p == null ? null : p.p99()).reasons(j.reasons().isEmpty() ? s.reasons() : j.reasons())
                    .phase(phase)
                    .sendRate(t == null ? null : t.sendRate()).p50Millis(p == null ? null : p.p50())
                    .p999Millis(p == null ? null : p.p999()).sendDelayP99Millis(d == null ? null : d.p99())
                    .lost(t == null ? null : t.lost()).sustainable(j.sustainable()).borderline(j.borderline())
                    .queueGrowthPerSecond(backlog == null ? null : backlog.judgedGrowthPerSecond()).build();
        }

        /**
         * This step, a repeat of the borderline {@code first} at the same rate, as it counts: the repeat decides (one
         * noisy run decided the first), and its reasons say how the first went.
         */
        public Step afterRepeatOf(Step first) {
            if (sustainable == null || first.sustainable() == null) {
                return this;
            }
            List<String> why = new ArrayList<>(reasons);
            why.add("run again after a borderline run that was " + (first.sustainable() ? "sustainable" : "not sustainable"));
            return toBuilder().reasons(List.copyOf(why)).build();
        }

        /** Judged sustainable (in an older file: its run passed). */
        public boolean passed() {
            return sustainable != null ? sustainable : Summary.PASSED.equals(verdict);
        }

        /** A point of the throughput–latency curve: it ran, and both its achieved rate and its p99 are known. */
        public boolean onCurve() {
            return !unjudged() && receiveRate != null && p99Millis != null;
        }

        /** Neither run nor judged: an error or an interruption. */
        public boolean unjudged() {
            return sustainable == null && (Summary.ERROR.equals(verdict) || Summary.INTERRUPTED.equals(verdict));
        }
    }

    /**
     * The steps of a search: the sustainable rate is the highest that passed (a repeated step counts by its last
     * run), a lower bound when none failed.
     */
    public static Incremental of(String name, long maxRate, List<Step> steps) {
        return of(name, maxRate, steps, null, null, null, null, null);
    }

    /** The same, with how the search was set and how it ended. */
    public static Incremental of(String name, long maxRate, List<Step> steps, Long resolution, String stoppedBy, String rule,
                                 Double elapsedSeconds, Double maxSeconds) {
        Map<Long, Step> last = new TreeMap<>();
        String verdict = null;
        for (Step s : steps) {
            if (s.unjudged()) {
                verdict = s.verdict();
            } else {
                last.put(s.rate(), s);
            }
        }
        Long sustainable = null;
        Long unsustainable = null;
        for (Step s : last.values()) {
            if (s.passed() && (unsustainable == null || s.rate() < unsustainable)) {
                sustainable = s.rate();
            } else if (!s.passed() && unsustainable == null) {
                unsustainable = s.rate();
            }
        }
        if (verdict == null) {
            verdict = sustainable == null ? Summary.FAILED : Summary.PASSED;
        }
        return new Incremental(name, sustainable, sustainable != null && unsustainable == null, maxRate, verdict,
                List.copyOf(steps), resolution, unsustainable, stoppedBy, rule, knee(steps), elapsedSeconds, maxSeconds,
                null, List.of());
    }

    /**
     * This search with its confirmation runs: the last that held is {@link #confirmed()}; when some ran and none held,
     * the search's answer could not be reproduced and the verdict is failed (or, when the last could not run, its
     * error or interruption).
     */
    public Incremental withConfirmations(List<Confirmation> runs) {
        Confirmation held = runs.stream().filter(Confirmation::held).reduce((a, b) -> b).orElse(null);
        String judged = verdict;
        if (held == null && !runs.isEmpty() && Summary.PASSED.equals(verdict)) {
            Step last = runs.get(runs.size() - 1).figures();
            judged = last != null && last.unjudged() ? last.verdict() : Summary.FAILED;
        }
        return new Incremental(name, sustainableRate, lowerBound, maxRate, judged, steps, resolution, unsustainableRate,
                stoppedBy, rule, kneeRate, elapsedSeconds, maxSeconds, held, List.copyOf(runs));
    }

    /**
     * The rate to run at, the figure a user takes away: the confirmed rate when a confirmation ran and held, else the
     * steps' sustainable rate (null when a confirmation ran and none held, or nothing was sustainable).
     */
    public Long limitRate() {
        if (confirmed != null) {
            return confirmed.rate();
        }
        return confirmations.isEmpty() ? sustainableRate : null;
    }

    /**
     * What the confirmation runs say, as every surface prints it: "confirmed at 16500 msg/s for 30 s from a cold start",
     * with the rates that did not hold before it ("; not at 17000 msg/s"), or "not confirmed: ..." when none held; null
     * when none ran.
     */
    public String confirmedText() {
        return Confirmation.text(confirmations);
    }

    /**
     * The throughput–latency curve: a point per target rate (its last run: a repeated step counts by its repeat), in
     * order of target rate, for the steps that ran with both an achieved rate and a p99.
     */
    public List<Step> curve() {
        return curve(steps);
    }

    private static List<Step> curve(List<Step> steps) {
        Map<Long, Step> last = new TreeMap<>();
        steps.stream().filter(Step::onCurve).forEach(s -> last.put(s.rate(), s));
        return List.copyOf(last.values());
    }

    /**
     * The knee: the achieved rate of the first point of the curve (by target rate) whose p99 is more than
     * {@link #KNEE_FACTOR} times the lowest target rate's; null when latency never rose so.
     */
    static Double knee(List<Step> steps) {
        List<Step> curve = curve(steps);
        if (curve.isEmpty()) {
            return null;
        }
        double floor = curve.get(0).p99Millis();
        return curve.stream().filter(s -> s.p99Millis() > KNEE_FACTOR * floor).findFirst().map(Step::receiveRate).orElse(null);
    }

    /**
     * What the steps say of the sustainable rate, as every surface prints it: "500 msg/s ± 25 msg/s (sustainable at 500,
     * not at 525 msg/s)", "at least 1000 msg/s (every step up to maxRate sustained)", "at least 800 msg/s (the time cap
     * stopped the search)", or "unknown (no step was sustainable)".
     */
    public String sustainableText() {
        if (sustainableRate == null) {
            Step lowest = steps.stream().filter(s -> !s.passed()).min(Comparator.comparingLong(Step::rate)).orElse(null);
            return lowest == null ? "unknown (no step was sustainable)"
                    : String.format(Locale.ROOT, "unknown (no step was sustainable; the %sstep at %d msg/s %s)",
                    steps.size() > 1 ? "lowest " : "", lowest.rate(), lowest.sustainable() == null ? lowest.verdict() : "was not");
        }
        if (lowerBound) {
            if (STOPPED_TIME_CAP.equals(stoppedBy)) {
                return String.format(Locale.ROOT, "at least %d msg/s (the time cap stopped the search)", sustainableRate);
            }
            if (stoppedBy == null) {
                return String.format(Locale.ROOT, "at least %d msg/s (no step failed)", sustainableRate);
            }
            return String.format(Locale.ROOT, "at least %d msg/s (every step up to %d msg/s was sustainable)", sustainableRate,
                    maxRate);
        }
        Long above = unsustainableRate != null ? unsustainableRate
                : steps.stream().filter(s -> !s.passed()).map(Step::rate).findFirst().orElse(null);
        if (above == null) {
            return String.format(Locale.ROOT, "%d msg/s", sustainableRate);
        }
        if (resolution == null) {
            Step next = steps.stream().filter(s -> s.rate() == above).findFirst().orElseThrow();
            return String.format(Locale.ROOT, "%d msg/s (the step at %d msg/s %s)", sustainableRate, next.rate(), next.verdict());
        }
        return String.format(Locale.ROOT, "%d msg/s ± %d msg/s (sustainable at %d, not at %d msg/s%s)", sustainableRate,
                above - sustainableRate, sustainableRate, above,
                STOPPED_TIME_CAP.equals(stoppedBy) ? "; the time cap stopped the bisection before its resolution of " + resolution : "");
    }

    public static Incremental read(Path file) throws IOException {
        return ResultsJson.read(file, Incremental.class);
    }

    public void write(Path file) throws IOException {
        ResultsJson.write(file, this);
    }
}
