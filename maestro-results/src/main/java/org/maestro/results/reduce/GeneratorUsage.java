package org.maestro.results.reduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.util.SystemInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.maestro.results.GeneratorLoad;

/**
 * A sender's or receiver's {@code resource-usage.csv} reduced to its figures over the measured span: the seconds
 * whose middle lies in the span count (a second astride its start or end counts on the side of its larger part).
 * With {@code system.json}'s word on whether the SUT ran on the same host. The one place these figures are computed.
 */
public final class GeneratorUsage {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Cores to a thousandth, a host's busy share to a tenth of a percent: finer is noise, and every surface shows this. */
    private static final int CORES_PER_UNIT = 1000;
    private static final int PERCENT_PER_UNIT = 10;

    private GeneratorUsage() {
    }

    /**
     * One peer's figures from {@code peerDir}; empty when it has no {@code resource-usage.csv} (a peer of an earlier
     * version, or its files were not collected).
     *
     * @param fromEpochMicros the measured span's start (the warm-up's end)
     * @param toEpochMicros   its end (the end of the load)
     */
    public static Optional<GeneratorLoad> read(String peer, String role, String host, Path peerDir,
                                                       long fromEpochMicros, long toEpochMicros) throws IOException {
        Path file = peerDir.resolve(PeerFiles.RESOURCE_USAGE_CSV);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<ResourceUsageCsv.Sample> span = ResourceUsageCsv.read(file).stream()
                .filter(s -> s.midEpochMicros() >= fromEpochMicros && s.midEpochMicros() <= toEpochMicros).toList();
        return Optional.of(of(peer, role, host, span, sutOnThisHost(peerDir)));
    }

    /** The figures of {@code span}'s seconds. */
    static GeneratorLoad of(String peer, String role, String host, List<ResourceUsageCsv.Sample> span,
                                    Boolean sutOnThisHost) {
        Stats process = new Stats();
        Stats busy = new Stats();
        int saturated = 0;
        int cores = 0;
        long gcPauses = 0;
        long gcMillis = 0;
        long gcMax = 0;
        Long jit = null;
        Long jitFirst = null;
        int second = 0;
        for (ResourceUsageCsv.Sample s : span) {
            if (s.jitCompileMillis() >= 0) {
                jit = (jit == null ? 0 : jit) + s.jitCompileMillis();
                if (second < GeneratorLimits.COLD_SECONDS) {
                    jitFirst = (jitFirst == null ? 0 : jitFirst) + s.jitCompileMillis();
                }
            }
            second++;
            process.add(s.processCores());
            busy.add(s.hostBusyPercent());
            saturated += GeneratorLimits.saturated(s) ? 1 : 0;
            cores = Math.max(cores, s.cores());
            gcPauses += s.gcPauses();
            gcMillis += s.gcPauseMillis();
            gcMax = Math.max(gcMax, s.gcMaxPauseMillis());
        }
        return new GeneratorLoad(peer, role, host, span.size(), cores, process.mean(CORES_PER_UNIT), process.max(CORES_PER_UNIT),
                busy.mean(PERCENT_PER_UNIT), busy.max(PERCENT_PER_UNIT), saturated, gcPauses, gcMillis, gcMax, sutOnThisHost,
                GeneratorLimits.saturated(saturated, span.size()), jit, jitFirst, GeneratorLimits.compiling(jitFirst));
    }

    /** Cores as every surface shows them ("1.570"), "unknown" for null. */
    public static String cores(Double cores) {
        return cores == null ? "unknown" : String.format(Locale.ROOT, "%.3f", cores);
    }

    /** A busy share as every surface shows it ("96.1"), "unknown" for null. */
    public static String percent(Double percent) {
        return percent == null ? "unknown" : String.format(Locale.ROOT, "%.1f", percent);
    }

    /** What the peer's system.json says; null when it does not (a file of an earlier version, or none). */
    private static Boolean sutOnThisHost(Path peerDir) {
        Path file = peerDir.resolve(PeerFiles.SYSTEM_JSON);
        try {
            JsonNode v = Files.isRegularFile(file) ? JSON.readTree(file.toFile()).get(SystemInfo.SUT_ON_THIS_HOST) : null;
            return v != null && v.isBoolean() ? v.booleanValue() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Mean and max of the known values (NaN is unknown); null when none is known. */
    private static final class Stats {
        private double sum;
        private double max = Double.NEGATIVE_INFINITY;
        private int n;

        void add(double v) {
            if (!Double.isNaN(v)) {
                sum += v;
                max = Math.max(max, v);
                n++;
            }
        }

        /** Rounded to 1/{@code per}: three decimals of a core, one of a percent. */
        Double mean(int per) {
            return n == 0 ? null : Math.round(sum / n * per) / (double) per;
        }

        Double max(int per) {
            return n == 0 ? null : Math.round(max * per) / (double) per;
        }
    }
}
