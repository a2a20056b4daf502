package org.maestro.reports.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.Format;

/**
 * bench/compare-noise.sh's comparisons: how often identical runs are called worse by each rule ({@link #RULES}: each
 * metric alone at 0.5 %; Holm's family-wise rule on one run's slices; the same with the run-to-run spread measured on
 * identical runs), all judging the same changes read once per comparison; which metrics cry wolf on one baseline;
 * how much each metric moves between the identical runs; and whether two real changes still fail a nightly (a load that
 * differs from every baseline's is "not comparable", whatever its metrics say; the metrics called worse are listed), with
 * what moved.
 *
 * <p>usage: {@code CompareNoiseBench SAME_RUNS_DIR CHANGED_RUNS_DIR...}: a directory of identical runs, then
 * directories each holding a changed run.
 */
public final class CompareNoiseBench {
    /** The rules side by side: the first (each metric alone), the family-wise one on slices only, and today's. */
    private static final List<FalseAlarmRule> RULES = List.of(FalseAlarmRule.PER_METRIC, FalseAlarmRule.FAMILY_WISE_SLICES_ONLY,
            FalseAlarmRule.FAMILY_WISE);
    private static final List<String> RULE_NAMES = List.of("per metric", "Holm, slices", "Holm + run-to-run");

    /** How many comparisons of one kind, and how many each rule called worse. */
    private static final class Tally {
        final String what;
        int compared;
        final int[] worse = new int[RULES.size()];
        /** Comparisons the rule of maestro compare calls "not judged" (no metric worse, some too noisy or too short to tell). */
        int notJudged;

        Tally(String what) {
            this.what = what;
        }

        void add(Comparison c) {
            compared++;
            for (int r = 0; r < RULES.size(); r++) {
                worse[r] += c.judgedBy(RULES.get(r)).isRegression() ? 1 : 0;
            }
            notJudged += c.verdict().equals(MetricVerdict.NOT_JUDGED) ? 1 : 0;
        }

        void addAll(Tally t) {
            compared += t.compared;
            for (int r = 0; r < RULES.size(); r++) {
                worse[r] += t.worse[r];
            }
            notJudged += t.notJudged;
        }

        String row() {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-44s %11d", what, compared));
            for (int n : worse) {
                b.append(String.format(Locale.ROOT, " %18s", compared == 0 ? "-" : String.format(Locale.ROOT, "%d (%.1f %%)", n,
                        100.0 * n / compared)));
            }
            b.append(String.format(Locale.ROOT, " %18s", compared == 0 ? "-" : String.format(Locale.ROOT, "%d (%.1f %%)", notJudged,
                    100.0 * notJudged / compared)));
            return b.toString();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: CompareNoiseBench SAME_RUNS_DIR CHANGED_RUNS_DIR...");
            System.exit(2);
        }
        List<Path> same = runsIn(Path.of(args[0]));
        if (same.size() < 3) {
            System.err.println("CompareNoiseBench: " + args[0] + " holds " + same.size() + " runs; at least 3 are needed");
            System.exit(2);
        }
        // Which metrics cry wolf on one baseline, and how much each metric moves between the identical runs (the
        // spread Metric.RUN_TO_RUN_* take as known while too few baselines show it).
        java.util.Map<String, Integer> firing = new java.util.TreeMap<>();
        java.util.Map<String, Integer> firingSlicesOnly = new java.util.TreeMap<>();
        java.util.Map<String, List<Double>> logs = new java.util.LinkedHashMap<>();
        Tally pairs = new Tally("one baseline: every ordered pair");
        Tally nightly = new Tally("nightly: the runs before it (up to " + Baselines.LATEST + ")");
        Tally others = new Tally("leave one out: all " + (same.size() - 1) + " other runs");
        for (Path run : same) {
            for (Path base : same) {
                if (!base.equals(run)) {
                    Comparison c = Comparison.of(List.of(base), run, null);
                    pairs.add(c);
                    c.verdicts().stream().filter(MetricVerdict::isRegression).forEach(v -> firing.merge(v.metric().name(), 1, Integer::sum));
                    c.judgedBy(FalseAlarmRule.FAMILY_WISE_SLICES_ONLY).verdicts().stream().filter(MetricVerdict::isRegression)
                            .forEach(v -> firingSlicesOnly.merge(v.metric().name(), 1, Integer::sum));
                }
            }
        }
        System.out.println("nightly (each run against the runs before it) and leave one out, the verdict of each rule:");
        for (int i = 0; i < same.size(); i++) {
            Path run = same.get(i);
            // The latest runs before it, as --baseline DIR picks them, but whatever their own verdict: on a busy host the
            // demo can miss its own rate criterion, and that is the noise to measure.
            if (i > 0) {
                List<Path> before = same.subList(Math.max(0, i - Baselines.LATEST), i);
                Comparison c = Comparison.of(before, run, null);
                nightly.add(c);
                System.out.println("  " + run.getFileName() + " vs " + before.size() + " before it: " + verdicts(c));
            }
            Comparison c = Comparison.of(same.stream().filter(p -> !p.equals(run)).toList(), run, null);
            others.add(c);
            c.verdicts().stream().filter(v -> v.candidate() > 0)
                    .forEach(v -> logs.computeIfAbsent(v.metric().name(), k -> new ArrayList<>()).add(Math.log(v.candidate())));
            System.out.println("  " + run.getFileName() + " vs the " + (same.size() - 1) + " others: " + verdicts(c));
            System.out.println("    this run: " + figures(c));
        }
        Tally all = new Tally("all comparisons of identical runs");
        for (Tally t : List.of(pairs, nightly, others)) {
            all.addAll(t);
        }
        Comparison any = Comparison.of(same.subList(0, same.size() - 1), same.get(same.size() - 1), null);
        System.out.println();
        for (int r = 0; r < RULES.size(); r++) {
            System.out.println(RULE_NAMES.get(r) + ": " + any.judgedBy(RULES.get(r)).toJson().rule().text());
        }
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-44s %11s", "identical runs (" + same.size() + ")",
                "comparisons"));
        RULE_NAMES.forEach(n -> header.append(String.format(Locale.ROOT, " %18s", "worse: " + n)));
        header.append(String.format(Locale.ROOT, " %18s", "not judged (today)"));
        System.out.println(header);
        for (Tally t : List.of(pairs, nightly, others, all)) {
            System.out.println(t.row());
        }
        System.out.println("one baseline, metrics called worse, in how many of the " + pairs.compared + " pairs: Holm, slices "
                + (firingSlicesOnly.isEmpty() ? "none" : firingSlicesOnly) + "; Holm + run-to-run " + (firing.isEmpty() ? "none" : firing));
        System.out.println("spread between the identical runs, sd of ln(figure) (Metric.RUN_TO_RUN_P50 = " + Metric.RUN_TO_RUN_P50
                + ", RUN_TO_RUN_TAIL = " + Metric.RUN_TO_RUN_TAIL + " were measured so):");
        logs.forEach((metric, l) -> System.out.println(String.format(Locale.ROOT, "  %-28s %.3f  (%d runs)", metric,
                Spread.standardDeviation(l.stream().mapToDouble(Double::doubleValue).toArray()), l.size())));
        System.out.println();
        for (int i = 1; i < args.length; i++) {
            for (Path changed : runsIn(Path.of(args[i]))) {
                Comparison c = Comparison.of(same, changed, null);
                System.out.println("real change " + Path.of(args[i]).getFileName() + " (" + changed.getFileName() + ") vs the "
                        + same.size() + " identical runs: " + verdicts(c));
                c.toJson().notes().forEach(n -> System.out.println("    note: " + n));
                // What moved, and by how much against its threshold: why a change is (not) called.
                c.verdicts().stream().filter(v -> v.metric().window() != null).forEach(v -> System.out.println(String.format(Locale.ROOT,
                        "    %-28s %10s -> %10s %s (%+.1f %%, threshold \u00b1%s): %s", v.metric().name(), Format.number(v.baseline()),
                        Format.number(v.candidate()), v.metric().unit(), v.changePercent(), Format.number(v.threshold()), v.verdict())));
            }
        }
    }

    /** The run's receive rate and response time p50 / p99 as the comparison read them: how identical the runs were. */
    private static String figures(Comparison c) {
        StringBuilder b = new StringBuilder();
        for (MetricVerdict v : c.verdicts()) {
            if (List.of("receive rate", "response time p50", "response time p99").contains(v.metric().name())) {
                b.append(b.length() == 0 ? "" : ", ").append(v.metric().name()).append(' ').append(Format.number(v.candidate()))
                        .append(' ').append(v.metric().unit());
            }
        }
        return b.toString();
    }

    /** "per metric: worse (metrics) / ...", one verdict per rule. */
    private static String verdicts(Comparison c) {
        List<String> each = new ArrayList<>();
        for (int r = 0; r < RULES.size(); r++) {
            each.add(RULE_NAMES.get(r) + ": " + verdict(c.judgedBy(RULES.get(r))));
        }
        return String.join(" / ", each);
    }

    /** The overall verdict (a load that differs from every baseline's is "not comparable"), the metrics worse, and whether a nightly fails. */
    private static String verdict(Comparison c) {
        List<String> worse = c.verdicts().stream().filter(MetricVerdict::isRegression).map(v -> v.metric().name()).toList();
        List<String> notJudged = c.verdicts().stream().filter(MetricVerdict::isNotJudged).map(v -> v.metric().name()).toList();
        return c.verdict() + (worse.isEmpty() ? "" : " (" + worse.size() + " worse: " + String.join(", ", worse) + ")")
                + (notJudged.isEmpty() ? "" : " (not judged: " + String.join(", ", notJudged) + ")")
                + (c.fails() ? ", fails the nightly" : ", passes");
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
