package org.maestro.reports.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

import org.maestro.results.Summary;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.reports.Json;
import org.maestro.reports.ReportException;
import org.maestro.reports.RunDirectory;

/**
 * Turns what a user gives as a baseline into run directories. A run directory (it holds summary.json) is itself; a
 * directory of runs (e.g. {@code runs/}) stands for the latest {@value #LATEST} passed runs of the same test
 * name, started before the run — a nightly compares with its recent past, and several baselines give the
 * run-to-run spread.
 */
public final class Baselines {
    /** How many earlier runs a directory of runs contributes. */
    public static final int LATEST = 10;

    private Baselines() {
    }

    public static List<Path> resolve(List<Path> given, Path runDir) throws ReportException {
        return resolve(given, runDir, List.of());
    }

    /**
     * As {@link #resolve(List, Path)}, a directory of runs giving none of {@code tonight} (tonight's earlier runs of the
     * test, judged with this one rather than against it).
     */
    public static List<Path> resolve(List<Path> given, Path runDir, List<Path> tonight) throws ReportException {
        Summary run = RunDirectory.open(runDir).summary;
        List<Path> out = new ArrayList<>();
        for (Path g : given) {
            if (Files.isRegularFile(g.resolve(RunLayout.SUMMARY_JSON))) {
                out.add(g);
            } else if (Files.isDirectory(g)) {
                List<Path> found = latestPassed(g, run, runDir, tonight);
                if (found.isEmpty()) {
                    throw new ReportException("baseline " + g + " is neither a run directory (no summary.json) nor holds a "
                            + "passed run of test '" + run.name() + "' started before this one");
                }
                out.addAll(found);
            } else {
                throw new ReportException("baseline " + g + " does not exist or is not a directory");
            }
        }
        return out;
    }

    private static List<Path> latestPassed(Path runs, Summary run, Path runDir, List<Path> tonight) throws ReportException {
        String name = run.name();
        long before = Json.epochMicros(run.start());
        Path self = runDir.toAbsolutePath().normalize();
        List<Path> notBaselines = tonight.stream().map(t -> t.toAbsolutePath().normalize()).toList();
        record Candidate(Path dir, long start) {
        }
        List<Candidate> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                Path summary = d.resolve(RunLayout.SUMMARY_JSON);
                Path dir = d.toAbsolutePath().normalize();
                if (!Files.isRegularFile(summary) || dir.equals(self) || notBaselines.contains(dir)) {
                    continue;
                }
                Summary s;
                try {
                    s = Summary.read(summary);
                } catch (IOException e) {
                    continue; // an unreadable run is no baseline; the index shows it as such
                }
                long start = Json.epochMicros(s.start());
                if (Objects.equals(name, s.name()) && Summary.PASSED.equals(s.verdict())
                        && (before < 0 || start < before)) {
                    found.add(new Candidate(d, start));
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot list " + runs + ": " + e.getMessage(), e);
        }
        return found.stream().sorted(Comparator.comparingLong(Candidate::start).reversed()).limit(LATEST)
                .map(Candidate::dir).toList();
    }
}
