package org.maestro.common.runfiles;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sender's or receiver's {@code resource-usage.csv}: what the load generator itself used, once a second, so the
 * summary can say when the generator (not the SUT) set the throughput or the latency. One row per second:
 * <pre>
 * timestamp,intervalMicros,processCpuMicros,cores,hostBusyPercent,gcPauses,gcPauseMillis,gcMaxPauseMillis,jitCompileMillis
 * 2026-01-31T10:15:31.002417Z,1000211,1570334,2,96.5,3,11,5,140
 * </pre>
 * {@code timestamp} is the end of the second (ISO-8601 UTC, as the inspector's CSVs start); {@code intervalMicros}
 * how long it was; {@code processCpuMicros} the CPU (user + system) the peer's whole process used in it, -1 where the
 * JVM cannot tell (peers sharing a JVM, as with {@code --local}, each record the same process); {@code cores} the
 * cores the JVM may use; {@code hostBusyPercent} the busy share of all the host's cores ({@code /proc/stat}), empty
 * where the host has none; the GC columns the collector pauses that ended in the second: how many, their total and
 * the longest (milliseconds: the JVM times its collections no finer); {@code jitCompileMillis} the time the JVM's JIT
 * compilers spent compiling in the second (its compilation bean's total, milliseconds; -1 where the JVM does not
 * tell; a file of an earlier version has no such column and reads as -1): a cold JVM compiles hundreds a second.
 * The worker writes it (flushed every line), the results model reads it with {@link #read}.
 */
public final class ResourceUsageCsv implements AutoCloseable {
    /**
     * JIT compile time a second from which a JVM is still compiling (a cold one: its code interpreted until compiled,
     * slower than it will be); a warm one compiles a few milliseconds a second. A sender's warm-up waits for its JVM to
     * fall below it, and the summary names a generator whose first measured seconds were above it.
     */
    public static final long COMPILING_MILLIS_PER_SECOND = 100;
    static final String HEADER = "timestamp,intervalMicros,processCpuMicros,cores,hostBusyPercent,gcPauses,gcPauseMillis,gcMaxPauseMillis"
            + ",jitCompileMillis";
    private static final int COLUMNS = 9;
    /** A file of an earlier version: no JIT column. */
    private static final int COLUMNS_WITHOUT_JIT = 8;

    /**
     * One second of a generator's life.
     *
     * @param epochMicros     the end of the interval
     * @param hostBusyPercent  NaN when unknown (no {@code /proc/stat})
     * @param jitCompileMillis -1 when unknown
     */
    public record Sample(long epochMicros, long intervalMicros, long processCpuMicros, int cores, double hostBusyPercent,
                         long gcPauses, long gcPauseMillis, long gcMaxPauseMillis, long jitCompileMillis) {

        /** Cores the process kept busy on average over the interval (1.5 = one and a half cores); NaN when unknown. */
        public double processCores() {
            return intervalMicros <= 0 || processCpuMicros < 0 ? Double.NaN : (double) processCpuMicros / intervalMicros;
        }

        /** The middle of the interval: what decides whether a second belongs to a span. */
        public long midEpochMicros() {
            return epochMicros - intervalMicros / 2;
        }
    }

    private final BufferedWriter out;
    private final StringBuilder line = new StringBuilder(128);

    private ResourceUsageCsv(BufferedWriter out) {
        this.out = out;
    }

    /** Creates (or replaces) {@code <dir>/resource-usage.csv} and writes its header. */
    public static ResourceUsageCsv create(Path dir) throws IOException {
        return new ResourceUsageCsv(CsvReader.createWithHeader(dir.resolve(PeerFiles.RESOURCE_USAGE_CSV), HEADER));
    }

    /** Writes one second and flushes it: a peer that dies loses nothing already sampled. */
    public synchronized void write(Sample s) throws IOException {
        line.setLength(0);
        line.append(HandlersCsv.iso(s.epochMicros())).append(',').append(s.intervalMicros()).append(',')
                .append(s.processCpuMicros()).append(',').append(s.cores()).append(',');
        if (!Double.isNaN(s.hostBusyPercent())) {
            // One decimal: /proc/stat counts in hundredths of a second, so a second's share is no finer than 0.5 % on 2 cores.
            line.append(Math.round(s.hostBusyPercent() * 10) / 10.0);
        }
        line.append(',').append(s.gcPauses()).append(',').append(s.gcPauseMillis()).append(',').append(s.gcMaxPauseMillis())
                .append(',').append(s.jitCompileMillis()).append('\n');
        out.append(line);
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /**
     * Every second in {@code file}, in file order. A line that is not a sample (a torn last line of a peer that was
     * killed, a header of another version) is skipped: the rest still counts.
     */
    public static List<Sample> read(Path file) throws IOException {
        List<Sample> samples = new ArrayList<>();
        try (CsvReader csv = CsvReader.open(file)) {
            if (csv.next() == null) {
                return samples;
            }
            List<String> r;
            while ((r = csv.next()) != null) {
                if (r.size() != COLUMNS && r.size() != COLUMNS_WITHOUT_JIT) {
                    continue;
                }
                try {
                    Instant t = Instant.parse(r.get(0));
                    samples.add(new Sample(t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000, Long.parseLong(r.get(1)),
                            Long.parseLong(r.get(2)), Integer.parseInt(r.get(3)),
                            r.get(4).isEmpty() ? Double.NaN : Double.parseDouble(r.get(4)), Long.parseLong(r.get(5)),
                            Long.parseLong(r.get(6)), Long.parseLong(r.get(7)),
                            r.size() == COLUMNS ? Long.parseLong(r.get(8)) : -1));
                } catch (DateTimeParseException | NumberFormatException e) {
                    // not a sample: skipped, as the doc says
                }
            }
        }
        return samples;
    }
}
