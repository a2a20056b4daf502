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
        List<GeneratorLoad> shared = peers.stream().filter(g -> Boolean.TRUE.equals(g.sutOnThisHost())).toList();
        if (!shared.isEmpty()) {
            warnings.add(WARNING + shared.stream().map(g -> g.role() + " " + g.peer() + " on " + g.host() + " (host busy mean "
                            + GeneratorUsage.percent(g.hostBusyPercentMean()) + " %)").collect(Collectors.joining(", "))
                    + (shared.size() == 1 ? " shares its host" : " share their host") + " with the SUT (its SUT URL names that"
                    + " host): the generator and the SUT compete for the same cores");
        }
        return new LoadGenerators(RULE, List.copyOf(peers), warnings);
    }

}
