package org.maestro.results.reduce;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.util.SystemInfo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.results.GeneratorLoad;
import org.maestro.results.LoadGenerators;

/** A generator's resource-usage.csv reduced over the measured span, and the run's judgement of its generators. */
class GeneratorUsageTest {
    private static final long T0 = 1_769_854_530_000_000L;

    /** Second {@code i} of the test (ending at T0 + i + 1 s) with its process cores and host share. */
    private static ResourceUsageCsv.Sample second(int i, double cores, double hostPercent, long gcMillis) {
        return second(i, cores, hostPercent, gcMillis, 2);
    }

    /** The same with the JIT's compile time in the second. */
    private static ResourceUsageCsv.Sample second(int i, double cores, double hostPercent, long gcMillis, long jitMillis) {
        return new ResourceUsageCsv.Sample(T0 + (i + 1) * 1_000_000L, 1_000_000, Math.round(cores * 1_000_000), 2, hostPercent,
                gcMillis > 0 ? 1 : 0, gcMillis, gcMillis, jitMillis);
    }

    @Test
    void onlyTheMeasuredSecondsCount(@TempDir Path dir) throws Exception {
        try (ResourceUsageCsv csv = ResourceUsageCsv.create(dir)) {
            csv.write(second(0, 1.9, 100, 40));   // the warm-up: left out
            for (int i = 1; i <= 4; i++) {
                csv.write(second(i, 0.5 * i, 20.0 * i, i));
            }
            csv.write(second(5, 0.1, 5, 0));      // the receivers' drain after the load: left out
        }
        Files.writeString(dir.resolve(PeerFiles.SYSTEM_JSON), "{\"host\":\"vm\",\"" + SystemInfo.SUT_ON_THIS_HOST + "\":false}");
        // The warm-up ends at 1.2 s: the second 1..2 s has its middle (1.5 s) inside; the load ends at 5.3 s.
        GeneratorLoad g = GeneratorUsage.read("sender-1", "sender", "vm", dir, T0 + 1_200_000, T0 + 5_300_000).orElseThrow();
        assertEquals(4, g.seconds());
        assertEquals(1.25, g.processCoresMean());
        assertEquals(2.0, g.processCoresMax());
        assertEquals(50.0, g.hostBusyPercentMean());
        assertEquals(80.0, g.hostBusyPercentMax());
        assertEquals(2, g.saturatedSeconds(), "1.5 and 2.0 cores of 2 reach the 1.5 limit; 80 % is under 90 %");
        assertTrue(g.saturated(), "2 of 4 seconds is at least a fifth");
        assertEquals(4, g.gcPauses());
        assertEquals(10, g.gcPauseMillis());
        assertEquals(4, g.gcMaxPauseMillis());
        assertEquals(Boolean.FALSE, g.sutOnThisHost());
    }

    @Test
    void noFileNoFiguresAndNoSecondsUnknownFigures(@TempDir Path dir) throws Exception {
        assertTrue(GeneratorUsage.read("r", "receiver", "vm", dir, 0, Long.MAX_VALUE).isEmpty(), "a peer of an earlier version");
        try (ResourceUsageCsv csv = ResourceUsageCsv.create(dir)) {
            csv.write(second(0, 1, Double.NaN, 0));
        }
        GeneratorLoad none = GeneratorUsage.read("r", "receiver", "vm", dir, T0 + 5_000_000, T0 + 9_000_000).orElseThrow();
        assertEquals(0, none.seconds());
        assertNull(none.processCoresMean(), "unknown, never 0");
        assertNull(none.hostBusyPercentMax());
        assertNull(none.sutOnThisHost(), "no system.json: not known");
        assertFalse(none.saturated());
        GeneratorLoad noProcStat = GeneratorUsage.read("r", "receiver", "vm", dir, 0, Long.MAX_VALUE).orElseThrow();
        assertEquals(1.0, noProcStat.processCoresMean());
        assertNull(noProcStat.hostBusyPercentMean(), "a host without /proc/stat");
    }

    @Test
    void aSaturatedHostWarnsAndABusySecondOrTwoDoNot() {
        List<ResourceUsageCsv.Sample> blips = new ArrayList<>();
        List<ResourceUsageCsv.Sample> starved = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            blips.add(second(i, 0.6, i < 3 ? 95 : 40, 0));      // 3 of 20 s: 15 %
            starved.add(second(i, 1.0, i < 4 ? 92 : 60, 0));   // 4 of 20 s: 20 %
        }
        GeneratorLoad quiet = GeneratorUsage.of("receiver-1", "receiver", "lab-2", blips, false);
        GeneratorLoad busy = GeneratorUsage.of("sender-1", "sender", "lab-1", starved, false);
        assertFalse(quiet.saturated());
        assertTrue(busy.saturated());
        LoadGenerators run = GeneratorLimits.check(List.of(quiet, busy));
        assertEquals(1, run.warnings().size(), run.warnings().toString());
        String w = run.warnings().get(0);
        assertTrue(w.startsWith("throughput/latency may be the generator's, not the SUT's: sender sender-1 on lab-1 was saturated"
                + " in 4 of 20 measured second(s)"), w);
        assertEquals(GeneratorLimits.RULE, run.rule());
    }

    @Test
    void theProcessLimitLeavesHalfACoreAndAQuarterOfOne() {
        assertEquals(1.5, GeneratorLimits.processCoresLimit(2));
        assertEquals(0.75, GeneratorLimits.processCoresLimit(1));
        assertEquals(7.5, GeneratorLimits.processCoresLimit(8));
    }

    @Test
    void generatorsOnTheSutsHostAreNamedInOneWarning() {
        List<ResourceUsageCsv.Sample> calm = List.of(second(0, 0.2, 30, 0), second(1, 0.2, 30, 0));
        LoadGenerators run = GeneratorLimits.check(List.of(GeneratorUsage.of("sender-1", "sender", "vm", calm, true),
                GeneratorUsage.of("receiver-1", "receiver", "vm", calm, true), GeneratorUsage.of("r2", "receiver", "lab", calm, null)));
        assertEquals(List.of("throughput/latency may be the generator's, not the SUT's: sender sender-1 on vm (host busy mean"
                + " 30.0 %), receiver receiver-1 on vm (host busy mean 30.0 %) share their host with the SUT (its SUT URL names"
                + " that host): the generator and the SUT compete for the same cores"), run.warnings());
    }

    @Test
    void aJvmStillCompilingAfterTheWarmupIsNamedAndAWarmOneIsNot() {
        List<ResourceUsageCsv.Sample> cold = new ArrayList<>();
        List<ResourceUsageCsv.Sample> warm = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            // Cold: 150 ms a second in the first 4 s (600 ms in the first 5), then the few a warm JVM compiles.
            cold.add(second(i, 0.6, 40, 0, i < 4 ? 150 : 3));
            // Warm: a burst later in the run is no cold start.
            warm.add(second(i, 0.6, 40, 0, i == 10 ? 900 : 4));
        }
        GeneratorLoad sender = GeneratorUsage.of("sender-1", "sender", "lab-1", cold, false);
        GeneratorLoad receiver = GeneratorUsage.of("receiver-1", "receiver", "lab-2", warm, false);
        assertEquals(4 * 150 + 16 * 3, sender.jitCompileMillis());
        assertEquals(603, sender.jitCompileMillisFirst());
        assertTrue(sender.compiling());
        assertEquals(20, receiver.jitCompileMillisFirst());
        assertFalse(receiver.compiling());
        LoadGenerators run = GeneratorLimits.check(List.of(sender, receiver));
        assertEquals(List.of("the first seconds after the warm-up may be the generator's cold start, not the SUT's: sender"
                + " sender-1 on lab-1 compiled for 603 ms in the first 5 s after the warm-up (JIT compile time, >= 500 ms:"
                + " still compiling); a longer warm-up, or its ramp (warmupRamp), leaves a cold JVM's compiling out"), run.warnings());
    }

    @Test
    void aFileWithoutJitFiguresSaysNothingOfCompiling() {
        List<ResourceUsageCsv.Sample> old = List.of(second(0, 0.2, 30, 0, -1), second(1, 0.2, 30, 0, -1));
        GeneratorLoad g = GeneratorUsage.of("sender-1", "sender", "vm", old, false);
        assertNull(g.jitCompileMillis(), "unknown, never 0");
        assertNull(g.jitCompileMillisFirst());
        assertFalse(g.compiling());
    }
}
