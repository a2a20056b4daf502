package org.maestro.worker.bench;

import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.MosquittoBroker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maestro's core and OpenWire drivers against {@code artemis perf client} on one standalone Artemis, side by side
 * in one run: flat out, one producer and one consumer, same message count, size and in-flight limit, alternating
 * rounds, medians. The 2.44 perf client speaks AMQP and CORE only, so OpenWire is set beside its CORE figure (the
 * broker's own protocol, the nearest thing) and the line says so. Figures are end to end as in {@link ThroughputBench}.
 */
public final class DriverBench {

    private DriverBench() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int size = 1024;
        int inFlight = 1000;
        Path work = Files.createTempDirectory("maestro-drivers-");
        List<Double> perfCore = new ArrayList<>();
        List<Double> maestroCore = new ArrayList<>();
        List<Double> maestroOpenWire = new ArrayList<>();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             // The control plane (SET, START, stats) only: off the measured path.
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            for (int round = 0; round < rounds; round++) {
                perfCore.add(ThroughputBench.artemisPerf(sut, "CORE", work, count, size, inFlight, round));
                maestroCore.add(ThroughputBench.maestroRun(sut.coreUrl("bench.core." + round), control, work, count, size,
                        inFlight, round));
                maestroOpenWire.add(ThroughputBench.maestroRun(sut.openWireUrl("bench.openwire." + round), control, work,
                        count, size, inFlight, round));
                System.out.printf(Locale.ROOT, "round %d: artemis perf (CORE) %.0f msg/s, maestro core %.0f msg/s,"
                        + " maestro openwire %.0f msg/s%n", round + 1, perfCore.get(round), maestroCore.get(round),
                        maestroOpenWire.get(round));
            }
        }
        double perf = ThroughputBench.median(perfCore);
        double core = ThroughputBench.median(maestroCore);
        double openWire = ThroughputBench.median(maestroOpenWire);
        System.out.printf(Locale.ROOT, "%n%d messages of %d bytes, flat out, 1 producer + 1 consumer, %d in flight,"
                + " Artemis 2.44, median of %d rounds%n", count, size, inFlight, rounds);
        System.out.printf(Locale.ROOT, "%-52s %12s%n", "tool", "msg/s");
        System.out.printf(Locale.ROOT, "%-52s %12.0f%n", "artemis perf client --protocol CORE", perf);
        System.out.printf(Locale.ROOT, "%-52s %12.0f%n", "maestro core:// sender + receiver", core);
        System.out.printf(Locale.ROOT, "%-52s %12.0f%n", "maestro openwire:// sender + receiver", openWire);
        System.out.printf(Locale.ROOT, "%-52s %12.2f%n", "maestro core / artemis perf CORE", core / perf);
        System.out.printf(Locale.ROOT, "%-52s %12.2f%n", "maestro openwire / artemis perf CORE (*)", openWire / perf);
        System.out.println("(*) artemis perf client 2.44 speaks AMQP and CORE only (--protocol); OpenWire is set beside"
                + " CORE, the broker's native protocol, the nearest thing.");
    }
}
