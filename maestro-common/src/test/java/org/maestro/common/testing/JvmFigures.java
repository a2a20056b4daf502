package org.maestro.common.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a JVM process costs, for the benches: heap in use after a full GC (jcmd), threads and resident memory (/proc). */
public final class JvmFigures {
    private static final Pattern HEAP = Pattern.compile("heap\\s+total (\\d+)K, used (\\d+)K");

    /** A heap's size: what the JVM has committed and what is in use, MB. */
    public record Heap(double committedMb, double usedMb) {
    }

    private JvmFigures() {
    }

    /** Heap in use (MB) right after a full GC ({@code jcmd PID GC.run}, then {@code GC.heap_info}); NaN when unreadable. */
    public static double heapAfterGcMb(long pid) throws IOException, InterruptedException {
        Heap heap = heapAfterGc(pid);
        return heap == null ? Double.NaN : heap.usedMb();
    }

    /** The heap right after a full GC ({@code jcmd PID GC.run}, then {@code GC.heap_info}); null when unreadable. */
    public static Heap heapAfterGc(long pid) throws IOException, InterruptedException {
        jcmd(pid, "GC.run");
        Matcher heap = HEAP.matcher(jcmd(pid, "GC.heap_info"));
        return heap.find() ? new Heap(Long.parseLong(heap.group(1)) / 1024.0, Long.parseLong(heap.group(2)) / 1024.0) : null;
    }

    /** A numeric field of /proc/PID/status (Threads, VmRSS in kB); -1 when absent. */
    public static long status(long pid, String field) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith(field + ":"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", ""))).findFirst().orElse(-1);
    }

    /**
     * The {@code top} classes of the heap's live objects ({@code jcmd PID GC.class_histogram}, which forces a full GC:
     * never inside a timed step), one "instances bytes class" line each.
     */
    public static String topClasses(long pid, int top) throws IOException, InterruptedException {
        return String.join("\n", jcmd(pid, "GC.class_histogram").lines().filter(l -> l.matches("\\s*\\d+:\\s+\\d+\\s.*")).limit(top)
                .map(l -> l.replaceFirst("^\\s*\\d+:\\s+", "").replaceAll("\\s+", " ").replaceAll(" \\(java\\.base@[^)]*\\)", "")).toList());
    }

    /** What {@code jcmd PID ARGS...} prints; fails when jcmd does (or takes a minute). */
    public static String jcmd(long pid, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid)));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
