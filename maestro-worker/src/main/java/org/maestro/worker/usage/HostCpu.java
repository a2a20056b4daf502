package org.maestro.worker.usage;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The busy share of all this host's cores since the last call, from the first line of {@code /proc/stat}
 * ({@code cpu  user nice system idle iowait irq softirq steal guest guest_nice}, in clock ticks since boot): busy is
 * everything but idle and iowait (guest time is already inside user). The file stays open and is read again from its
 * start into one buffer, so a call allocates nothing: it runs once a second beside a flat-out load.
 * Not thread-safe: one sampler calls it.
 */
final class HostCpu implements AutoCloseable {
    static final Path PROC_STAT = Path.of("/proc/stat");
    private static final int IDLE = 3;
    private static final int IOWAIT = 4;
    /** user nice system idle iowait irq softirq steal: guest and guest_nice are counted in user and nice. */
    private static final int FIELDS = 8;

    private final RandomAccessFile file;
    private final byte[] buffer = new byte[512];
    private final long[] fields = new long[FIELDS];
    private long lastBusy = -1;
    private long lastTotal = -1;

    private HostCpu(RandomAccessFile file) {
        this.file = file;
    }

    /** The host's CPU, or null where there is no {@code /proc/stat} (not Linux): its share is then unknown. */
    static HostCpu open() {
        if (!Files.isReadable(PROC_STAT)) {
            return null;
        }
        try {
            HostCpu cpu = new HostCpu(new RandomAccessFile(PROC_STAT.toFile(), "r"));
            cpu.busyPercent();
            return cpu;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Percent of all cores busy since the last call (0..100); NaN on the first call or when the file cannot be read. */
    double busyPercent() {
        int n;
        try {
            file.seek(0);
            n = file.read(buffer);
        } catch (IOException e) {
            return Double.NaN;
        }
        if (n <= 0 || !parse(buffer, n, fields)) {
            return Double.NaN;
        }
        long total = 0;
        for (long f : fields) {
            total += f;
        }
        long busy = total - fields[IDLE] - fields[IOWAIT];
        double percent = lastTotal < 0 || total <= lastTotal ? Double.NaN
                : Math.min(100.0, Math.max(0.0, 100.0 * (busy - lastBusy) / (total - lastTotal)));
        lastBusy = busy;
        lastTotal = total;
        return percent;
    }

    /**
     * Reads the numbers of the first line ("cpu  …") into {@code into}, without allocating; false when the line is
     * not that (or has fewer than the fields wanted). Missing trailing fields of older kernels count as 0.
     */
    static boolean parse(byte[] text, int length, long[] into) {
        if (length < 4 || text[0] != 'c' || text[1] != 'p' || text[2] != 'u' || text[3] != ' ') {
            return false;
        }
        Arrays.fill(into, 0);
        int field = 0;
        int i = 4;
        while (i < length && text[i] != '\n' && field < into.length) {
            while (i < length && text[i] == ' ') {
                i++;
            }
            if (i >= length || text[i] < '0' || text[i] > '9') {
                break;
            }
            long v = 0;
            while (i < length && text[i] >= '0' && text[i] <= '9') {
                v = v * 10 + (text[i] - '0');
                i++;
            }
            into[field++] = v;
        }
        // user, nice, system, idle at least: every kernel since 2.6 has iowait too.
        return field > IDLE;
    }

    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException e) {
            // read-only: nothing to lose
        }
    }
}
