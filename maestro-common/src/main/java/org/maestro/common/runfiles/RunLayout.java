package org.maestro.common.runfiles;

import java.nio.file.Path;
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
    /** The run's criteria and peers as JUnit test cases, for Jenkins. */
    public static final String JUNIT_XML = "junit.xml";
    /**
     * What a script of several tests adds to the runs directory: {@code <yyyyMMdd-HHmmss>-<script>-suite-junit.xml},
     * one JUnit test suite per run (each its junit.xml's).
     */
    public static final String SUITE_JUNIT_SUFFIX = "-suite-junit.xml";
    /** What the user saw on the console during the run. */
    public static final String CONSOLE_LOG = "console.log";
    private static final String PEERS = "peers";
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

    /** {@code <runDir>/peers}, the parent of every peer's collected files. */
    public static Path peersDir(Path runDir) {
        return runDir.resolve(PEERS);
    }

    /** {@code <runDir>/peers/<peerName>}. */
    public static Path peerDir(Path runDir, String peerName) {
        return peersDir(runDir).resolve(peerName);
    }
}
