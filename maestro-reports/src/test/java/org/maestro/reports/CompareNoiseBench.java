package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.maestro.common.runfiles.RunLayout;

/**
 * bench/compare-noise.sh's comparisons: how often identical runs are called worse, by the former rule (each metric
 * alone at 0.5 %) and by the family-wise rule, both judging the same changes read once per comparison; and whether
 * two real changes are still called worse.
 *
 * <p>usage: {@code CompareNoiseBench SAME_RUNS_DIR CHANGED_RUNS_DIR...}: a directory of identical runs, then
 * directories each holding a changed run.
 */
public final class CompareNoiseBench {
    private static final FalseAlarmRule BEFORE = FalseAlarmRule.PER_METRIC;
    private static final FalseAlarmRule AFTER = FalseAlarmRule.FAMILY_WISE;

    /** How many comparisons of one kind, and how many each rule called worse. */
    private static final class Tally {
        final String what;
        int compared;
        int worseBefore;
        int worseAfter;

        Tally(String what) {
            this.what = what;
        }

        void add(Comparison c) {
            compared++;
            worseBefore += c.judgedBy(BEFORE).isRegression() ? 1 : 0;
            worseAfter += c.isRegression() ? 1 : 0;
        }

        String row() {
            return String.format(Locale.ROOT, "%-52s %11d %14s %14s", what, compared, share(worseBefore), share(worseAfter));
        }

        private String share(int n) {
            return compared == 0 ? "-" : String.format(Locale.ROOT, "%d (%.1f %%)", n, 100.0 * n / compared);
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
        Tally pairs = new Tally("one baseline: every ordered pair");
        Tally nightly = new Tally("nightly: the runs before it (up to " + Baselines.LATEST + ")");
        Tally others = new Tally("leave one out: all " + (same.size() - 1) + " other runs");
        for (Path run : same) {
            for (Path base : same) {
                if (!base.equals(run)) {
                    pairs.add(Comparison.of(List.of(base), run, null));
                }
            }
        }
        System.out.println("nightly (each run against the runs before it) and leave one out, verdicts BEFORE / AFTER:");
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
            System.out.println("  " + run.getFileName() + " vs the " + (same.size() - 1) + " others: " + verdicts(c));
            System.out.println("    this run: " + figures(c));
        }
        Tally all = new Tally("all comparisons of identical runs");
        for (Tally t : List.of(pairs, nightly, others)) {
            all.compared += t.compared;
            all.worseBefore += t.worseBefore;
            all.worseAfter += t.worseAfter;
        }
        Comparison any = Comparison.of(same.subList(0, same.size() - 1), same.get(same.size() - 1), null);
        System.out.println();
        System.out.println("BEFORE: " + any.judgedBy(BEFORE).toJson().path("rule").path("text").asText());
        System.out.println("AFTER:  " + any.toJson().path("rule").path("text").asText());
        System.out.println(String.format(Locale.ROOT, "%-52s %11s %14s %14s", "identical runs (" + same.size() + ")", "comparisons",
                "worse BEFORE", "worse AFTER"));
        for (Tally t : List.of(pairs, nightly, others, all)) {
            System.out.println(t.row());
        }
        System.out.println();
        for (int i = 1; i < args.length; i++) {
            for (Path changed : runsIn(Path.of(args[i]))) {
                Comparison c = Comparison.of(same, changed, null);
                System.out.println("real change " + Path.of(args[i]).getFileName() + " (" + changed.getFileName() + ") vs the "
                        + same.size() + " identical runs: " + verdicts(c));
                c.toJson().path("notes").forEach(n -> System.out.println("    note: " + n.asText()));
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

    /** "BEFORE worse (metrics) / AFTER same". */
    private static String verdicts(Comparison after) {
        return "BEFORE " + verdict(after.judgedBy(BEFORE)) + " / AFTER " + verdict(after);
    }

    private static String verdict(Comparison c) {
        List<String> worse = c.verdicts().stream().filter(MetricVerdict::isRegression).map(v -> v.metric().name()).toList();
        return c.verdict() + (worse.isEmpty() ? "" : " (" + worse.size() + ": " + String.join(", ", worse) + ")");
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
