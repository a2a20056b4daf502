package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.reports.page.IncrementalReportTest;
import org.maestro.common.testing.TempDirs;
import org.maestro.reports.page.ReportBuilder;

/**
 * A runs directory as nightly tests leave it, for the index and serve tests: runs written by
 * {@link SyntheticRun} (the real writers) whose summary.json then gets the variations to list: names, tags,
 * verdicts and figures; one with a comparison with its baseline; an incremental run; a directory that is not
 * a run; a run whose summary.json is not JSON.
 */
public final class RunsFixture {
    /**
     * Newest first, as the index lists them. The runs with a summary start three days apart (2026-11-23T02:00Z
     * back to 11-11); the two listed by their directory name's local time sit in the middle of a gap, so the
     * order holds in any time zone.
     */
    public static final String NEWEST = "20261123-020000-nightly";
    public static final String UNREADABLE = "20261122-060000-broken";
    public static final String INCREMENTAL = "20261121-060000-incremental";
    public static final String FAILED = "20261120-020000-nightly";
    public static final String ERROR = "20261117-020000-nightly";
    public static final String PROBE = "20261114-020000-latency probe";
    public static final String OLDEST = "20261111-020000-nightly";
    static final String JUNK = "scratch";
    public static final List<String> LISTED_IN_ORDER = List.of(NEWEST, UNREADABLE, INCREMENTAL, FAILED, ERROR, PROBE, OLDEST);
    private static final long GAP_MICROS = 3 * 86_400_000_000L;
    /** 2026-11-23T02:00:00Z. */
    private static final long NEWEST_START = 1_795_399_200_000_000L;

    public final Path dir;

    private RunsFixture(Path dir) {
        this.dir = dir;
    }

    /** The runs written once per test JVM (each report takes seconds to build), copied into each test's directory. */
    private static Path template;

    /** Writes the runs under {@code dir}; report.html in every run but {@link #OLDEST}. */
    public static RunsFixture write(Path dir) throws Exception {
        copyTree(template(), dir);
        return new RunsFixture(dir);
    }

    private static synchronized Path template() throws Exception {
        if (template == null) {
            Path base = Files.createTempDirectory("maestro-runs-fixture-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> TempDirs.delete(base)));
            template = writeRuns(base.resolve("runs"));
        }
        return template;
    }

    /** Copies files and directories with their modification times (the index orders and caches by them). */
    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static Path writeRuns(Path dir) throws Exception {
        RunsFixture f = new RunsFixture(Files.createDirectories(dir));
        f.run(NEWEST, NEWEST_START, 300, "passed", List.of("nightly", "artemis"));
        f.run(FAILED, NEWEST_START - GAP_MICROS, 200, "failed", List.of("nightly", "artemis"));
        f.comparison(FAILED, "worse");
        f.run(ERROR, NEWEST_START - 2 * GAP_MICROS, 100, "error", List.of("nightly"));
        f.run(PROBE, NEWEST_START - 3 * GAP_MICROS, 100, "passed", List.of("latency"));
        f.run(OLDEST, NEWEST_START - 4 * GAP_MICROS, 250, "passed", List.of("nightly", "artemis"));
        Files.delete(dir.resolve(OLDEST).resolve(ReportBuilder.REPORT_FILE));
        Path incremental = IncrementalReportTest.incrementalRun(Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-tmp")));
        Files.move(incremental, dir.resolve(INCREMENTAL));
        ReportBuilder.build(dir.resolve(INCREMENTAL));
        Path broken = Files.createDirectories(dir.resolve(UNREADABLE));
        Files.writeString(broken.resolve("summary.json"), "{\"name\": \"broken\", \"verdict\": ");
        Path junk = Files.createDirectories(dir.resolve(JUNK));
        Files.writeString(junk.resolve("notes.txt"), "not a run\n");
        Files.writeString(dir.resolve("README.txt"), "runs of the lab\n");
        return f.dir;
    }

    /** A run at {@code ratePerSecond} for 3 s with a patched summary.json, and its report.html. */
    private void run(String name, long startMicros, int ratePerSecond, String verdict, List<String> tags) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        new SyntheticRun(run, startMicros, 3, ratePerSecond, 1).write();
        ObjectNode s = (ObjectNode) summary(name);
        s.put("name", name.substring(16));
        s.set("tags", Json.MAPPER.valueToTree(tags));
        s.put("verdict", verdict);
        ObjectNode totals = s.putObject("totals");
        long sent = 3L * ratePerSecond;
        totals.put("sent", sent);
        totals.put("received", verdict.equals("error") ? 0 : sent - ratePerSecond / 100);
        totals.put("lost", verdict.equals("error") ? 0 : ratePerSecond / 100);
        totals.put("receiveRate", verdict.equals("error") ? 0.0 : ratePerSecond * 0.99);
        ObjectNode response = totals.putObject("responseTime");
        response.put("count", sent);
        response.put("p50", 0.5);
        response.put("p99", ratePerSecond / 100.0 + 0.125);
        response.put("max", ratePerSecond / 10.0 + 0.5);
        Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(run.resolve("summary.json").toFile(), s);
        ReportBuilder.build(run);
    }

    private void comparison(String name, String verdict) throws IOException {
        Path run = dir.resolve(name);
        Files.writeString(run.resolve("comparison.json"), "{\"baseline\": \"" + OLDEST + "\", \"verdict\": \"" + verdict + "\"}\n");
        Files.writeString(run.resolve("comparison.html"), "<!DOCTYPE html><title>comparison</title><p>worse than the baseline</p>\n");
    }

    public JsonNode summary(String name) throws IOException {
        return Json.MAPPER.readTree(dir.resolve(name).resolve("summary.json").toFile());
    }
}
