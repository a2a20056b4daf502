package org.maestro.worker.bench;

import org.HdrHistogram.Histogram;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.worker.RunOutput;
import org.maestro.worker.driver.kafka.KafkaBroker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Response time of each load driver at one fixed rate, side by side in one run: AMQP, Artemis core and OpenWire on
 * one standalone Artemis, and Kafka on one single-node KRaft broker; one sender and one receiver connection, 1 KiB
 * messages, a fixed warm-up left out, rounds alternating between the drivers, medians of the rounds. The figures
 * are the receiver's own: its response-time HDR log, measured intervals only (what the client's summary and the
 * report show). AMQP is the reference column. See bench/driver-latency.sh.
 */
public final class DriverLatencyBench {
    private static final int SIZE = 1024;
    private static final int WARMUP_SECONDS = 2;
    private static final String REFERENCE = "amqp";

    private DriverLatencyBench() {
    }

    /** One round's figures of one driver, in ms. */
    private record Figures(double p50, double p99, double max) {
    }

    public static void main(String[] args) throws Exception {
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path work = Files.createTempDirectory("maestro-latency-");
        Map<String, List<Figures>> figures = new LinkedHashMap<>();
        try (ArtemisBroker artemis = ArtemisBroker.fromSystemProperties();
             KafkaBroker kafka = KafkaBroker.launch();
             // The control plane (SET, START, stats) only: off the measured path.
             MosquittoBroker control = MosquittoBroker.launch()) {
            artemis.start();
            // The scheme of each URL picks the driver; one fresh queue or topic per run.
            Map<String, Function<String, String>> drivers = new LinkedHashMap<>();
            drivers.put(REFERENCE, artemis::amqpUrl);
            drivers.put("core", artemis::coreUrl);
            drivers.put("openwire", artemis::openWireUrl);
            drivers.put("kafka", topic -> kafka.url(topic + "?partitions=1"));
            for (int round = 0; round < rounds; round++) {
                StringBuilder line = new StringBuilder("round " + (round + 1) + ": p99");
                for (Map.Entry<String, Function<String, String>> d : drivers.entrySet()) {
                    String testId = "latency-" + d.getKey() + "-" + round;
                    Figures f = run(d.getValue().apply("bench." + testId), control, work, testId, rate, seconds);
                    figures.computeIfAbsent(d.getKey(), k -> new ArrayList<>()).add(f);
                    line.append(String.format(Locale.ROOT, " %s %.3f ms", d.getKey(), f.p99()));
                }
                System.out.println(line);
            }
        }
        System.out.printf(Locale.ROOT, "%n%d msg/s for %d s (after a %d s warm-up, left out), %d-byte messages,"
                        + " 1 sender + 1 receiver connection, receiver's response time, median of %d rounds%n",
                rate, seconds, WARMUP_SECONDS, SIZE, rounds);
        System.out.printf(Locale.ROOT, "%-10s %10s %10s %10s %14s%n", "driver", "p50 ms", "p99 ms", "max ms",
                "p99 / " + REFERENCE);
        double reference = ThroughputBench.median(figures.get(REFERENCE).stream().map(Figures::p99).toList());
        for (Map.Entry<String, List<Figures>> e : figures.entrySet()) {
            double p99 = ThroughputBench.median(e.getValue().stream().map(Figures::p99).toList());
            System.out.printf(Locale.ROOT, "%-10s %10.3f %10.3f %10.3f %14.2f%n", e.getKey(),
                    ThroughputBench.median(e.getValue().stream().map(Figures::p50).toList()), p99,
                    ThroughputBench.median(e.getValue().stream().map(Figures::max).toList()), p99 / reference);
        }
    }

    /**
     * One fixed-rate run; the receiver's response-time figures over the measured period, which must hold every
     * message due in it (on the intended-time schedule, exactly rate × seconds).
     */
    private static Figures run(String url, MosquittoBroker control, Path work, String testId, int rate, int seconds)
            throws Exception {
        long due = (long) rate * (WARMUP_SECONDS + seconds);
        Path testDir = ThroughputBench.maestroRun(url, control, work, Map.of(TestOptions.RATE, Integer.toString(rate),
                TestOptions.DURATION, (WARMUP_SECONDS + seconds) + "s", TestOptions.WARMUP, WARMUP_SECONDS + "s",
                // A warm-up of fixed length: every driver is measured over the same seconds of its run.
                TestOptions.WARMUP_SEND_DELAY, "off",
                TestOptions.MESSAGE_SIZE, Integer.toString(SIZE), TestOptions.CONNECTIONS, "1"),
                due, testId, ThroughputBench.Metrics.NONE);
        Histogram h = RunOutput.measured(testDir.resolve(ThroughputBench.RECEIVER).resolve(PeerFiles.LATENCY_RESPONSE_HLOG));
        if (h.getTotalCount() != (long) rate * seconds) {
            throw new IllegalStateException(testId + ": the receiver measured " + h.getTotalCount() + " messages, not the "
                    + (long) rate * seconds + " due after the warm-up; see " + testDir);
        }
        return new Figures(ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(99)), ms(h.getMaxValue()));
    }

    /** The worker's HDR logs hold microseconds. */
    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
