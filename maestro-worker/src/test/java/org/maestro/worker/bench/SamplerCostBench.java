package org.maestro.worker.bench;

import org.maestro.worker.usage.ResourceSampler;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * What a generator's watching of itself costs: the CPU time of one {@link ResourceSampler#sample()}, the work it
 * does once a second (read /proc/stat, two JVM counters, one CSV line). Thread CPU time, not wall time, so a busy
 * host does not inflate it. Median of BATCHES batches of CALLS calls after as many to warm up.
 */
public final class SamplerCostBench {
    private SamplerCostBench() {
    }

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Path dir = Files.createTempDirectory("sampler-cost-");
        double[] microsPerCall = new double[batches];
        try (ResourceSampler sampler = ResourceSampler.start(dir)) {
            for (int i = 0; i < calls; i++) {
                sampler.sample();
            }
            for (int b = 0; b < batches; b++) {
                long before = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < calls; i++) {
                    sampler.sample();
                }
                microsPerCall[b] = (threads.getCurrentThreadCpuTime() - before) / 1_000.0 / calls;
            }
        }
        Arrays.sort(microsPerCall);
        double median = microsPerCall[batches / 2];
        System.out.printf(Locale.ROOT, "ResourceSampler.sample(): median %.1f us of CPU per call (one a second: %.4f %% of a core)%n",
                median, median / 10_000.0);
    }
}
