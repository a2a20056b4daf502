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

/**
 * What a JVM process costs, for the benches and tests: its heap (after a full GC or as it is) and its collector's pauses
 * (jcmd), threads and resident memory (/proc).
 */
public final class JvmFigures {
    private static final Pattern HEAP = Pattern.compile("heap\\s+total (\\d+)K, used (\\d+)K");
    private static final Pattern COLLECTOR = Pattern.compile("(?m)^sun\\.gc\\.collector\\.\\d+\\.(invocations|time)=(\\d+)$");
    private static final Pattern HRT_FREQUENCY = Pattern.compile("(?m)^sun\\.os\\.hrt\\.frequency=(\\d+)$");

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
        return heap(pid);
    }

    /** The heap as it is, without a collection first ({@code jcmd PID GC.heap_info}); null when unreadable. */
    public static Heap heap(long pid) throws IOException, InterruptedException {
        Matcher heap = HEAP.matcher(jcmd(pid, "GC.heap_info"));
        return heap.find() ? new Heap(Long.parseLong(heap.group(1)) / 1024.0, Long.parseLong(heap.group(2)) / 1024.0) : null;
    }

    /** The collector's pauses so far: how many, and how long in all. */
    public record GcPauses(long count, double millis) {
        /** The pauses since {@code before}. */
        public GcPauses since(GcPauses before) {
            return new GcPauses(count - before.count, millis - before.millis);
        }
    }

    /**
     * Every pause of the JVM's collectors so far (young, full, and a concurrent cycle's remark and clean-up), from its
     * performance counters ({@code jcmd PID PerfCounter.print}: {@code sun.gc.collector.N.invocations} and
     * {@code .time} in ticks of {@code sun.os.hrt.frequency}), as {@code jstat} reads them.
     */
    public static GcPauses gcPauses(long pid) throws IOException, InterruptedException {
        String counters = jcmd(pid, "PerfCounter.print");
        Matcher frequency = HRT_FREQUENCY.matcher(counters);
        if (!frequency.find()) {
            throw new IllegalStateException("no sun.os.hrt.frequency in the performance counters of " + pid);
        }
        double ticksPerMilli = Long.parseLong(frequency.group(1)) / 1000.0;
        long count = 0;
        long ticks = 0;
        for (Matcher m = COLLECTOR.matcher(counters); m.find(); ) {
            if (m.group(1).equals("invocations")) {
                count += Long.parseLong(m.group(2));
            } else {
                ticks += Long.parseLong(m.group(2));
            }
        }
        return new GcPauses(count, ticks / ticksPerMilli);
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

    /** What {@code jcmd PID ARGS...} prints; fails when jcmd does. */
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
