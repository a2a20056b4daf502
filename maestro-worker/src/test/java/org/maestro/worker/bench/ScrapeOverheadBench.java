package org.maestro.worker.bench;

import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.MosquittoBroker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a Prometheus scraping every second costs a worker: flat-out Maestro runs (sender and receiver, each serving
 * its /metrics on a data server of its own) through one standalone Artemis, alternately not scraped and scraped by
 * a real Prometheus every second, side by side; medians of each and their ratio. Throughput as ThroughputBench
 * measures it (messages received over first send to last receive, from the rate logs), after one warm-up run that
 * is not counted.
 */
public final class ScrapeOverheadBench {
    private ScrapeOverheadBench() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        if (rounds < 3) {
            throw new IllegalArgumentException("ROUNDS must be at least 3 (a median of fewer says little), not " + rounds);
        }
        int size = 1024;
        int inFlight = 1000;
        Path work = Files.createTempDirectory("maestro-scrape-overhead-");
        List<Double> served = new ArrayList<>();
        List<Double> scraped = new ArrayList<>();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            // One run left out of the figures: the JIT and the broker's first queue would otherwise count against
            // whichever arm went first.
            ThroughputBench.maestroRun(sut.amqpUrl("bench.maestro.warm-up"), control, work, count, size, inFlight, "warm-up", ThroughputBench.Metrics.SERVED);
            for (int round = 0; round < rounds; round++) {
                // Alternating, and the order swapped every round, so a drift of the machine favours neither.
                boolean scrapedFirst = round % 2 == 1;
                for (int arm = 0; arm < 2; arm++) {
                    boolean scrape = (arm == 0) == scrapedFirst;
                    String testId = (scrape ? "scraped-" : "served-") + round;
                    double rate = ThroughputBench.maestroRun(sut.amqpUrl("bench.maestro." + testId), control, work, count,
                            size, inFlight, testId,
                            scrape ? ThroughputBench.Metrics.SCRAPED : ThroughputBench.Metrics.SERVED);
                    (scrape ? scraped : served).add(rate);
                }
                System.out.printf(Locale.ROOT, "round %d: not scraped %.0f msg/s, scraped every 1 s %.0f msg/s%n", round + 1,
                        served.get(round), scraped.get(round));
            }
        }
        double without = ThroughputBench.median(served);
        double with = ThroughputBench.median(scraped);
        System.out.printf(Locale.ROOT, "%n%d messages of %d bytes, flat out, 1 sender + 1 receiver, %d in flight, AMQP to Artemis,"
                + " median of %d alternating rounds%n", count, size, inFlight, rounds);
        System.out.printf(Locale.ROOT, "%-40s %12s%n", "worker /metrics", "msg/s");
        System.out.printf(Locale.ROOT, "%-40s %12.0f%n", "served, not scraped", without);
        System.out.printf(Locale.ROOT, "%-40s %12.0f%n", "scraped by Prometheus every 1 s", with);
        System.out.printf(Locale.ROOT, "%-40s %12.3f%n", "scraped / not scraped", with / without);
    }
}
