package org.maestro.common.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A main class run in a JVM of its own with this test's class path, so a test can kill it
 * (SIGKILL), freeze it (SIGSTOP) or let it end. Its output is copied to a log file and can be
 * waited on line by line.
 */
public final class ChildJvm implements AutoCloseable {
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
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Path dir = Files.createDirectories(Path.of("target", "child-jvm-logs"));
        Path log = dir.resolve(mainClass.getSimpleName() + "-" + System.nanoTime() + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        return new ChildJvm(p, log);
    }

    /** Waits for an output line starting with {@code prefix}; returns the line, or fails with the output so far. */
    public String awaitLine(String prefix, long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null && line.startsWith(prefix)) {
                return line;
            }
            if (line == null && !process.isAlive()) {
                break;
            }
        }
        throw new IllegalStateException("child JVM printed no line starting with '" + prefix + "' within "
                + timeoutSeconds + " s (alive: " + process.isAlive() + "). Its output is in " + log.toAbsolutePath());
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

    /** SIGKILL: the process ends without closing anything. */
    public void kill() throws InterruptedException {
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
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    private void pump() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                Files.writeString(log, line + "\n", StandardCharsets.UTF_8,
                        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                lines.offer(line);
            }
        } catch (IOException e) {
            // the process ended
        }
    }
}
