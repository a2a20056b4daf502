package org.maestro.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command with a chosen environment (nothing inherited), its output in files and its time bounded:
 * how the tests start {@code bin/maestro} as a lab engineer's shell would.
 */
record LauncherRun(int exitCode, String out, String err, Duration took) {

    static LauncherRun run(Path workDir, Map<String, String> env, Duration timeout, List<String> command)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(String.join(" ", command) + " did not end within " + timeout.toSeconds() + " s; "
                    + "it printed:\n" + Files.readString(out, StandardCharsets.UTF_8) + "\n"
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        return new LauncherRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), took);
    }

    static LauncherRun run(Path workDir, Map<String, String> env, Duration timeout, String... command)
            throws IOException, InterruptedException {
        return run(workDir, env, timeout, new ArrayList<>(List.of(command)));
    }

    /** For assertion messages: what the command printed. */
    String printed() {
        return "exit code " + exitCode + ", stdout:\n" + out + "\nstderr:\n" + err;
    }
}
