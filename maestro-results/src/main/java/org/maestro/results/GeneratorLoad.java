package org.maestro.results;
import org.maestro.results.reduce.GeneratorLimits;

/**
 * One sender's or receiver's process and host over the measured span, a sample a second; a figure is null when
 * it is unknown (no second in the span, or a host without {@code /proc/stat}).
 *
 * @param seconds             its samples in the measured span
 * @param cores               the cores its JVM may use
 * @param processCoresMean    cores its process kept busy, on average (its whole JVM: peers sharing one, as with
 *                            {@code --local}, show the same process, the embedded SUT included)
 * @param processCoresMax     the same, in its busiest second
 * @param hostBusyPercentMean the busy share of all its host's cores, on average
 * @param hostBusyPercentMax  the same, in the busiest second
 * @param saturatedSeconds    seconds at or over a limit of {@link GeneratorLimits}
 * @param gcPauses            garbage-collector pauses in the span
 * @param gcPauseMillis       their total
 * @param gcMaxPauseMillis    the longest
 * @param sutOnThisHost       the SUT URL it loaded names its own host; null when its files do not say
 * @param saturated           at or over a limit in at least {@link GeneratorLimits#SATURATED_SHARE} of its seconds
 * @param jitCompileMillis    its JVM's JIT compile time over the span; null when unknown (a JVM that does not time it,
 *                            a file of an earlier version)
 * @param jitCompileMillisFirst the same over the span's first {@link GeneratorLimits#COLD_SECONDS} seconds
 * @param compiling           that is at least {@link GeneratorLimits#COMPILING_MILLIS}: the run's first seconds after
 *                            the warm-up are still the JIT compiling (a cold JVM), not only the SUT
 */
public record GeneratorLoad(String peer, String role, String host, int seconds, int cores, Double processCoresMean,
                            Double processCoresMax, Double hostBusyPercentMean, Double hostBusyPercentMax,
                            int saturatedSeconds, long gcPauses, long gcPauseMillis, long gcMaxPauseMillis,
                            Boolean sutOnThisHost, boolean saturated, Long jitCompileMillis, Long jitCompileMillisFirst,
                            boolean compiling) {
}
