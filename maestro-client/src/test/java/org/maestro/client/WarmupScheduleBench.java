package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * bench/warmup-schedule.sh: a fixed warm-up against one that waits for the senders' schedule, side by side in one
 * run. Each run is {@code test-scripts/fixed-rate.groovy} through {@code maestro run} with a fresh (cold) sender and
 * receiver process, against the standalone Artemis, at half the flat-out rate over 2 connections; rounds alternate
 * which goes first. Prints each run's p99 send delay over its measured period (summary.json), over the first 5 s of
 * it and from 15 s on (the sender's HDR log), its warm-up, then the medians.
 *
 * <p>Not a test (no assertion, minutes long): surefire runs it only when named, {@code -Dtest=WarmupScheduleBench}.
 * System properties: {@code maestro.bench.rate} (0: measure flat out first), {@code maestro.bench.rounds} (3),
 * {@code maestro.bench.seconds} (30), {@code maestro.bench.warmup} (5s).
 */
class WarmupScheduleBench {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "warmup-schedule: ";
    private static final double STEADY_FROM_SECONDS = 15;

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path work;

    private int runs;

    /**
     * One run's figures: p99 send delay (ms) of the measured period, of its first 5 s (where a sender that was behind
     * at the end of the warm-up catches up) and from 15 s on (the steady state); the warm-up (s) and how it ended.
     */
    record Figures(double measuredP99, double firstP99, double steadyP99, double warmupSeconds, String warmup) {
    }

    @Test
    void fixedWarmupAgainstTheGate() throws Exception {
        long rate = Long.getLong("maestro.bench.rate", 0);
        int rounds = Integer.getInteger("maestro.bench.rounds", 3);
        int seconds = Integer.getInteger("maestro.bench.seconds", 30);
        String warmup = System.getProperty("maestro.bench.warmup", "5s");
        if (rate <= 0) {
            JsonNode t = summary(run("flat-out", "rate=max", "duration=10s", "warmup=0s")).get("totals");
            long flatOut = (long) Math.min(t.get("sendRate").asDouble(), t.get("receiveRate").asDouble());
            rate = flatOut / 2;
            print("flat out (10 s, 2 connections, cold JVMs): %d msg/s sent and received; half: %d msg/s", flatOut, rate);
        } else {
            print("rate given: %d msg/s", rate);
        }
        List<Figures> fixed = new ArrayList<>();
        List<Figures> gated = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            // Alternating which goes first: a machine that drifts (other builds) weighs on both alike.
            for (boolean gate : round % 2 == 1 ? new boolean[]{false, true} : new boolean[]{true, false}) {
                Figures f = figures(run(gate ? "gated" : "fixed", "rate=" + rate, "duration=" + seconds + "s",
                        "warmup=" + warmup, "warmupSendDelay=" + (gate ? "100ms" : "off")));
                (gate ? gated : fixed).add(f);
                print("round %d %-5s: p99 send delay measured period %9.3f ms, its first 5 s %9.3f ms, from %.0f s on %8.3f ms;"
                        + " warm-up %.1f s (%s)", round, gate ? "gated" : "fixed", f.measuredP99(), f.firstP99(),
                        STEADY_FROM_SECONDS, f.steadyP99(), f.warmupSeconds(), f.warmup());
            }
        }
        print("");
        print("%d msg/s over 2 connections for %d s, warm-up %s, median of %d alternating rounds (2 cores, shared)",
                rate, seconds, warmup, rounds);
        print("%-38s %12s %12s", "", "fixed", "gated");
        print("%-38s %12.3f %12.3f", "p99 send delay, measured period, ms", median(fixed, Figures::measuredP99),
                median(gated, Figures::measuredP99));
        print("%-38s %12.3f %12.3f", "p99 send delay, its first 5 s, ms", median(fixed, Figures::firstP99),
                median(gated, Figures::firstP99));
        print("%-38s %12.3f %12.3f", "p99 send delay from 15 s on, ms", median(fixed, Figures::steadyP99),
                median(gated, Figures::steadyP99));
        print("%-38s %12.1f %12.1f", "warm-up, s", median(fixed, Figures::warmupSeconds), median(gated, Figures::warmupSeconds));
        print("%-38s %12.2f", "measured-period p99: fixed / gated", median(fixed, Figures::measuredP99)
                / median(gated, Figures::measuredP99));
        print("gated runs that ended on schedule: %d of %d", gated.stream().filter(f -> f.warmup().startsWith("on schedule")).count(),
                gated.size());
    }

    /** One {@code maestro run} with a fresh sender and receiver process; gives its run directory. */
    private Path run(String label, String... params) throws Exception {
        int n = ++runs;
        Path data = work.resolve("data-" + n);
        Path runsDir = work.resolve("runs-" + n);
        String control = lab.controlUrl().toString();
        try (ChildJvm receiver = PeerProcesses.start(lab, WorkerMain.class, control, data, "receiver-" + n, "--role", "receiver");
             ChildJvm sender = PeerProcesses.start(lab, WorkerMain.class, control, data, "sender-" + n, "--role", "sender")) {
            List<String> args = new ArrayList<>(List.of("run", SCRIPT.toString(), "--broker", control, "--runs", runsDir.toString(),
                    "-P", "url=" + lab.sut().amqpUrl("bench.warmup." + n + "." + label), "-P", "connections=2",
                    "-P", "p99=10 s"));
            for (String p : params) {
                args.add("-P");
                args.add(p);
            }
            MaestroCommand.Result r = MaestroCommand.run(args.toArray(String[]::new));
            if (r.exitCode() == 2) {
                throw new IllegalStateException(label + " run " + n + " could not run:\n" + r.output());
            }
        }
        return MaestroCommand.onlyRun(runsDir);
    }

    private static JsonNode summary(Path run) throws IOException {
        return JSON.readTree(run.resolve("summary.json").toFile());
    }

    private static Figures figures(Path run) throws IOException {
        JsonNode summary = summary(run);
        JsonNode sender = null;
        for (JsonNode p : summary.get("peers")) {
            if (p.get("role").asText().equals("sender")) {
                sender = p;
            }
        }
        JsonNode w = sender.get("warmup");
        double warmup = w == null || w.isNull() ? 0 : w.get("seconds").asDouble();
        Path log = run.resolve("peers").resolve(sender.get("name").asText()).resolve(PeerFiles.SEND_DELAY_HLOG);
        return new Figures(summary.at("/totals/sendDelay/p99").asDouble(), p99(log, warmup, warmup + 5),
                p99(log, STEADY_FROM_SECONDS, Double.MAX_VALUE), warmup, w == null || w.isNull() ? "none" : w.get("detail").asText());
    }

    /** p99 of the sender's send delay in the intervals from {@code fromSeconds} to {@code toSeconds}, warm-up left out, in ms. */
    static double p99(Path sendDelayLog, double fromSeconds, double toSeconds) throws IOException {
        Histogram all = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(sendDelayLog.toFile());
        try {
            for (EncodableHistogram h; (h = reader.nextIntervalHistogram(fromSeconds, toSeconds)) != null; ) {
                if (!PeerFiles.WARMUP_TAG.equals(h.getTag())) {
                    all.add((Histogram) h);
                }
            }
        } finally {
            reader.close();
        }
        return all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(99) / 1000.0;
    }

    private static double median(List<Figures> values, java.util.function.ToDoubleFunction<Figures> of) {
        double[] v = values.stream().mapToDouble(of).toArray();
        Arrays.sort(v);
        return v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
