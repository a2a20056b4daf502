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

    BaselineCheck check() {
        return new BaselineCheck(baselines, CompareMain.parsePercent(minChange));
    }
}
