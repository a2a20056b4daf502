package org.maestro.reports.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.maestro.results.BuildTags;
import org.maestro.results.ComparisonJson;
import org.maestro.results.LoadParameters;
import org.maestro.results.ResultsJson;
import org.maestro.results.history.History;
import org.maestro.results.history.HistoryScan;
import org.maestro.results.history.OngoingShifts;
import org.maestro.common.runfiles.RunLayout;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.AtomicFile;
import org.maestro.results.Format;
import org.maestro.reports.HtmlPage;
import org.maestro.reports.Json;
import org.maestro.reports.ReportException;
import org.maestro.reports.RunDirectory;

/**
 * A run against one or more baseline runs: per metric the change and a verdict (see {@link MetricVerdict}), and an
 * overall verdict: "not comparable" when its load (message size, rate, … {@link LoadParameters}) differs from every
 * baseline's (a SUT that hardly feels the change would otherwise be called "same"), else worse when any metric is worse
 * (or missing), else not judged, else inconclusive when a headline metric is ({@link MetricVerdict#INCONCLUSIVE}), else
 * better when any is better, else same. A nightly fails on worse, not comparable and not judged; on inconclusive only
 * when asked ({@link #fails(boolean)}).
 * {@link #write} puts {@code comparison.json} and a self-contained {@code comparison.html} (overlaid charts) in the
 * run's directory and adds the verdicts to its {@code junit.xml}, so a nightly job fails on a regression.
 */
public final class Comparison {
    public static final String HTML_FILE = "comparison.html";
    /** The overall verdict of a run whose load differs from every baseline's. */
    public static final String NOT_COMPARABLE = "not comparable";

    private final RunFigures candidate;
    private final List<RunFigures> baselines;
    private final List<MetricChange> changes;
    private final FalseAlarmRule rule;
    private final List<MetricVerdict> verdicts;
    /** Each headline metric's smallest detectable change under the rule. */
    private final List<DetectableChange> detectable;
    private final List<String> notes;
    /** Why the load differs from every baseline's (the first baseline's differences); null when some baseline's is the same. */
    private final String notComparable;
    /** When the comparison began (System.nanoTime): junit.xml's baseline suite takes its time from it. */
    private final long startNanos;
    /** The shifts the run continues, from the history of the directory of runs given as the baseline. */
    private final List<ComparisonJson.Step> steps;
    /** Each baseline's changes against the others: what the rule's false alarms are measured on ({@link MeasuredFalseAlarms}). */
    private final List<List<MetricChange>> leaveOneOut;
    /** The rule's false alarms on {@link #leaveOneOut}; null when there are too few baselines. */
    private final MeasuredFalseAlarms measured;

    private Comparison(Runs runs, List<MetricChange> changes, FalseAlarmRule rule,
                       List<String> notes, String notComparable, long startNanos, List<ComparisonJson.Step> steps) {
        this.leaveOneOut = runs.leaveOneOut();
        this.measured = MeasuredFalseAlarms.of(rule, leaveOneOut);
        this.startNanos = startNanos;
        this.steps = steps;
        this.notComparable = notComparable;
        this.candidate = runs.candidate();
        this.baselines = runs.baselines();
        this.changes = changes;
        this.rule = rule;
        this.verdicts = rule.judge(changes);
        this.detectable = rule.detectable(changes);
        this.notes = notes;
    }

    /**
     * Compares the run in {@code runDir} with the baseline runs.
     *
     * @param minChange the smallest relative change that counts (0.05 = 5 %) for every metric, or null for each
     *                  metric's own floor
     */
    public static Comparison of(List<Path> baselineDirs, Path runDir, Double minChange) throws ReportException {
        return of(baselineDirs, List.of(runDir), minChange);
    }

    /**
     * Compares tonight's runs of one test, taken together, with the baseline runs ({@code --repeat-inconclusive}): each
     * metric's figure is the mean of tonight's r runs and its noise that of a mean (see {@link MetricChange#tonight});
     * the last run is the one the comparison is written into and whose load must match a baseline's.
     *
     * @param runDirs tonight's runs, the latest last
     */
    public static Comparison of(List<Path> baselineDirs, List<Path> runDirs, Double minChange) throws ReportException {
        long startNanos = System.nanoTime();
        Path runDir = runDirs.get(runDirs.size() - 1);
        if (baselineDirs.isEmpty()) {
            throw new ReportException("no baseline run to compare " + runDir + " with");
        }
        RunDirectory run = RunDirectory.open(runDir);
        List<RunDirectory> bases = new ArrayList<>();
        for (Path b : baselineDirs) {
            for (Path r : runDirs) {
                if (b.toAbsolutePath().normalize().equals(r.toAbsolutePath().normalize())) {
                    throw new ReportException("baseline " + b + " is " + (r.equals(runDir) ? "the run itself" : "one of tonight's runs")
                            + ": compare with an earlier run");
                }
            }
            bases.add(RunDirectory.open(b));
        }
        List<Metric> metrics = Metric.of(bases.get(0).summary, run.summary);
        try {
            RunFigures c = RunFigures.read(run, metrics);
            List<RunFigures> tonight = new ArrayList<>();
            for (Path r : runDirs.subList(0, runDirs.size() - 1)) {
                tonight.add(RunFigures.read(RunDirectory.open(r), metrics));
            }
            tonight.add(c);
            List<RunFigures> b = new ArrayList<>();
            for (RunDirectory d : bases) {
                b.add(RunFigures.read(d, metrics));
            }
            List<MetricChange> changes = new ArrayList<>();
            for (Metric m : metrics) {
                MetricChange change = change(m, b.stream().map(f -> Reading.of(f, m)).toList(),
                        tonight.stream().map(f -> Reading.of(f, m)).toList(), minChange);
                if (change != null) {
                    changes.add(change);
                }
            }
            List<String> notes = ComparisonNotes.notes(run, bases);
            if (tonight.size() > 1) {
                notes.add(0, "tonight's " + tonight.size() + " runs judged together (each figure their mean, its noise that of "
                        + "a mean of " + tonight.size() + "): " + String.join(", ", tonight.stream().map(f -> f.name).toList()));
            }
            return new Comparison(new Runs(c, b, MeasuredFalseAlarms.leaveOneOut(metrics, b, minChange)), changes,
                    FalseAlarmRule.FAMILY_WISE, notes, ComparisonNotes.notComparable(run, bases), startNanos, List.of());
        } catch (IOException e) {
            throw new ReportException("cannot read the runs to compare: " + e.getMessage(), e);
        }
    }

    /**
     * What the comparison reads of one run for one metric: its figure in summary.json, its spread between the run's
     * slices (NaN when unknown), and why it has no such spread (the run was too short to slice), else null.
     * bench/verdict-power.sh scales the first two to inject a shift.
     */
    record Reading(double value, double noise, String tooFewSlices) {
        static Reading of(RunFigures f, Metric m) {
            return new Reading(m.valueIn(f.run.summary), f.noise(m), f.tooFewSlices(m));
        }

        /**
         * The mean of several runs' readings: the mean of their figures (for an outage, -1 "never" when any run's flow
         * never resumed) and the noise of a mean, √(Σ σᵢ²) / r over the r runs whose spread is known.
         */
        static Reading mean(Metric m, List<Reading> runs) {
            if (runs.size() == 1) {
                return runs.get(0);
            }
            double[] values = runs.stream().mapToDouble(Reading::value).toArray();
            double value = m.minusOneIsNever() && Arrays.stream(values).anyMatch(v -> v == -1) ? -1 : Spread.mean(values);
            double[] noises = runs.stream().mapToDouble(Reading::noise).filter(n -> !Double.isNaN(n)).toArray();
            double noise = noises.length == 0 ? Double.NaN
                    : Math.sqrt(Arrays.stream(noises).map(n -> n * n).sum()) / noises.length;
            List<String> tooFew = runs.stream().map(Reading::tooFewSlices).filter(Objects::nonNull).toList();
            return new Reading(value, noise, tooFew.isEmpty() ? null : String.join(", ", tooFew));
        }
    }

    /**
     * One metric's change from the baselines' readings to the run's; null when neither side has the metric.
     *
     * @param minChange as in {@link #of}
     */
    static MetricChange change(Metric m, List<Reading> baselines, Reading candidate, Double minChange) {
        return change(m, baselines, List.of(candidate), minChange);
    }

    /** As {@link #change(Metric, List, Reading, Double)}, the candidate being the mean of tonight's runs. */
    static MetricChange change(Metric m, List<Reading> baselines, List<Reading> tonight, Double minChange) {
        Reading candidate = Reading.mean(m, tonight);
        List<String> tooShort = new ArrayList<>();
        baselines.forEach(r -> tooShort.add(r.tooFewSlices()));
        tooShort.add(candidate.tooFewSlices());
        tooShort.removeIf(Objects::isNull);
        return MetricChange.of(m, baselines.stream().mapToDouble(Reading::value).toArray(),
                baselines.stream().mapToDouble(Reading::noise).toArray(), candidate.value(), candidate.noise(),
                minChange == null ? m.relativeFloor() : minChange, tooShort.isEmpty() ? null : String.join(", ", tooShort),
                tonight.size());
    }

    /** The run, its baselines and each baseline against the others. */
    private record Runs(RunFigures candidate, List<RunFigures> baselines, List<List<MetricChange>> leaveOneOut) {
    }

    /** The same runs and changes judged by another rule (bench/compare-noise.sh's before and after). */
    Comparison judgedBy(FalseAlarmRule other) {
        return new Comparison(new Runs(candidate, baselines, leaveOneOut), changes, other, notes, notComparable, startNanos, steps);
    }

    /**
     * The same comparison with the shifts the run continues ({@link OngoingShifts}), from the history of the test in
     * each directory of runs among {@code given} (what {@code --baseline} named; a run directory has no history).
     */
    public Comparison withHistory(List<Path> given) throws ReportException {
        List<ComparisonJson.Step> found = new ArrayList<>();
        String test = candidate.run.summary.name();
        for (Path g : given) {
            if (test == null || !Files.isDirectory(g) || Files.isRegularFile(g.resolve(RunLayout.SUMMARY_JSON))) {
                continue;
            }
            try {
                History history = HistoryScan.of(g, test);
                found.addAll(OngoingShifts.of(history.tests().get(0), candidate.run.dir.getFileName().toString()));
            } catch (IllegalArgumentException e) {
                continue;   // no run of the test measured anything there: no history to continue
            } catch (IOException e) {
                throw new ReportException("cannot read the history in " + g + ": " + e.getMessage(), e);
            }
        }
        return new Comparison(new Runs(candidate, baselines, leaveOneOut), changes, rule, notes, notComparable, startNanos, found);
    }

    /**
     * not comparable, worse, not judged (no metric worse, but some could not be judged), inconclusive (none worse nor
     * unjudged, but some headline metric's change of the size that counts could not be told from the noise), better or
     * same.
     */
    public String verdict() {
        return overall(notComparable, verdicts);
    }

    /** The overall verdict of metrics' verdicts ({@link #verdict()}); {@code notComparable} null when the loads match. */
    static String overall(String notComparable, List<MetricVerdict> verdicts) {
        if (notComparable != null) {
            return NOT_COMPARABLE;
        }
        if (verdicts.stream().anyMatch(MetricVerdict::isRegression)) {
            return MetricVerdict.WORSE;
        }
        if (verdicts.stream().anyMatch(MetricVerdict::isNotJudged)) {
            return MetricVerdict.NOT_JUDGED;
        }
        if (verdicts.stream().anyMatch(MetricVerdict::isInconclusive)) {
            return MetricVerdict.INCONCLUSIVE;
        }
        return verdicts.stream().anyMatch(v -> v.verdict().equals(MetricVerdict.BETTER)) ? MetricVerdict.BETTER : MetricVerdict.SAME;
    }

    public boolean isRegression() {
        return MetricVerdict.WORSE.equals(verdict());
    }

    /**
     * Whether a nightly fails on it: worse, not comparable, or not judged (nothing it shows can be trusted to say
     * "same"); inconclusive only when {@code failInconclusive} ({@code --fail-inconclusive}): by default it passes
     * with a warning, since more runs, not a fix, are what it asks for.
     */
    public boolean fails(boolean failInconclusive) {
        String v = verdict();
        return !v.equals(MetricVerdict.SAME) && !v.equals(MetricVerdict.BETTER)
                && (failInconclusive || !v.equals(MetricVerdict.INCONCLUSIVE));
    }

    /** As {@link #fails(boolean)}, an inconclusive comparison passing. */
    public boolean fails() {
        return fails(false);
    }

    /** The option ({@code maestro compare}, {@code maestro run --baseline}) that makes an inconclusive answer fail. */
    public static final String FAIL_INCONCLUSIVE_OPTION = "--fail-inconclusive";

    /** Whether the overall verdict is inconclusive: what {@code --repeat-inconclusive} runs the test again for. */
    public boolean isInconclusive() {
        return MetricVerdict.INCONCLUSIVE.equals(verdict());
    }

    public List<MetricVerdict> verdicts() {
        return verdicts;
    }

    /** Each headline metric's smallest change toward worse that this comparison's rule would call. */
    List<DetectableChange> detectable() {
        return detectable;
    }

    /** comparison.json: the runs, the overall verdict, each metric. */
    ComparisonJson toJson() {
        List<ComparisonJson.BaselineRun> runs = baselines.stream().map(b -> new ComparisonJson.BaselineRun(b.name,
                relative(b.run.dir), b.run.summary.start(), b.run.summary.verdict(), BuildTags.build(b.run.summary.build()),
                BuildTags.sut(b.run.summary.build()))).toList();
        int k = baselines.size();
        String method = "worse or better beyond the larger of each metric's floor and its noise times the quantile of the "
                + "false-alarm level the rule below held it to; the noise is the larger of the spread between slices of the runs"
                + (k >= 2 ? " and the run-to-run spread of the " + k + " baselines" : "") + (k >= MetricChange.MIN_BASELINES_FOR_SPREAD
                ? " (Student's t, " + (k - 1) + " dof)" : " (normal quantiles and twice each metric's floor: with fewer than "
                + MetricChange.MIN_BASELINES_FOR_SPREAD + " baselines the run-to-run spread is not known yet; give a directory of "
                + "runs as the baseline)");
        ComparisonJson.Rule r = new ComparisonJson.Rule(rule.familyWise(), rule.rate(), rule.judged(changes),
                rule.describe(changes), measured == null ? null : measured.toJson());
        List<ComparisonJson.MetricResult> metrics = verdicts.stream().map(v -> new ComparisonJson.MetricResult(v.metric().name(),
                v.metric().unit(), v.metric().higherIsBetter(), number(v.baseline()), v.baselines().length > 1
                ? Arrays.stream(v.baselines()).mapToObj(Comparison::number).toList() : null, number(v.candidate()),
                number(v.change()), number(v.changePercent()), number(v.threshold()), number(v.level()), v.basis(),
                v.verdict())).toList();
        return new ComparisonJson(candidate.name, candidate.run.summary.name(), baselines.get(0).name, runs, verdict(), method,
                r, metrics, notes, notComparable, steps, detectable.stream().map(d -> new ComparisonJson.Detectable(
                d.metric().name(), d.metric().unit(), d.worse(), Json.round(d.change()), Json.round(d.percent()), d.level(),
                Json.round(d.floorPercent()), d.baselines(), d.needed(), d.text())).toList());
    }

    private String relative(Path dir) {
        Path from = candidate.run.dir.toAbsolutePath().normalize();
        return from.relativize(dir.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    /** A figure as comparison.json holds it: to six significant digits, null for none (NaN). */
    private static Double number(double v) {
        return Double.isNaN(v) ? null : Json.round(v);
    }

    /**
     * Writes comparison.json and comparison.html in the run's directory and the verdicts into its junit.xml.
     *
     * @return comparison.html
     */
    public Path write() throws ReportException {
        return write(false);
    }

    /**
     * As {@link #write()}; an inconclusive metric is a failure in junit.xml when {@code failInconclusive}, else a
     * skipped test case.
     */
    public Path write(boolean failInconclusive) throws ReportException {
        Path dir = candidate.run.dir;
        ComparisonJson json = toJson();
        try {
            AtomicFile.write(dir.resolve(ComparisonJson.FILE), ResultsJson.MAPPER.writeValueAsString(json));
            ObjectNode data = ComparisonCharts.build(candidate, baselines);
            data.set("comparison", ResultsJson.MAPPER.valueToTree(json));
            data.put("comparisonPage", true);
            String title = "Maestro: " + candidate.run.name() + " vs baseline (" + verdict() + ")";
            HtmlPage.write(dir.resolve(HTML_FILE), title, data);
            JunitComparison.addTo(dir.resolve(RunLayout.JUNIT_XML), json, Duration.ofNanos(System.nanoTime() - startNanos),
                    failInconclusive);
        } catch (IOException e) {
            throw new ReportException("cannot write the comparison in " + dir + ": " + e.getMessage(), e);
        }
        return dir.resolve(HTML_FILE);
    }

    /** The table printed on the console: one line per metric, then the verdict. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        // As wide as the longest name (a route's metric is longer than the run's): the columns stay aligned.
        int width = verdicts.stream().mapToInt(v -> v.metric().name().length() + v.metric().unit().length() + 3).max().orElse(0);
        String row = "%-" + Math.max(38, width) + "s %14s %14s %9s %12s  %s";
        out.add(String.format(row, "metric", "baseline", "this run", "change", "threshold", "verdict"));
        for (MetricVerdict v : verdicts) {
            String pct = Double.isNaN(v.changePercent()) ? "" : String.format("%+.1f%%", v.changePercent());
            out.add(String.format(row, v.metric().name() + " (" + v.metric().unit() + ")",
                    Format.number(v.baseline()), Format.number(v.candidate()), pct,
                    Double.isNaN(v.threshold()) ? "" : "\u00b1" + Format.number(v.threshold()), v.verdict()));
        }
        out.add("rule: " + rule.describe(changes));
        if (measured != null) {
            out.add("rule's " + measured.text());
        }
        detectable.forEach(d -> out.add(d.text()));
        notes.forEach(n -> out.add("note: " + n));
        steps.forEach(st -> out.add("history: " + st.text()));
        List<String> worse = verdicts.stream().filter(MetricVerdict::isRegression).map(v -> v.metric().name()).toList();
        List<String> notJudged = verdicts.stream().filter(MetricVerdict::isNotJudged).map(v -> v.metric().name()).toList();
        // Why each metric not judged was not, once per reason (too few samples is often every sliced metric's).
        Map<String, List<String>> why = new LinkedHashMap<>();
        verdicts.stream().filter(MetricVerdict::isNotJudged)
                .forEach(v -> why.computeIfAbsent(v.basis(), k -> new ArrayList<>()).add(v.metric().name()));
        why.forEach((basis, names) -> out.add("not judged: " + String.join(", ", names) + ": " + basis));
        List<String> inconclusive = verdicts.stream().filter(MetricVerdict::isInconclusive).map(v -> v.metric().name()).toList();
        if (!inconclusive.isEmpty()) {
            out.add("inconclusive: " + String.join(", ", inconclusive) + ": the runs cannot tell a change of the size that "
                    + "counts from their noise (smallest detectable change above the floor, lines above); more runs or "
                    + "baselines would tell (--repeat-inconclusive N)");
        }
        if (notComparable != null) {
            out.add("not comparable: " + notComparable);
        }
        out.add("compared with " + (baselines.size() == 1 ? "baseline " + baselines.get(0).name : baselines.size() + " baselines")
                + ": " + verdict().toUpperCase(Locale.ROOT) + (worse.isEmpty() ? "" : " (" + String.join(", ", worse) + ")")
                + (notJudged.isEmpty() ? "" : "; not judged: " + String.join(", ", notJudged))
                + (inconclusive.isEmpty() ? "" : "; inconclusive: " + String.join(", ", inconclusive)));
        return out;
    }
}
