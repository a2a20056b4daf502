package org.maestro.worker.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Where a process's CPU goes, thread by thread, including what a Java profiler does not sample (GC, JIT compilers,
 * the VM thread): {@code /proc/PID/task/TID/stat} (utime + stime) read every {@value #PERIOD_MILLIS} ms while
 * running, so that a thread which ends in between (a test's connection thread) is counted up to its last reading.
 * Threads are grouped by their name ({@code comm}, 15 characters) with digits folded to N. Linux only.
 */
final class ThreadCpu implements AutoCloseable {
    private static final long PERIOD_MILLIS = 200;
    /** Clock ticks per second of /proc's times (USER_HZ, 100 on every Linux this runs on). */
    private static final double TICKS_PER_SECOND = 100;

    private final long pid;
    /** Each thread's name and its CPU ticks when first and last seen. */
    private final Map<Long, long[]> ticks = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private final Thread sampler;
    private volatile boolean running = true;

    private ThreadCpu(long pid) {
        this.pid = pid;
        read(true);
        this.sampler = new Thread(this::run, "thread-cpu-" + pid);
        sampler.setDaemon(true);
        sampler.start();
    }

    /** Starts watching the process's threads; the CPU they use from now on is counted. */
    static ThreadCpu watch(long pid) {
        return new ThreadCpu(pid);
    }

    private void run() {
        while (running) {
            try {
                TimeUnit.MILLISECONDS.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            read(false);
        }
    }

    private synchronized void read(boolean baseline) {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            tasks.forEach(task -> {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    String[] fields = stat.substring(close + 2).split(" ");
                    // After "(comm) ": state is field 3 of stat(5), utime 14 and stime 15.
                    long cpu = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    long tid = Long.parseLong(task.getFileName().toString());
                    names.put(tid, stat.substring(open + 1, close).replaceAll("\\d+", "N"));
                    ticks.computeIfAbsent(tid, t -> new long[]{baseline ? cpu : 0, cpu})[1] = cpu;
                } catch (IOException | RuntimeException gone) {
                    // the thread ended between the listing and the read: its last reading stands
                }
            });
        } catch (IOException gone) {
            // the process ended
        }
    }

    /** CPU seconds by thread name since {@link #watch}, largest first. */
    synchronized Map<String, Double> byName() {
        read(false);
        Map<String, Double> sums = new HashMap<>();
        ticks.forEach((tid, t) -> sums.merge(names.get(tid), (t[1] - t[0]) / TICKS_PER_SECOND, Double::sum));
        Map<String, Double> sorted = new LinkedHashMap<>();
        sums.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
