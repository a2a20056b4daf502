package org.maestro.worker.usage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sampler on this JVM and host: real CPU, the real /proc/stat, a real collection. */
class ResourceSamplerTest {

    @Test
    void procStatsFirstLineIsReadWithoutItsGuestColumns() {
        byte[] line = "cpu  4705 150 1120 16250 520 0 30 7 100 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n".getBytes(StandardCharsets.US_ASCII);
        long[] fields = new long[8];
        assertTrue(HostCpu.parse(line, line.length, fields));
        assertEquals(List.of(4705L, 150L, 1120L, 16250L, 520L, 0L, 30L, 7L), java.util.Arrays.stream(fields).boxed().toList());
        byte[] old = "cpu  10 0 5 100\n".getBytes(StandardCharsets.US_ASCII);
        assertTrue(HostCpu.parse(old, old.length, fields), "a kernel without iowait and later columns");
        assertEquals(0, fields[4]);
        byte[] other = "intr 1 2 3\n".getBytes(StandardCharsets.US_ASCII);
        assertFalse(HostCpu.parse(other, other.length, fields));
    }

    @Test
    void concurrentCollectorsAreNoPauses() {
        assertTrue(GcPauses.pauses("G1 Young Generation"));
        assertTrue(GcPauses.pauses("G1 Old Generation"));
        assertTrue(GcPauses.pauses("ZGC Pauses"));
        assertFalse(GcPauses.pauses("ZGC Cycles"));
        assertFalse(GcPauses.pauses("Shenandoah Cycles"));
        assertFalse(GcPauses.pauses("G1 Concurrent GC"));
    }

    @Test
    void aBusyProcessAndACollectionAreInTheFile(@TempDir Path dir) throws Exception {
        long collectionsBefore = pausingCollections();
        ResourceSampler sampler = ResourceSampler.start(dir);
        try {
            // CPU time, not wall time: the host may be busy with others, and this thread get a part of a core. The
            // process's CPU time counts in the kernel's 10 ms ticks, the thread's in nanoseconds: 450 ms of the thread's
            // leave the 400 ms asserted below clear of a tick lost at either end of the sample.
            spinCpuMillis(450);
            sampler.sample();
            System.gc();   // a full collection: a pause the notifications tell, on the JVM's notification thread
            spinCpuMillis(300);
        } finally {
            sampler.close();   // writes the last part-second too
        }
        long collections = pausingCollections() - collectionsBefore;
        List<ResourceUsageCsv.Sample> samples = ResourceUsageCsv.read(dir.resolve(PeerFiles.RESOURCE_USAGE_CSV));
        assertEquals(2, samples.size(), samples.toString());
        ResourceUsageCsv.Sample first = samples.get(0);
        assertTrue(first.processCpuMicros() >= 400_000 && first.processCores() <= first.cores() + 0.05,
                "this thread alone used 400 ms of CPU: " + first);
        assertTrue(collections >= 1, "System.gc() collected");
        assertEquals(collections, samples.stream().mapToLong(ResourceUsageCsv.Sample::gcPauses).sum(),
                "each pause the collectors' beans count, once: " + samples);
        ResourceUsageCsv.Sample last = samples.get(1);
        assertTrue(last.gcPauseMillis() >= last.gcMaxPauseMillis(), last.toString());
        for (ResourceUsageCsv.Sample s : samples) {
            assertEquals(Runtime.getRuntime().availableProcessors(), s.cores());
            if (Files.isReadable(HostCpu.PROC_STAT)) {
                assertTrue(s.hostBusyPercent() > 0 && s.hostBusyPercent() <= 100, "this thread kept a core busy: " + s);
            }
        }
    }

    @Test
    void theJitsCompileTimeIsTheCompilationBeansOwn(@TempDir Path dir) throws Exception {
        long before = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        ResourceSampler sampler = ResourceSampler.start(dir);
        try {
            spinCpuMillis(300);   // hot code: the JIT compiles it meanwhile
            sampler.sample();
            spinCpuMillis(300);
        } finally {
            sampler.close();
        }
        long after = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        List<ResourceUsageCsv.Sample> samples = ResourceUsageCsv.read(dir.resolve(PeerFiles.RESOURCE_USAGE_CSV));
        long recorded = 0;
        for (ResourceUsageCsv.Sample s : samples) {
            assertTrue(s.jitCompileMillis() >= 0, "HotSpot times its JIT: known, not -1: " + s);
            recorded += s.jitCompileMillis();
        }
        assertTrue(recorded <= after - before, "each second's share of the bean's total, once: " + recorded + " of "
                + (after - before) + " ms");
    }

    private static long pausingCollections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().filter(gc -> GcPauses.pauses(gc.getName()))
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    private static void spinCpuMillis(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += x * 31 + 7;
            }
        }
        if (x == 42) {
            System.out.println(x);
        }
    }
}
