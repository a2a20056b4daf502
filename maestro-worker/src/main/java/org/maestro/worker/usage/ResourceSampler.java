package org.maestro.worker.usage;

import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.util.Clocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

import com.sun.management.OperatingSystemMXBean;

/**
 * A load generator watching itself: once a second ({@link #sample}, from the job's ticker) it writes to
 * {@code resource-usage.csv} the CPU its process used (user + system, from the JVM's operating-system bean), the
 * busy share of the host's cores ({@link HostCpu}), the GC pauses ({@link GcPauses}) and the JIT's compile time (the
 * JVM's compilation bean) of that second. A second costs one read of {@code /proc/stat} into a reused buffer and one
 * short line: nothing beside a flat-out load.
 */
public final class ResourceSampler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ResourceSampler.class);
    /** The last stretch, written at close, is worth a line only when it is not a sliver of a second. */
    private static final long SHORTEST_LAST_NANOS = 200_000_000L;

    private final ResourceUsageCsv csv;
    private final HostCpu host;
    private final GcPauses gc;
    private final OperatingSystemMXBean os;
    /** Null where the JVM has no JIT or does not time it: the compile time is then unknown (-1). */
    /** The cores this JVM may use (its CPU quota in a container), read once: it does not change during a test. */
    private final int cores = Runtime.getRuntime().availableProcessors();
    private final long[] gcTaken = new long[3];
    private long lastNanos;
    private long lastCpuNanos;
    private long lastJitMillis;
    private boolean failed;
    private boolean closed;
    /** The host's busy share of the last second written, for the peer's /metrics: the CSV's figure, not a second read. */
    private volatile double lastHostBusyPercent = Double.NaN;

    private ResourceSampler(ResourceUsageCsv csv) {
        this.csv = csv;
        this.os = ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
        this.host = HostCpu.open();
        this.gc = GcPauses.listen();
        this.lastNanos = System.nanoTime();
        this.lastCpuNanos = os.getProcessCpuTime();
        this.lastJitMillis = JitTime.totalMillis();
    }

    /** Creates {@code <dir>/resource-usage.csv}; the first second counts from now. */
    public static ResourceSampler start(Path dir) throws IOException {
        return new ResourceSampler(ResourceUsageCsv.create(dir));
    }

    /** Writes the second that just ended. A file that cannot be written is told once and the test goes on. */
    public synchronized void sample() {
        if (closed) {
            return;
        }
        long now = System.nanoTime();
        long cpu = os.getProcessCpuTime();
        double busy = host == null ? Double.NaN : host.busyPercent();
        lastHostBusyPercent = busy;
        gc.take(gcTaken);
        long intervalMicros = (now - lastNanos) / 1_000;
        // -1 where the JVM cannot tell (the file's "unknown"): a 0 would read as an idle process.
        long cpuMicros = cpu < 0 || lastCpuNanos < 0 ? -1 : (cpu - lastCpuNanos) / 1_000;
        lastNanos = now;
        lastCpuNanos = cpu;
        long jitTotal = JitTime.totalMillis();
        long jitMillis = jitTotal < 0 || lastJitMillis < 0 ? -1 : jitTotal - lastJitMillis;
        lastJitMillis = jitTotal;
        try {
            csv.write(new ResourceUsageCsv.Sample(Clocks.epochMicros(), intervalMicros, cpuMicros, cores, busy,
                    gcTaken[0], gcTaken[1], gcTaken[2], jitMillis));
        } catch (IOException e) {
            if (!failed) {
                failed = true;
                LOG.warn("cannot write the generator's resource usage: {}", e.getMessage());
            }
        }
    }

    /** The host's busy share (0..100) in the last second written; NaN before the first, once closed, or where unknown. */
    public double lastHostBusyPercent() {
        return closed ? Double.NaN : lastHostBusyPercent;
    }

    /** Writes the last part-second (when it is long enough to mean something) and closes the file. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (System.nanoTime() - lastNanos >= SHORTEST_LAST_NANOS) {
            sample();
        }
        closed = true;
        gc.close();
        if (host != null) {
            host.close();
        }
        try {
            csv.close();
        } catch (IOException e) {
            LOG.warn("cannot close the generator's resource usage file: {}", e.getMessage());
        }
    }
}
