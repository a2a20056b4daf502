package org.maestro.reports.compare;

import org.maestro.common.cli.OneLineErrors;
import java.nio.file.Path;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import org.maestro.reports.page.ReportBuilder;
import org.maestro.reports.ReportException;
import org.maestro.reports.StreamsCommand;

/** {@code compare BASELINE... RUN}: the run against its baseline(s), in comparison.html and junit.xml. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares RUN with BASELINE (or several baselines) metric by metric: throughput, latency "
                + "percentiles, loss, outages. Each change is better, same or worse beyond a threshold set from the "
                + "run-to-run spread and a false-alarm rate bounded over the whole comparison, not per metric (Holm's "
                + "step-down: the line 'rule:' says it), and beyond the metric's floor.",
                "Writes RUN/comparison.json, RUN/comparison.html and a test suite in RUN/junit.xml; rebuilds RUN/report.html.",
                "A BASELINE that is a directory of runs (e.g. runs/) stands for its latest " + Baselines.LATEST
                        + " passed runs of the same test.",
                "Exit codes: 0 no metric worse (an inconclusive answer too, with a warning, unless "
                        + Comparison.FAIL_INCONCLUSIVE_OPTION + "), 1 a regression, 2 the runs could not be compared."})
public final class CompareMain extends StreamsCommand {

    @Parameters(arity = "2..*", paramLabel = "RUN", description = "baseline run(s), then the run to judge (the last one)")
    List<Path> runs;

    @Option(names = "--min-change", paramLabel = "PERCENT",
            // %% : picocli formats descriptions (a bare "3%, p" read as a conversion and printed WARN lines).
            description = "the smallest change that counts, for every metric, e.g. 5%% (default: each metric's own: "
                    + "rates 3%%, p50/p90 10%%, p99 15%%, p99.9 25%%, max 50%%, counts 10%%, outages 25%%)")
    String minChange;

    @Option(names = Comparison.FAIL_INCONCLUSIVE_OPTION,
            description = "an inconclusive answer (a headline metric's noise hides a change of the size that counts) fails: "
                    + "exit 1 and a junit failure, instead of a pass with a warning")
    boolean failInconclusive;

    @Override
    public Integer call() {
        try {
            Path run = runs.get(runs.size() - 1);
            if (LimitComparison.applies(run)) {
                return compareLimits(runs);
            }
            List<Path> given = runs.subList(0, runs.size() - 1);
            Comparison c = Comparison.of(Baselines.resolve(given, run), run, parsePercent(minChange)).withHistory(given);
            Path page = c.write(failInconclusive);
            c.lines().forEach(out()::println);
            out().println("comparison: " + page.toAbsolutePath());
            out().println("report: " + ReportBuilder.build(run).toAbsolutePath());
            if (c.isInconclusive() && !failInconclusive) {
                out().println("warning: the comparison is inconclusive; " + Comparison.FAIL_INCONCLUSIVE_OPTION + " fails on it");
            }
            return c.fails(failInconclusive) ? 1 : 0;
        } catch (ReportException | IllegalArgumentException e) {
            err().println("compare: " + e.getMessage());
            return 2;
        }
    }

    /** Two limit searches: their sustainable rates and curves; exit 1 when the rate fell beyond both resolutions. */
    private int compareLimits(List<Path> dirs) throws ReportException {
        if (dirs.size() != 2 || !LimitComparison.applies(dirs.get(0))) {
            throw new IllegalArgumentException("a limit search (incremental.json) is compared with one other limit search: "
                    + "give BASELINE_RUN RUN, both run directories of an incremental test");
        }
        LimitComparison c = LimitComparison.of(dirs.get(0), dirs.get(1));
        c.lines().forEach(out()::println);
        return c.isRegression() ? 1 : 0;
    }

    /** "5%", "5" or "0.5%" as a fraction; null stays null. */
    public static Double parsePercent(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.trim().endsWith("%") ? text.trim().substring(0, text.trim().length() - 1).trim() : text.trim();
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--min-change '" + text + "' is not a percentage (e.g. 5%)");
        }
        if (!(v >= 0 && v < 1000)) {
            throw new IllegalArgumentException("--min-change '" + text + "' must be between 0% and 1000%");
        }
        return v / 100;
    }

    public static void main(String[] args) {
        System.exit(OneLineErrors.execute(new CompareMain(), "compare", args));
    }
}
