package org.maestro.common.runfiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The client's run directory: {@code summary.json}, {@code console.log}, and each peer's collected files
 * under {@code peers/<name>/} (named by {@link PeerFiles}); an incremental test's top directory holds
 * {@code incremental.json} and one run directory per step.
 */
public final class RunLayout {
    /** The run's figures and verdict, written by the client and read by the reports. */
    public static final String SUMMARY_JSON = "summary.json";
    /** An incremental test's steps and where it stopped. */
    public static final String INCREMENTAL_JSON = "incremental.json";
    /**
     * Who runs the test where, written by the client as the run starts (test id, control broker without its
     * password, the plan, then the peers), so {@code maestro collect} can finish a run whose client was killed.
     */
    public static final String RUN_JSON = "run.json";
    /**
     * What a script of several tests adds to the runs directory: {@code <yyyyMMdd-HHmmss>-<script>-suite-junit.xml},
     * one JUnit test suite per run (each its junit.xml's).
     */
    public static final String SUITE_JUNIT_SUFFIX = "-suite-junit.xml";
    /** What the user saw on the console during the run. */
    public static final String CONSOLE_LOG = "console.log";
    /** The run's criteria and peers as JUnit XML (and, with a baseline, the comparison's suite), for a CI's JUnit step. */
    public static final String JUNIT_XML = "junit.xml";
    /**
     * {@code <runs>/latest}: a one-line file naming the run directory that finished last there, so a pipeline's JUnit,
     * archive and HTML steps find the run without parsing the console for its name (see {@link #pointLatestAt}).
     */
    public static final String LATEST = "latest";
    private static final String PEERS = "peers";
    private static final String ROUTER_LOGS = "routers";
    /** A run directory's name starts with when it started, in the client's local time zone, to the second. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final Pattern STAMPED = Pattern.compile("^(\\d{8}-\\d{6})-");

    private RunLayout() {
    }

    /**
     * A run directory's name, which is also its test id: {@code <yyyyMMdd-HHmmss>-<test name>}, the name made safe for
     * a path and a topic (anything but letters, digits, '.', '_' and '-' becomes '_'), so runs list in the order they ran.
     */
    public static String runDirName(LocalDateTime start, String testName) {
        return start.format(STAMP) + "-" + testName.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** When the run named {@code dirName} by {@link #runDirName} started; empty for a name it did not make. */
    public static Optional<LocalDateTime> runDirStart(String dirName) {
        Matcher m = STAMPED.matcher(dirName);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(m.group(1), STAMP));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * Where the run directory keeps the log of a router {@code --local} started ({@code routers/router-2.log}: qdrouterd's
     * own log, as it stood at the end of the test), relative to the run directory, as the report links it.
     */
    public static String routerLog(String router) {
        return ROUTER_LOGS + "/" + router + ".log";
    }

    /** {@code <runDir>/peers}, the parent of every peer's collected files. */
    public static Path peersDir(Path runDir) {
        return runDir.resolve(PEERS);
    }

    /** {@code <runDir>/peers/<peerName>}. */
    public static Path peerDir(Path runDir, String peerName) {
        return peersDir(runDir).resolve(peerName);
    }

    /** {@code <runsDir>/latest} (see {@link #LATEST}). */
    public static Path latest(Path runsDir) {
        return runsDir.resolve(LATEST);
    }

    /**
     * Writes {@code <runsDir>/latest}: the name of {@code runDir}, one of its directories, on one line. A file, not a
     * link: every tool that lists the runs (the index, the baselines, a CI's archive step) sees each run once, and it
     * reads the same on any file system. Written whole and renamed into place, so a reader never finds it half written.
     *
     * @return the file
     */
    public static Path pointLatestAt(Path runsDir, Path runDir) throws IOException {
        if (!runsDir.toAbsolutePath().normalize().equals(runDir.toAbsolutePath().normalize().getParent())) {
            throw new IllegalArgumentException(runDir + " is not a directory of " + runsDir);
        }
        Path file = latest(runsDir);
        Path tmp = runsDir.resolve("." + LATEST + "." + ProcessHandle.current().pid() + "." + Thread.currentThread().getId());
        try {
            Files.writeString(tmp, runDir.getFileName() + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return file;
    }

    /** The run directory {@code <runsDir>/latest} names; empty when there is none yet. */
    public static Optional<Path> latestRun(Path runsDir) throws IOException {
        Path file = latest(runsDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String name = Files.readString(file, StandardCharsets.UTF_8).strip();
        return name.isEmpty() ? Optional.empty() : Optional.of(runsDir.resolve(name));
    }
}
