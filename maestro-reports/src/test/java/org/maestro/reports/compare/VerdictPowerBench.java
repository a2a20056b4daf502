package org.maestro.reports.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.maestro.common.runfiles.RunLayout;
import org.maestro.reports.RunDirectory;
import org.maestro.results.Summary;
import org.maestro.results.history.ChangePoints;
import org.maestro.results.history.HeadlineMetric;

/**
 * bench/verdict-power.sh's replay: 30-night histories resampled from identical runs, unchanged and with shifts injected,
 * judged night by night by the one-run verdict (each night against up to {@link Baselines#LATEST} nights before it,
 * {@link Comparison#change} judged by {@link FalseAlarmRule#FAMILY_WISE}) and by the change points of each headline
 * metric's history up to that night ({@link ChangePoints}). Each run is read once; a shift multiplies a shifted run's
 * {@link Comparison.Reading} (figure and slice spread alike) and its headline figure by the same factor.
 *
 * <p>usage: {@code VerdictPowerBench RUNS_DIR HISTORIES SEED STEP_NIGHT [passed]}: with {@code passed}, only the runs
 * that passed their own criteria are replayed (a nightly with {@code --baseline runs} takes only those as baselines)
 */
public final class VerdictPowerBench {
    static final int NIGHTS = 30;
    /** A change point this close to the night the shift began is the shift. */
    static final int CP_TOLERANCE = 2;
    /** "Within 3 nights": the shift's first night and the two after it. */
    static final int WITHIN = 3;
    static final double DRIFT_PER_NIGHT = 0.005;

    /** Which figures a scenario shifts, and by what factor on night {@code k}. */
    record Scenario(String name, boolean rate, double step, boolean drift) {
        double factor(int night, int from) {
            if (night < from || (step == 0 && !drift)) {
                return 1;
            }
            double per = drift ? (rate ? -DRIFT_PER_NIGHT : DRIFT_PER_NIGHT) : step;
            return drift ? Math.pow(1 + per, night - from + 1) : 1 + per;
        }

        boolean shifted(String metric) {
            return step != 0 || drift ? (rate ? RATE_METRICS.contains(metric) : P99.equals(metric)) : false;
        }
    }

    static final Set<String> RATE_METRICS = Set.of(HeadlineMetric.RECEIVE_RATE.label(), HeadlineMetric.SEND_RATE.label());
    static final String P99 = HeadlineMetric.RESPONSE_P99.label();

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("identical runs", false, 0, false),
            new Scenario("rate -2 % step", true, -0.02, false),
            new Scenario("rate -5 % step", true, -0.05, false),
            new Scenario("rate -10 % step", true, -0.10, false),
            new Scenario("p99 +10 % step", false, 0.10, false),
            new Scenario("p99 +25 % step", false, 0.25, false),
            new Scenario("p99 +50 % step", false, 0.50, false),
            new Scenario("rate -0.5 %/night drift", true, 0, true),
            new Scenario("p99 +0.5 %/night drift", false, 0, true));

    /** One identical run as the judges read it. */
    record Run(String name, String verdict, List<Comparison.Reading> readings, double[] headline) {
    }

    /**
     * Per scenario, per judge: nights judged, alarms among unshifted nights, histories, detections; for the one-run
     * verdict, the nights answered inconclusive (what {@code --repeat-inconclusive} would run again for) before the shift
     * and from it on.
     */
    static final class Tally {
        int nights;
        int alarms;
        int inconclusive;
        int shiftedNights;
        int shiftedInconclusive;
        int histories;
        int detectedWithin;
        int detectedAtAll;
        final List<Integer> nightsToDetect = new ArrayList<>();

        void detection(int nightsTo) {
            histories++;
            if (nightsTo > 0) {
                detectedAtAll++;
                nightsToDetect.add(nightsTo);
                detectedWithin += nightsTo <= WITHIN ? 1 : 0;
            }
        }

        String alarmsText() {
            return nights == 0 ? "-" : String.format(Locale.ROOT, "%.2f %% (%d/%d)", 100.0 * alarms / nights, alarms, nights);
        }

        /** Inconclusive nights before the shift (all of an unshifted history's) and from it on, as shares. */
        String inconclusiveText() {
            return share(inconclusive, nights) + " " + share(shiftedInconclusive, shiftedNights);
        }

        private static String share(int of, int in) {
            return in == 0 ? "    -  " : String.format(Locale.ROOT, "%5.1f %%", 100.0 * of / in);
        }

        String detectionText() {
            if (histories == 0) {
                return "-";
            }
            int[] sorted = nightsToDetect.stream().mapToInt(Integer::intValue).sorted().toArray();
            String median = sorted.length == 0 ? "-" : String.valueOf(sorted[sorted.length / 2]);
            return String.format(Locale.ROOT, "%5.1f %% %5.1f %% %4s", 100.0 * detectedWithin / histories,
                    100.0 * detectedAtAll / histories, median);
        }
    }

    private final List<Metric> metrics;
    private final List<Run> runs;
    private final int stepNight;
    /** Each headline metric's smallest detectable change in the identical histories' comparisons at 10 baselines. */
    private final Map<String, List<Double>> mde = new TreeMap<>();
    /** The metrics called worse in the identical histories' nightly verdicts, and on how many nights. */
    private final Map<String, Integer> crying = new TreeMap<>();
    private int selfInBaselines;
    private int comparisons;

    private VerdictPowerBench(List<Metric> metrics, List<Run> runs, int stepNight) {
        this.metrics = metrics;
        this.runs = runs;
        this.stepNight = stepNight;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4 || args.length > 5 || (args.length == 5 && !args[4].equals("passed"))) {
            System.err.println("usage: VerdictPowerBench RUNS_DIR HISTORIES SEED STEP_NIGHT [passed]");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        int histories = Integer.parseInt(args[1]);
        long seed = Long.parseLong(args[2]);
        int stepNight = Integer.parseInt(args[3]);
        if (stepNight < 1 || stepNight > NIGHTS - WITHIN) {
            System.err.println("VerdictPowerBench: STEP_NIGHT " + stepNight + " must be within 1.." + (NIGHTS - WITHIN));
            System.exit(2);
        }
        VerdictPowerBench bench;
        try {
            bench = read(dir, args.length == 5, stepNight);
        } catch (IllegalArgumentException e) {
            System.err.println("VerdictPowerBench: " + e.getMessage());
            System.exit(2);
            return;
        }
        int exclude = Math.min(Baselines.LATEST, bench.runs.size() / 2);
        System.out.println("replay: " + bench.runs.size() + " identical runs in " + dir + "; " + histories + " histories of " + NIGHTS
                + " nights per scenario, seed " + seed + "; each night a run drawn from those not drawn on the " + exclude
                + " nights before it; shifts from night " + stepNight + " (0-based); one-run verdict: each night vs up to "
                + Baselines.LATEST + " nights before it, FalseAlarmRule.FAMILY_WISE; change points: ChangePoints (p "
                + ChangePoints.MAX_P + ") of each headline metric's history up to that night");
        String row = "%-26s | %-22s %-22s %-17s | %-22s %-22s%n";
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, row, "", "one-run verdict", "", "", "change points", ""));
        table.append(String.format(Locale.ROOT, row, "scenario", "false alarms/night", "det<=" + WITHIN + "n  det  med.n",
                "inconcl. pre post", "false alarms/night", "det<=" + WITHIN + "n  det  med.n"));
        for (Scenario sc : SCENARIOS) {
            Tally verdict = new Tally();
            Tally points = new Tally();
            for (int h = 0; h < histories; h++) {
                bench.replay(sc, draw(new Random(seed * 1_000_003L + h), bench.runs.size(), exclude), verdict, points);
            }
            table.append(String.format(Locale.ROOT, row, sc.name(), verdict.alarmsText(), verdict.detectionText(),
                    verdict.inconclusiveText(), points.alarmsText(), points.detectionText()));
        }
        System.out.print(table);
        bench.printNotes();
    }

    /**
     * The runs in {@code dir} (only those that passed their own criteria when {@code passedOnly}), each read once.
     *
     * @throws IllegalArgumentException when fewer than 3 runs are left to replay
     */
    private static VerdictPowerBench read(Path dir, boolean passedOnly, int stepNight) throws Exception {
        List<Path> dirs = runsIn(dir);
        if (dirs.size() < 3) {
            throw new IllegalArgumentException(dir + " holds " + dirs.size() + " runs (directories with summary.json); at least 3 are needed");
        }
        RunDirectory first = RunDirectory.open(dirs.get(0));
        List<Metric> metrics = Metric.of(first.summary, first.summary);
        List<Run> runs = new ArrayList<>();
        for (Path d : dirs) {
            RunDirectory rd = RunDirectory.open(d);
            if (passedOnly && !Summary.PASSED.equals(rd.summary.verdict())) {
                System.out.println("left out (did not pass its own criteria): " + d.getFileName() + ", " + rd.summary.verdict());
                continue;
            }
            RunFigures f = RunFigures.read(rd, metrics);
            double[] headline = Arrays.stream(HeadlineMetric.values()).mapToDouble(h -> {
                Double v = h.valueIn(rd.summary.totals());
                return v == null ? Double.NaN : v;
            }).toArray();
            runs.add(new Run(f.name, rd.summary.verdict(), metrics.stream().map(m -> Comparison.Reading.of(f, m)).toList(), headline));
        }
        if (runs.size() < 3) {
            throw new IllegalArgumentException(dir + " holds " + runs.size() + " runs that passed; at least 3 are needed");
        }
        return new VerdictPowerBench(metrics, runs, stepNight);
    }

    /** One history of scenario {@code sc} (night k's run is {@code night[k]}), judged night by night by both judges. */
    private void replay(Scenario sc, int[] night, Tally verdict, Tally points) {
        boolean shifts = sc.step() != 0 || sc.drift();
        int from = shifts ? stepNight : NIGHTS;
        int verdictAt = 0;
        int pointAt = 0;
        List<Set<Integer>> seen = new ArrayList<>();
        for (int i = 0; i < HeadlineMetric.values().length; i++) {
            seen.add(new HashSet<>());
        }
        for (int k = 1; k < NIGHTS; k++) {
            List<MetricVerdict> verdicts = nightly(sc, night, k, from);
            boolean inconclusive = MetricVerdict.INCONCLUSIVE.equals(Comparison.overall(null, verdicts));
            if (k < from) {
                verdict.inconclusive += inconclusive ? 1 : 0;
            } else {
                verdict.shiftedNights++;
                verdict.shiftedInconclusive += inconclusive ? 1 : 0;
            }
            if (k < from) {
                verdict.nights++;
                verdict.alarms += verdicts.stream().anyMatch(MetricVerdict::isRegression) ? 1 : 0;
                if (!shifts) {
                    verdicts.stream().filter(MetricVerdict::isRegression).forEach(v -> crying.merge(v.metric().name(), 1, Integer::sum));
                }
            } else if (verdictAt == 0 && verdicts.stream().anyMatch(v -> v.isRegression() && sc.shifted(v.metric().name()))) {
                verdictAt = k - from + 1;
            }
            if (k + 1 < 2 * ChangePoints.MIN_SIZE) {
                continue;
            }
            boolean[] found = changePoints(sc, night, k, from, seen);
            if (found[1] && k >= from && pointAt == 0) {
                pointAt = k - from + 1;
            }
            if (k < from) {
                points.nights++;
                points.alarms += found[0] ? 1 : 0;
            }
        }
        if (shifts) {
            verdict.detection(verdictAt);
            points.detection(pointAt);
        }
    }

    /** The one-run verdict of night k against up to 10 nights before it, each metric's figures shifted as the scenario says. */
    private List<MetricVerdict> nightly(Scenario sc, int[] night, int k, int from) {
        List<Integer> base = new ArrayList<>();
        for (int b = Math.max(0, k - Baselines.LATEST); b < k; b++) {
            base.add(b);
        }
        List<MetricChange> changes = new ArrayList<>();
        for (int m = 0; m < metrics.size(); m++) {
            Metric metric = metrics.get(m);
            final int mi = m;
            List<Comparison.Reading> bs = base.stream().map(b -> scaled(runs.get(night[b]).readings().get(mi),
                    sc.shifted(metric.name()) ? sc.factor(b, from) : 1)).toList();
            Comparison.Reading c = scaled(runs.get(night[k]).readings().get(m), sc.shifted(metric.name()) ? sc.factor(k, from) : 1);
            MetricChange change = Comparison.change(metric, bs, c, null);
            if (change != null) {
                changes.add(change);
            }
        }
        if (from == NIGHTS && base.size() == Baselines.LATEST) {
            comparisons++;
            selfInBaselines += base.stream().anyMatch(b -> night[b] == night[k]) ? 1 : 0;
            for (DetectableChange d : FalseAlarmRule.FAMILY_WISE.detectable(changes)) {
                mde.computeIfAbsent(d.metric().name() + " (" + d.worse() + ")", x -> new ArrayList<>()).add(d.percent());
            }
        }
        return FalseAlarmRule.FAMILY_WISE.judge(changes);
    }

    /**
     * The change points of each headline metric's history up to night k: {a new one that is not the injected shift,
     * one that is the shift}. {@code seen} keeps each metric's points of the nights before.
     */
    private boolean[] changePoints(Scenario sc, int[] night, int k, int from, List<Set<Integer>> seen) {
        boolean[] found = new boolean[2];
        for (int hm = 0; hm < HeadlineMetric.values().length; hm++) {
            HeadlineMetric metric = HeadlineMetric.values()[hm];
            double[] x = new double[k + 1];
            boolean known = true;
            for (int n = 0; n <= k; n++) {
                x[n] = runs.get(night[n]).headline()[hm] * (sc.shifted(metric.label()) ? sc.factor(n, from) : 1);
                known &= Double.isFinite(x[n]);
            }
            if (!known) {
                continue;
            }
            for (ChangePoints.Shift s : ChangePoints.of(x)) {
                boolean isShift = sc.shifted(metric.label()) && s.index() >= from - CP_TOLERANCE
                        && (sc.drift() || s.index() <= from + CP_TOLERANCE) && (s.after() < s.before()) == metric.higherIsBetter();
                // A point moved by a night or two as the history grows is the same point.
                boolean before = seen.get(hm).stream().anyMatch(i -> Math.abs(i - s.index()) <= CP_TOLERANCE);
                seen.get(hm).add(s.index());
                found[0] |= !before && !isShift;
                found[1] |= isShift;
            }
        }
        return found;
    }

    private void printNotes() {
        System.out.println("det<=" + WITHIN + "n: share of histories whose shift is detected by its " + WITHIN + "rd night (the shift's "
                + "first night is 1); det: detected by night " + NIGHTS + "; med.n: median nights from the shift to its detection. One-run "
                + "verdict: a shifted metric called worse; change points: a change point toward worse in a shifted metric within "
                + CP_TOLERANCE + " nights of the step (of a drift: from then on), in the history up to that night. False alarms: nights "
                + "before any shift with any metric worse / with a new change point in any headline metric. inconcl. pre/post: share "
                + "of the nights before the shift / from it on whose one-run verdict is inconclusive (no metric worse, a headline "
                + "metric's smallest detectable change above its floor: what --repeat-inconclusive runs again for).");
        System.out.println("metrics called worse in the identical histories' nightly verdicts (nights): "
                + (crying.isEmpty() ? "none" : crying));
        System.out.println("the replayed runs' own verdicts (a nightly with --baseline runs takes only passed runs as baselines; "
                + "bench/verdict-power.sh with ONLY_PASSED=1 replays only those): " + runs.stream().map(Run::verdict).toList());
        System.out.println(String.format(Locale.ROOT, "nightly comparisons at %d baselines whose run is also among its baselines "
                + "(a resampled history repeats runs): %d of %d", Baselines.LATEST, selfInBaselines, comparisons));
        System.out.println("smallest detectable change at " + Baselines.LATEST + " baselines (DetectableChange), median [min, max] over "
                + "the identical histories' nightly comparisons:");
        mde.forEach((metric, l) -> {
            double[] v = l.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            System.out.println(String.format(Locale.ROOT, "  %-40s %6.1f %%  [%.1f, %.1f]", metric, v[v.length / 2], v[0],
                    v[v.length - 1]));
        });
    }

    /** The run drawn for each night: uniformly among the runs not drawn on the {@code exclude} nights before it. */
    static int[] draw(Random random, int runs, int exclude) {
        int[] night = new int[NIGHTS];
        for (int k = 0; k < NIGHTS; k++) {
            List<Integer> allowed = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                boolean recent = false;
                for (int b = Math.max(0, k - exclude); b < k; b++) {
                    recent |= night[b] == r;
                }
                if (!recent) {
                    allowed.add(r);
                }
            }
            night[k] = allowed.get(random.nextInt(allowed.size()));
        }
        return night;
    }

    /** A reading of a run whose whole figure moved by {@code factor}: the figure and its slices' spread alike. */
    static Comparison.Reading scaled(Comparison.Reading r, double factor) {
        return factor == 1 ? r : new Comparison.Reading(r.value() * factor, r.noise() * factor, r.tooFewSlices());
    }

    /** The run directories directly in {@code dir}, oldest first (their names begin with the start time). */
    private static List<Path> runsIn(Path dir) throws IOException {
        List<Path> runs = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.filter(d -> Files.isRegularFile(d.resolve(RunLayout.SUMMARY_JSON))).sorted().forEach(runs::add);
        }
        return runs;
    }
}
