package org.maestro.client.cli;

import org.maestro.client.run.publish.BaselineCheck;
import org.maestro.reports.compare.Baselines;
import org.maestro.reports.compare.CompareMain;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --baseline} and {@code --min-change}: compare the run with earlier ones once it is done (a picocli mixin). */
final class BaselineOptions {
    @Option(names = "--baseline", paramLabel = "DIR", description = {"compare the run with this earlier run directory, "
            + "or with the latest " + Baselines.LATEST + " passed runs of the same test in this "
            + "directory of runs (e.g. --baseline runs); may be repeated. A regression makes the exit code 1 and "
            + "fails a test case in junit.xml."})
    List<Path> baselines = new ArrayList<>();

    @Option(names = "--min-change", paramLabel = "PERCENT", description = "with --baseline: the smallest change that counts, "
            + "for every metric (default: each metric's own floor; see maestro compare --help)")
    String minChange;

    @Option(names = BaselineCheck.REPEAT_OPTION, paramLabel = "N", description = "with --baseline: while the comparison is "
            + "inconclusive (a headline metric's smallest detectable change is above its floor), run the test again, up to N "
            + "more times, and judge tonight's runs together (default: 0)")
    int repeatInconclusive;

    @Option(names = BaselineCheck.FAIL_OPTION, description = "with --baseline: an inconclusive final answer fails the run "
            + "(exit code 1, a junit failure); by default it passes with a warning and a skipped junit test case")
    boolean failInconclusive;

    BaselineCheck check() {
        return new BaselineCheck(baselines, CompareMain.parsePercent(minChange), repeatInconclusive, failInconclusive, List.of());
    }
}
