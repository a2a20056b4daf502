package org.maestro.worker.bench;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.note.TestOptions;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.MosquittoBroker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Send delay (actual - intended send time) of a Maestro sender beside {@code artemis perf client --rate} at the same
 * rate, on one standalone Artemis over AMQP: 1 KiB messages, one producer and one consumer connection each, at 25 %,
 * 50 % and 75 % of flat out (Maestro's flat-out end-to-end rate, measured first unless given), in interleaved rounds
 * (which tool goes first alternates), each run DURATION seconds after a warm-up of WARMUP seconds. Each run's p50, p99
 * and p99.9 of its measured period, from its own HdrHistogram log: Maestro's sender's send-delay.hlog (the intervals
 * tagged warmup left out), perf's {@code --hdr} log (its intervals tagged "delay send"; "warmup delay send" left out).
 * Then the medians over the rounds, side by side, and the host's load average at the start and the end of each run.
 * Each Maestro run prints this JVM's CPU by thread (sender, receiver, client I/O, GC, JIT): where its time went.
 * Usage: bench/send-delay.sh [ROUNDS [DURATION [WARMUP [FLAT_OUT]]]]
 */
public final class SendDelayBench {
    /**
     * perf's tag of the send delay of its measured period ("delay send", microseconds), its blank made an underscore:
     * HdrHistogram's log reader splits a line at blanks and would skip the interval.
     */
    private static final String PERF_SEND_DELAY = "delay_send";
    private static final int SIZE = 1024;
    private static final int[] PERCENTS = {25, 50, 75};

    private SendDelayBench() {
    }

    /** One run's send delay, microseconds, and the host's 1-minute load average at its start and end. */
    record Run(double p50, double p99, double p999, long count, double loadBefore, double loadAfter) {
        static Run of(Histogram h, double loadBefore) throws IOException {
            if (h.getTotalCount() == 0) {
                throw new IllegalStateException("a run recorded no send delay after its warm-up");
            }
            return new Run(h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                    h.getTotalCount(), loadBefore, loadAverage());
        }

        String describe() {
            return String.format(Locale.ROOT, "p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms (%d sends; load %.1f -> %.1f)",
                    p50 / 1e3, p99 / 1e3, p999 / 1e3, count, loadBefore, loadAfter);
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int duration = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path work = Files.createTempDirectory("maestro-send-delay-");
        Map<String, List<Run>> maestro = new LinkedHashMap<>();
        Map<String, List<Run>> perf = new LinkedHashMap<>();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            double flatOut;
            if (args.length > 3) {
                flatOut = Double.parseDouble(args[3]);
            } else {
                // Two flat-out runs; the first also warms this JVM's JIT as a worker's earlier tests would.
                int count = 200_000;
                List<Double> rates = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    rates.add(ThroughputBench.maestroRun(sut.amqpUrl("bench.flat." + i), control, work, count, SIZE, 1000, i));
                }
                flatOut = ThroughputBench.median(rates);
                System.out.printf(Locale.ROOT, "flat out: %s msg/s, median %.0f msg/s%n", rates, flatOut);
            }
            for (int round = 0; round < rounds; round++) {
                for (int percent : PERCENTS) {
                    long rate = Math.round(flatOut * percent / 100);
                    String key = percent + " % (" + rate + " msg/s)";
                    // Which tool goes first alternates, so that neither always meets the other's leftovers.
                    for (int turn = 0; turn < 2; turn++) {
                        boolean maestroTurn = (turn + round) % 2 == 0;
                        String name = (maestroTurn ? "maestro-" : "perf-") + percent + "-" + round;
                        Run run = maestroTurn ? maestroRun(sut, control, work, name, rate, duration, warmup)
                                : perfRun(sut, work, name, rate, duration, warmup);
                        (maestroTurn ? maestro : perf).computeIfAbsent(key, k -> new ArrayList<>()).add(run);
                        System.out.printf(Locale.ROOT, "round %d, %s, %s: %s%n", round + 1, key,
                                maestroTurn ? "maestro" : "artemis perf", run.describe());
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%nsend delay, ms: %d B messages over AMQP to one standalone Artemis, 1 producer + 1"
                + " consumer connection, %d s after a %d s warm-up, median of %d interleaved rounds (%d cores)%n",
                SIZE, duration, warmup, rounds, Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-24s %-14s %9s %9s %9s %14s%n", "rate (of flat out)", "tool", "p50", "p99", "p99.9",
                "load avg");
        for (String key : maestro.keySet()) {
            row(key, "maestro", maestro.get(key));
            row("", "artemis perf", perf.get(key));
        }
    }

    private static void row(String key, String tool, List<Run> runs) {
        System.out.printf(Locale.ROOT, "%-24s %-14s %9.3f %9.3f %9.3f %6.1f - %5.1f%n", key, tool,
                median(runs, Run::p50) / 1e3, median(runs, Run::p99) / 1e3, median(runs, Run::p999) / 1e3,
                runs.stream().mapToDouble(Run::loadBefore).min().orElse(0), runs.stream().mapToDouble(Run::loadAfter).max().orElse(0));
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> figure) {
        return ThroughputBench.median(runs.stream().map(figure::applyAsDouble).toList());
    }

    /** A Maestro sender and receiver at {@code rate} for the warm-up and duration; its sender's measured send delay. */
    private static Run maestroRun(ArtemisBroker sut, MosquittoBroker control, Path work, String name, long rate, int duration,
                                  int warmup) throws Exception {
        double load = loadAverage();
        Map<String, String> options = Map.of(TestOptions.RATE, Long.toString(rate), TestOptions.DURATION, duration + warmup + "s",
                TestOptions.WARMUP, warmup + "s", TestOptions.MESSAGE_SIZE, Integer.toString(SIZE));
        Path test;
        long t0 = System.nanoTime();
        try (ThreadCpu threads = ThreadCpu.watch(ProcessHandle.current().pid())) {
            test = ThroughputBench.maestroRun(sut.amqpUrl("bench." + name), control, work, options, 0, name,
                    ThroughputBench.Metrics.NONE);
            double seconds = (System.nanoTime() - t0) / 1e9;
            StringBuilder line = new StringBuilder("  " + name + " CPU by thread, % of a core over " + Math.round(seconds) + " s:");
            threads.byName().entrySet().stream().limit(8).forEach(e -> line.append(String.format(Locale.ROOT, " %s %.1f",
                    e.getKey(), e.getValue() * 100 / seconds)));
            System.out.println(line);
        }
        return Run.of(sum(test.resolve(ThroughputBench.SENDER).resolve(PeerFiles.SEND_DELAY_HLOG), tag -> !"warmup".equals(tag)),
                load);
    }

    /** {@code artemis perf client --rate} for the warm-up and duration, one producer and one consumer; its measured send delay. */
    private static Run perfRun(ArtemisBroker sut, Path work, String name, long rate, int duration, int warmup) throws Exception {
        double load = loadAverage();
        Path hdr = work.resolve(name + ".hdr");
        Path home = Path.of(System.getProperty(ArtemisBroker.HOME_PROPERTY));
        Process p = new ProcessBuilder(home.resolve("bin/artemis").toString(), "perf", "client", "--silent",
                "--protocol", "AMQP", "--url", sut.amqpUrl(), "--user", ArtemisBroker.USER, "--password", ArtemisBroker.PASSWORD,
                // perf's warm-up is part of its duration: the measured period is as long as Maestro's.
                "--rate", Long.toString(rate), "--duration", Integer.toString(duration + warmup), "--warmup", Integer.toString(warmup),
                "--message-size", Integer.toString(SIZE), "--hdr", hdr.toString(), "queue://bench." + name)
                .redirectErrorStream(true).redirectOutput(work.resolve(name + ".log").toFile()).start();
        if (!p.waitFor(duration + warmup + 120L, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("artemis perf failed; see " + work.resolve(name + ".log"));
        }
        Path readable = work.resolve(name + ".tags.hdr");
        Files.write(readable, Files.readAllLines(hdr).stream()
                .map(line -> line.startsWith("Tag=") ? line.substring(0, line.indexOf(',')).replace(' ', '_') + line.substring(line.indexOf(','))
                        : line).toList());
        return Run.of(sum(readable, PERF_SEND_DELAY::equals), load);
    }

    /** The intervals of an HdrHistogram log whose tag {@code wanted} takes (null for none), added up. */
    static Histogram sum(Path log, Predicate<String> wanted) throws IOException {
        Histogram total = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            if (wanted.test(h.getTag())) {
                total.add((Histogram) h);
            }
        }
        return total;
    }

    /** The host's load average over the last minute, from /proc/loadavg. */
    static double loadAverage() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }
}
