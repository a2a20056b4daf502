package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.common.note.LoadOptions;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.ResourceUsageCsv;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TestLab;
import org.maestro.common.units.WarmupRamp;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * bench/warmup-schedule.sh cold: how long a cold JVM needs before it keeps a rate, and whether the default warm-up ramp
 * ({@link LoadOptions#DEFAULT_WARMUP_RAMP}) gets it there. Two set-ups: fresh worker JVMs (sender and receiver
 * processes of their own, the user's JIT) against the standalone Artemis, and a fresh {@code maestro run --local} JVM
 * (client, workers and embedded Artemis in one). At each share of the set-up's flat-out rate (measured first, cold),
 * a run without a ramp (1 s warm-up that waits for the schedule, up to its cap: its length is the time the cold JVM
 * needed at the full rate) and one with the default ramp (a warm-up as long as the ramp), alternating which goes first.
 * Prints each run, then per set-up and share the medians: the warm-up's length and how many ended on schedule, the
 * second from which the sender JVM's JIT compiled less than {@value ResourceUsageCsv#COMPILING_MILLIS_PER_SECOND} ms a second, the p99 send
 * delay of the first 5 s after the warm-up, and the achieved share of the target.
 *
 * <p>Not a test (no assertion, many minutes long): surefire runs it only when named, {@code -Dtest=ColdStartBench}.
 * System properties: {@code maestro.bench.rounds} (3), {@code maestro.bench.shares} (percent of flat out, {@code 25,50,75}),
 * {@code maestro.bench.rates} (msg/s instead of shares: no flat-out run; what a table's "share" column then holds),
 * {@code maestro.bench.seconds} (25), {@code maestro.bench.setups} ({@code worker,local}).
 */
class ColdStartBench {
    private static final Path SCRIPT = Path.of("..", "test-scripts", "fixed-rate.groovy");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "cold-start: ";
    /** The cap of a warm-up without a ramp: how long the bench waits for a cold JVM to get on schedule. */
    private static final String CAP = "20s";

    private static final List<String> SETUPS = List.of(System.getProperty("maestro.bench.setups", "worker,local").split(","));

    /** The standalone Artemis only for the worker set-up: --local starts its own, and a busy host starts one slowly. */
    @RegisterExtension
    static final TestLab lab = SETUPS.contains("worker") ? TestLab.withMosquitto().withArtemis() : TestLab.withMosquitto();

    @TempDir
    Path work;

    private int runs;

    /** One run's figures; NaN where unknown. */
    record Figures(double warmupSeconds, boolean onSchedule, double jitSettledSecond, double firstP99, double achievedPercent) {
    }

    @Test
    void coldJvmsAtSeveralRates() throws Exception {
        int rounds = Integer.getInteger("maestro.bench.rounds", 3);
        int seconds = Integer.getInteger("maestro.bench.seconds", 25);
        List<Integer> shares = Arrays.stream(System.getProperty("maestro.bench.shares", "25,50,75").split(","))
                .map(String::strip).map(Integer::parseInt).toList();
        List<String> setups = SETUPS;
        String rampTime = WarmupRamp.parseOrOff(LoadOptions.DEFAULT_WARMUP_RAMP).time().toSeconds() + "s";
        Map<String, List<Figures>> all = new LinkedHashMap<>();
        String rates = System.getProperty("maestro.bench.rates", "");
        for (String setup : setups) {
            long flatOut = 0;
            if (rates.isBlank()) {
                // Warm: a cold JVM's first seconds would make flat out its JIT's, not the host's.
                JsonNode t = run(setup, "flat-out", "rate=0", "duration=15s", "warmup=5s").get("totals");
                flatOut = (long) Math.min(t.get("sendRate").asDouble(), t.get("receiveRate").asDouble());
                print("%s: flat out (15 s after a 5 s warm-up, 2 connections): %d msg/s sent and received", setup, flatOut);
            } else {
                shares = Arrays.stream(rates.split(",")).map(String::strip).map(Integer::parseInt).toList();
                print("%s: rates given, msg/s: %s", setup, rates);
            }
            for (int round = 1; round <= rounds; round++) {
                for (int share : shares) {
                    long rate = rates.isBlank() ? Math.max(500, flatOut * share / 100 / 100 * 100) : share;
                    for (boolean ramp : round % 2 == 1 ? new boolean[]{false, true} : new boolean[]{true, false}) {
                        String label = ramp ? "ramp " + LoadOptions.DEFAULT_WARMUP_RAMP : "no ramp";
                        JsonNode summary = ramp
                                ? run(setup, "ramp", "rate=" + rate, "duration=" + seconds + "s", "warmup=" + rampTime,
                                "warmupMax=" + CAP)
                                : run(setup, "noramp", "rate=" + rate, "duration=" + seconds + "s", "warmup=1s",
                                "warmupMax=" + CAP, "warmupRamp=off");
                        Figures f = figures(summary, rate);
                        all.computeIfAbsent(setup + " " + share + " " + ramp, k -> new ArrayList<>()).add(f);
                        print("%s round %d %s (%6d msg/s) %-12s: warm-up %5.1f s %-13s JIT settled at %5.1f s,"
                                        + " first 5 s p99 send delay %9.3f ms, achieved %5.1f %%", setup, round,
                                rates.isBlank() ? share + " % of flat out" : "rate given", rate,
                                label, f.warmupSeconds(), f.onSchedule() ? "on schedule" : "OFF schedule",
                                f.jitSettledSecond(), f.firstP99(), f.achievedPercent());
                    }
                }
            }
        }
        print("");
        print("medians of %d round(s), %d s runs, 2 connections, 2 shared cores; no ramp: 1 s warm-up waiting for the"
                + " schedule up to %s; ramp: %s, warm-up %s", rounds, seconds, CAP, LoadOptions.DEFAULT_WARMUP_RAMP, rampTime);
        print("%-7s %5s | %-32s | %-56s", "", "", "no ramp", "default ramp");
        print("%-7s %5s | %8s %8s %12s | %8s %8s %14s %10s", "set-up", rates.isBlank() ? "% max" : "msg/s", "warm-up", "on sched", "JIT settled",
                "warm-up", "on sched", "first 5 s p99", "achieved");
        for (String setup : setups) {
            for (int share : shares) {
                List<Figures> off = all.getOrDefault(setup + " " + share + " false", List.of());
                List<Figures> on = all.getOrDefault(setup + " " + share + " true", List.of());
                print("%-7s %5d | %7.1fs %4d of %d %11.1fs | %7.1fs %4d of %d %11.3f ms %9.1f%%", setup, share,
                        median(off, Figures::warmupSeconds), onSchedule(off), off.size(), median(off, Figures::jitSettledSecond),
                        median(on, Figures::warmupSeconds), onSchedule(on), on.size(), median(on, Figures::firstP99),
                        median(on, Figures::achievedPercent));
            }
        }
    }

    /** One cold run of the set-up; its summary.json. */
    private JsonNode run(String setup, String label, String... params) throws Exception {
        int n = ++runs;
        Path runsDir = work.resolve("runs-" + n);
        List<String> args = new ArrayList<>(List.of("run", SCRIPT.toString(), "--runs", runsDir.toString(),
                "-P", "connections=2", "-P", "p99=10 s"));
        for (String p : params) {
            args.add("-P");
            args.add(p);
        }
        if (setup.equals("local")) {
            args.add("--local");
            try (ChildJvm client = ChildJvm.startAsUsersJvm(MaestroMain.class, args.toArray(String[]::new))) {
                if (!client.process().waitFor(300, TimeUnit.SECONDS) || client.process().exitValue() > 1) {
                    throw new IllegalStateException(label + " run " + n + " could not run:\n" + client.outputTail(30));
                }
            }
        } else {
            Path data = work.resolve("data-" + n);
            String control = lab.controlUrl().toString();
            args.addAll(List.of("--broker", control, "-P", "url=" + lab.sut().amqpUrl("bench.cold." + n + "." + label)));
            try (ChildJvm receiver = worker(control, data, "receiver-" + n, "receiver");
                 ChildJvm sender = worker(control, data, "sender-" + n, "sender")) {
                MaestroCommand.Result r = MaestroCommand.run(args.toArray(String[]::new));
                if (r.exitCode() == 2) {
                    throw new IllegalStateException(label + " run " + n + " could not run:\n" + r.output());
                }
            }
        }
        Path run = MaestroCommand.onlyRun(runsDir);
        ObjectNode summary = (ObjectNode) JSON.readTree(run.resolve(RunLayout.SUMMARY_JSON).toFile());
        return summary.put("runDir", run.toString());
    }

    /** A worker JVM as a user starts one (all JIT tiers, not the tests' C1 only), ready. */
    private static ChildJvm worker(String control, Path data, String name, String role) throws Exception {
        ChildJvm jvm = ChildJvm.start(List.of("-XX:TieredStopAtLevel=4", "-Xmx1g"), WorkerMain.class, "--broker", control,
                "--name", name, "--data-dir", data.resolve(name).toString(), "--data-host", "127.0.0.1", "--role", role);
        return PeerProcesses.awaitReady(new PeerProcesses.Launched(jvm, WorkerMain.class));
    }

    private static Figures figures(JsonNode summary, long rate) throws IOException {
        JsonNode sender = null;
        for (JsonNode p : summary.get("peers")) {
            if (p.get("role").asText().equals("sender")) {
                sender = p;
            }
        }
        JsonNode w = sender.get("warmup");
        double warmup = w == null || w.isNull() ? 0 : w.get("seconds").asDouble();
        boolean onSchedule = w != null && !w.isNull() && w.get("onSchedule").asBoolean();
        Path dir = Path.of(summary.get("runDir").asText()).resolve("peers").resolve(sender.get("name").asText());
        double receiveRate = summary.at("/totals/receiveRate").asDouble(Double.NaN);
        return new Figures(warmup, onSchedule, jitSettled(dir), WarmupScheduleBench.p99(dir.resolve(PeerFiles.SEND_DELAY_HLOG),
                warmup, warmup + 5), 100.0 * receiveRate / rate);
    }

    /** The second (from the sender's first sample) from which its JVM's JIT compiled under the bound in every second after. */
    private static double jitSettled(Path senderDir) throws IOException {
        List<ResourceUsageCsv.Sample> samples = ResourceUsageCsv.read(senderDir.resolve(PeerFiles.RESOURCE_USAGE_CSV));
        int settled = samples.size();
        for (int i = samples.size() - 1; i >= 0 && samples.get(i).jitCompileMillis() < ResourceUsageCsv.COMPILING_MILLIS_PER_SECOND
                && samples.get(i).jitCompileMillis() >= 0; i--) {
            settled = i;
        }
        return settled >= samples.size() ? Double.NaN : settled;
    }

    private static int onSchedule(List<Figures> runs) {
        return (int) runs.stream().filter(Figures::onSchedule).count();
    }

    private static double median(List<Figures> values, ToDoubleFunction<Figures> of) {
        double[] v = values.stream().mapToDouble(of).filter(d -> !Double.isNaN(d)).toArray();
        Arrays.sort(v);
        return v.length == 0 ? Double.NaN : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
