package org.maestro.results.reduce;

import org.maestro.common.runfiles.ResourceUsageCsv;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.maestro.results.GeneratorLoad;
import org.maestro.results.LoadGenerators;

/**
 * When a load generator, not the SUT, may have set a run's throughput or latency: its host or its process was
 * saturated, or it ran on the SUT's own host. A second is saturated when the host is at least {@value
 * #HOST_BUSY_PERCENT} % busy (past that, runnable threads wait for a core: the sender's schedule slips and the
 * receiver reads late, and both look like the SUT's latency), or when the generator's process alone uses at least
 * {@link #processCoresLimit} cores (all but half a core: its own threads queue even on an otherwise idle host). A
 * generator is saturated when at least {@value #SATURATED_SHARE} of its measured seconds are: a GC or a burst of a
 * second or two is no reason to doubt a run, a fifth of it is a fifth of every figure.
 *
 * <p>A generator is still compiling when its JVM's JIT spent at least {@value #COMPILING_MILLIS} ms compiling in the
 * first {@value #COLD_SECONDS} seconds after the warm-up: a cold JVM (the client library's code and, with
 * {@code --local}, the embedded broker's, interpreted until compiled) whose slowness the first seconds' latency
 * measures, not the SUT's. A warm one compiles a few milliseconds a second.
 */
public final class GeneratorLimits {
    public static final double HOST_BUSY_PERCENT = 90.0;
    public static final double SATURATED_SHARE = 0.20;
    /** Headroom below all of a generator's cores: half a core, and never less than a quarter of them (one core: 0.75). */
    static final double HEADROOM_CORES = 0.5;
    static final double HEADROOM_SHARE = 0.25;
    public static final String RULE = "a second is saturated when the host is >= 90 % busy or the generator's process uses"
            + " >= max(cores - 0.5, 0.75 x cores) cores; a generator is saturated when >= 20 % of its measured seconds are";
    static final String WARNING = "throughput/latency may be the generator's, not the SUT's: ";
    /** The measured seconds looked at for a JVM still compiling: the first, where a cold start shows. */
    public static final int COLD_SECONDS = 5;
    /** JIT compile time in those seconds from which the generator counts as still compiling. */
    public static final long COMPILING_MILLIS = ResourceUsageCsv.COMPILING_MILLIS_PER_SECOND * COLD_SECONDS;
    public static final String COLD_RULE = "a generator is still compiling when its JVM's JIT compiled for >= "
            + COMPILING_MILLIS + " ms in the first " + COLD_SECONDS + " s after the warm-up";
    static final String COLD_WARNING = "the first seconds after the warm-up may be the generator's cold start, not the SUT's: ";

    private GeneratorLimits() {
    }

    /** Cores a generator's process may use before it counts as saturated: 1.5 of 2, 0.75 of 1, 7.5 of 8. */
    public static double processCoresLimit(int cores) {
        return Math.max(cores - HEADROOM_CORES, (1 - HEADROOM_SHARE) * cores);
    }

    /** Whether this second of a generator was saturated; an unknown figure does not count. */
    static boolean saturated(ResourceUsageCsv.Sample s) {
        return s.hostBusyPercent() >= HOST_BUSY_PERCENT || s.processCores() >= processCoresLimit(s.cores());
    }

    /** Whether the JIT compile time of a generator's first measured seconds says it was still compiling; unknown: no. */
    static boolean compiling(Long jitCompileMillisFirst) {
        return jitCompileMillisFirst != null && jitCompileMillisFirst >= COMPILING_MILLIS;
    }

    /** Whether {@code saturatedSeconds} of {@code seconds} are enough to doubt the run. */
    static boolean saturated(int saturatedSeconds, int seconds) {
        return seconds > 0 && saturatedSeconds >= SATURATED_SHARE * seconds;
    }

    /** The run's judgement: a warning per saturated generator, and one naming those that ran on the SUT's host. */
    public static LoadGenerators check(List<GeneratorLoad> peers) {
        List<String> warnings = new ArrayList<>();
        for (GeneratorLoad g : peers) {
            if (g.saturated()) {
                warnings.add(WARNING + String.format(Locale.ROOT, "%s %s on %s was saturated in %d of %d measured second(s)"
                                + " (host >= %.0f %% busy or its process >= %.2f of %d cores): host busy mean %s %%, max %s %%;"
                                + " process %s cores mean, %s max",
                        g.role(), g.peer(), g.host(), g.saturatedSeconds(), g.seconds(), HOST_BUSY_PERCENT,
                        processCoresLimit(g.cores()), g.cores(), GeneratorUsage.percent(g.hostBusyPercentMean()),
                        GeneratorUsage.percent(g.hostBusyPercentMax()), GeneratorUsage.cores(g.processCoresMean()),
                        GeneratorUsage.cores(g.processCoresMax())));
            }
        }
        List<GeneratorLoad> cold = peers.stream().filter(GeneratorLoad::compiling).toList();
        if (!cold.isEmpty()) {
            warnings.add(COLD_WARNING + cold.stream().map(g -> String.format(Locale.ROOT, "%s %s on %s compiled for %d ms",
                            g.role(), g.peer(), g.host(), g.jitCompileMillisFirst())).collect(Collectors.joining(", "))
                    + String.format(Locale.ROOT, " in the first %d s after the warm-up (JIT compile time, >= %d ms: still"
                            + " compiling); a longer warm-up, or its ramp (warmupRamp), leaves a cold JVM's compiling out",
                    COLD_SECONDS, COMPILING_MILLIS));
        }
        List<GeneratorLoad> shared = peers.stream().filter(g -> Boolean.TRUE.equals(g.sutOnThisHost())).toList();
        if (!shared.isEmpty()) {
            warnings.add(WARNING + shared.stream().map(g -> g.role() + " " + g.peer() + " on " + g.host() + " (host busy mean "
                            + GeneratorUsage.percent(g.hostBusyPercentMean()) + " %)").collect(Collectors.joining(", "))
                    + (shared.size() == 1 ? " shares its host" : " share their host") + " with the SUT (its SUT URL names that"
                    + " host): the generator and the SUT compete for the same cores");
        }
        return new LoadGenerators(RULE, List.copyOf(peers), warnings, COLD_RULE);
    }

}
