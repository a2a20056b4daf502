package org.maestro.results;

import java.util.List;
import org.maestro.results.reduce.GeneratorLimits;
import org.maestro.results.reduce.GeneratorUsage;

/**
 * The load generators watching themselves: each sender's and receiver's CPU and GC over the measured span (from its
 * {@code resource-usage.csv}, see {@link GeneratorUsage}) and whether a figure of the run may be the generator's
 * rather than the SUT's ({@link GeneratorLimits}). It warns; it does not change the verdict.
 *
 * @param rule     when a generator counts as saturated, in words
 * @param coldRule when a generator counts as still compiling after the warm-up, in words
 * @param peers    one per sender and receiver whose file was collected
 * @param warnings each "throughput/latency may be the generator's, not the SUT's: ..."; empty when none applies
 */
public record LoadGenerators(String rule, List<GeneratorLoad> peers, List<String> warnings, String coldRule) {
}
