package org.maestro.common.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A main class run in a JVM of its own with this test's class path, so a test can kill it
 * (SIGKILL), freeze it (SIGSTOP) or let it end. Its output is copied to a log file and can be
 * waited on line by line.
 */
public final class ChildJvm implements AutoCloseable {
    /** System property with JVM options (separated by spaces) for every child JVM; see {@link #testOptions()}. */
    public static final String OPTIONS_PROPERTY = "maestro.test.childJvmOptions";
    private final Process process;
    private final BlockingQueue<String> lines = new ArrayBlockingQueue<>(10_000);
    private final Path log;

    private ChildJvm(Process process, Path log) {
        this.process = process;
        this.log = log;
        Thread pump = new Thread(this::pump, "child-jvm-" + process.pid());
        pump.setDaemon(true);
        pump.start();
    }

    public static ChildJvm start(Class<?> mainClass, String... args) throws IOException {
        return start(List.of(), mainClass, args);
    }

    /** With these JVM options too, e.g. the log levels the {@code maestro} launcher sets. */
    public static ChildJvm start(List<String> jvmOptions, Class<?> mainClass, String... args) throws IOException {
        return launch(mainClass, Map.of(), javaCommand(jvmOptions, mainClass, args));
    }

    /**
     * As a user's launcher starts it: the JVM's own JIT (all tiers, not {@link #testOptions()}) and heap, the
     * launcher's log levels (warnings), for a test of what a cold JVM does, which the test options would make
     * something else.
     */
    public static ChildJvm startAsUsersJvm(Class<?> mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.log.org.maestro=warn"));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        command.addAll(List.of(args));
        return launch(mainClass, Map.of(), command);
    }

    /**
     * As {@link #start(Class, String...)}, with these environment variables added: the way to hand a child a
     * secret, which its command line would show to every user of the host.
     */
    public static ChildJvm start(Map<String, String> environment, Class<?> mainClass, String... args) throws IOException {
        return launch(mainClass, environment, javaCommand(List.of(), mainClass, args));
    }

    /**
     * Runs the JVM under {@code prefix}, a command that execs the rest in place (e.g. {@code ip netns exec NS}: a peer
     * on a host of the namespace lab), with these JVM options too; the process is the JVM.
     */
    public static ChildJvm startUnder(List<String> prefix, List<String> jvmOptions, Class<?> mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(javaCommand(jvmOptions, mainClass, args));
        return launch(mainClass, Map.of(), command);
    }

    /**
     * Starts the main class the way a shell starts a foreground job: as a process group of its own, with SIGINT and
     * SIGTERM at their defaults (a process started in the background of a non-interactive shell, as a build may
     * run this test, has SIGINT ignored, and a JVM keeps it ignored). {@link #pressCtrlC()} then does what a
     * terminal's Ctrl-C does: SIGINT to that whole group.
     *
     * <p>Not a pseudo-terminal ({@code script}): the JVM's signal handling is the same either way, and once, in
     * CI only, the client under {@code script} died right after its first Ctrl-C without a word of why.
     */
    public static ChildJvm startAsForegroundJob(Class<?> mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("setsid", "perl", "-e",
                "$SIG{INT}=$SIG{TERM}=q(DEFAULT); exec @ARGV or die qq(cannot run $ARGV[0]: $!)"));
        command.addAll(javaCommand(List.of(), mainClass, args));
        // setsid and perl exec in place: the process is the JVM, and its pid is its group's id.
        return launch(mainClass, Map.of(), command);
    }

    private static List<String> javaCommand(List<String> jvmOptions, Class<?> mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.addAll(testOptions());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * The options the build gives every child JVM of a test, from the system property {@value #OPTIONS_PROPERTY}
     * (the root pom sets it for surefire: {@code -XX:TieredStopAtLevel=1}, which halves the CPU a peer JVM spends
     * until it is ready, and a test starts about a hundred of them). Unset where a bench's main method starts the
     * child, so a bench measures the JIT a user's peer runs with. For a test that starts a JVM by hand too.
     */
    public static List<String> testOptions() {
        String options = System.getProperty(OPTIONS_PROPERTY, "").trim();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    private static ChildJvm launch(Class<?> mainClass, Map<String, String> environment, List<String> command) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "child-jvm-logs"));
        Path log = dir.resolve(mainClass.getSimpleName() + nameIn(command) + "-" + System.nanoTime() + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        return new ChildJvm(p, log);
    }

    /** "-receiver-1" for a command with {@code --name receiver-1}, so a test's peers' logs can be told apart; else "". */
    private static String nameIn(List<String> command) {
        int at = command.indexOf("--name");
        return at < 0 || at + 1 >= command.size() ? "" : "-" + command.get(at + 1).replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    /** A word for {@code sh -c}, in single quotes. */
    private static String quote(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** What Ctrl-C on a terminal does to a JVM {@link #startAsForegroundJob started as its foreground job}. */
    public void pressCtrlC() throws IOException, InterruptedException {
        kill("-INT", "--", "-" + process.pid());
    }

    /** The JVM itself: the process, or the JVM under it when the process is a wrapper. */
    public ProcessHandle jvm() {
        return process.descendants().filter(h -> h.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .findFirst().orElse(process.toHandle());
    }

    /** Waits for an output line starting with {@code prefix}; returns the line, or fails with the output so far. */
    public String awaitLine(String prefix, long timeoutSeconds) throws InterruptedException {
        return awaitLine(line -> line.startsWith(prefix), "starting with '" + prefix + "'", timeoutSeconds);
    }

    /**
     * Waits for an output line that {@code wanted} accepts; returns the line, or fails with the output so far.
     *
     * @param what the lines wanted, for the failure: "no line WHAT within ..."
     */
    public String awaitLine(Predicate<String> wanted, String what, long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && wanted.test(line)) {
                return line;
            }
            if (line == null && !process.isAlive()) {
                break;
            }
        }
        throw new IllegalStateException("child JVM printed no line " + what + " within "
                + timeoutSeconds + " s (alive: " + process.isAlive() + "). " + outputTail(40));
    }

    /** Where the output is and its last {@code count} lines, for a failure that must be read where the log is gone (CI). */
    public String outputTail(int count) {
        return "the output of child JVM " + process.pid() + " is in " + log.toAbsolutePath() + "; it ends with:\n"
                + tail(count);
    }

    /** The last lines of the output so far, for a failure message that must be read where the log is gone (CI). */
    private String tail(int count) {
        try {
            List<String> all = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
            return String.join("\n", all.subList(Math.max(0, all.size() - count), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** The file the process's output is copied to. */
    public Path log() {
        return log;
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** SIGKILL: the process (and whatever it started, e.g. the JVM in a terminal) ends without closing anything. */
    public void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** SIGSTOP: the process stays, its sockets stay open, but it answers nothing. */
    public void freeze() throws IOException, InterruptedException {
        signal("STOP");
    }

    public void thaw() throws IOException, InterruptedException {
        signal("CONT");
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                thaw();
                kill();
            } catch (IOException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void signal(String name) throws IOException, InterruptedException {
        kill("-" + name, Long.toString(process.pid()));
    }

    /** Runs {@code kill} with these arguments; fails when it does. */
    private static void kill(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("kill"));
        command.addAll(List.of(args));
        Process kill = new ProcessBuilder(command).start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed");
        }
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                line = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
                Files.writeString(log, line + "\n", StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                lines.offer(line);
            }
        } catch (IOException e) {
            // the process ended
        }
    }
}
