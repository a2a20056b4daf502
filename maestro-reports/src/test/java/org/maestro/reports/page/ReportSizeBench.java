package org.maestro.reports.page;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import org.maestro.reports.SyntheticRun;

/**
 * How long a report takes, and how much heap, for a run of many messages: writes a synthetic run with the
 * real writers (one sender and one receiver, 100,000 msg/s, so MESSAGES messages each way) and times
 * {@link ReportBuilder#build}. Run by {@code bench/report-size.sh}, with {@code -Xmx256m} to show that
 * the memory does not grow with the messages.
 *
 * <p>Usage: {@code ReportSizeBench [MESSAGES [DIR]]} (default 10,000,000 messages, a temp DIR).
 */
public final class ReportSizeBench {
    private static final int RATE = 100_000;

    private ReportSizeBench() {
    }

    public static void main(String[] args) throws Exception {
        long messages = args.length > 0 ? Long.parseLong(args[0].replace("_", "").replace(",", "")) : 10_000_000L;
        Path base = args.length > 1 ? Files.createDirectories(Path.of(args[1])) : Files.createTempDirectory("maestro-report-bench-");
        int seconds = (int) Math.max(1, messages / RATE);
        Path dir = Files.createDirectories(base.resolve("bench-" + (seconds * (long) RATE)));
        long t0 = System.nanoTime();
        SyntheticRun run = new SyntheticRun(dir, System.currentTimeMillis() * 1000, seconds, RATE, Math.min(10, seconds / 10)).write();
        double writeSeconds = (System.nanoTime() - t0) / 1e9;
        long bytes;
        try (var files = Files.walk(dir)) {
            bytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        System.out.printf("run:     %s%n", dir);
        System.out.printf("written: %,d messages sent and %,d received over %d s, %,d bytes of files, in %.1f s%n",
                run.messages, run.messages, seconds, bytes, writeSeconds);

        System.gc();
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
        long t1 = System.nanoTime();
        Path report = ReportBuilder.build(dir);
        double reportSeconds = (System.nanoTime() - t1) / 1e9;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("report:  %s, %,d bytes%n", report, report.toFile().length());
        System.out.printf("time:    %.2f s to report %,d rate-log records (%,.0f records/s)%n", reportSeconds,
                2 * run.messages, 2 * run.messages / reportSeconds);
        System.out.printf("heap:    peak %.1f MiB used during the report, garbage not yet collected included (max heap %.0f MiB)%n", peak / 1048576.0,
                Runtime.getRuntime().maxMemory() / 1048576.0);
    }
}
