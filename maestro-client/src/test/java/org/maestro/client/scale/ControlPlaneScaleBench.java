package org.maestro.client.scale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.MaestroCommand;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.JvmFigures;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * bench/control-plane-scale.sh: the control plane with 2, 10, 50, 100, 250 and 500 peers on one Mosquitto (half
 * senders, half receivers, each half in one worker JVM with {@code --count}), each size running {@code many-peers.groovy}
 * through {@code maestro run} on the standalone Artemis for a few rounds. Prints, per size, the median of each step the
 * run timed (its "control plane, N peers: ..." line: discover, probe, SET, prepare (the SUT connections, before START),
 * START, STOP, STATS, collect), the start skew of summary.json (µs) and one PING's round trip to a sender while the load
 * runs (the median of a PING every 100 ms), side by side with the 2-peer figures, their ratio, and that ratio ÷ the
 * ratio of peers (its growth per peer: above 1, a step grows worse than linearly); then the goals.
 *
 * <p>Not a test (minutes long): surefire runs it only when named, {@code -Dtest=ControlPlaneScaleBench}. System
 * properties: {@code maestro.bench.peers} (2,10,50,100,250,500), {@code maestro.bench.rounds} (3), {@code maestro.bench.seconds} (5),
 * {@code maestro.bench.ratePerPeer} (the run's total rate is this times the peers: 20), {@code maestro.bench.urlOptions}
 * (the SUT URL's client options), {@code maestro.bench.workerJvmOptions} (more options of the worker JVMs, {role} replaced
 * by e.g. receiver250: a flight recording), {@code maestro.bench.histogram} (true: each JVM's threads and live heap by
 * class after the rounds). The table's last rows are the worker JVMs' threads a peer, idle and at a run's peak.
 */
class ControlPlaneScaleBench {
    private static final String OUT = "control-plane-scale: ";
    private static final Pattern STEP = Pattern.compile("([A-Za-z]+) (\\d+) ms");
    /** The SUT URL's client options (maestro.bench.urlOptions, "" for none): this bench measures the control plane, not the client. */
    private static final String URL_OPTIONS = System.getProperty("maestro.bench.urlOptions", "amqp.maxFrameSize=65536&jms.prefetchPolicy.all=100").trim();
    private static final Pattern GC_PAUSE = Pattern.compile("Pause .* (\\d+\\.\\d+)ms");
    /** Rows of the table in threads a peer, kept ×10 in the run's step map (whole numbers). */
    private static final String THREADS_IDLE = "thr/peer idle";
    private static final String THREADS_PEAK = "thr/peer peak";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path work;

    @Test
    void scale() throws Exception {
        List<Integer> sizes = Arrays.stream(System.getProperty("maestro.bench.peers", "2,10,50,100,250,500").split(","))
                .map(String::trim).map(Integer::parseInt).toList();
        int rounds = Integer.getInteger("maestro.bench.rounds", 3);
        int seconds = Integer.getInteger("maestro.bench.seconds", 5);
        int ratePerPeer = Integer.getInteger("maestro.bench.ratePerPeer", 20);
        print("the host: %d cores, load average %s (a shared host: figures are medians of %d rounds); SUT URL options: %s",
                Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).trim(), rounds,
                URL_OPTIONS.isEmpty() ? "none" : URL_OPTIONS);
        Map<Integer, Map<String, Double>> medians = new LinkedHashMap<>();
        for (int size : sizes) {
            int half = size / 2;
            List<Map<String, Long>> runs = new ArrayList<>();
            long jvmsStarted = System.nanoTime();
            try (ChildJvm receivers = workers("receiver", size, half); ChildJvm senders = workers("sender", size, half)) {
                print("%d peers: %d receivers and %d senders ready in %.1f s", size, half, half, (System.nanoTime() - jvmsStarted) / 1e9);
                for (int round = 1; round <= rounds; round++) {
                    Map<String, Long> steps;
                    try {
                        steps = run(size, half, seconds, round, ratePerPeer, receivers.jvm().pid(), senders.jvm().pid());
                    } catch (AssertionError e) {
                        print("%d peers, round %d failed at load %s; longest GC pause: receivers' JVM %.1f ms, senders' %.1f ms",
                                size, round, Files.readString(Path.of("/proc/loadavg")).trim(),
                                longestGcPauseMillis(gcLog("receiver", size)), longestGcPauseMillis(gcLog("sender", size)));
                        heapByClass(size, half, receivers, senders);
                        throw e;
                    }
                    print("%d peers, round %d: %s; longest GC pause so far: receivers' JVM %.1f ms, senders' %.1f ms;"
                                    + " heap after GC: receivers' JVM %.1f MB, senders' %.1f MB", size, round, steps,
                            longestGcPauseMillis(gcLog("receiver", size)), longestGcPauseMillis(gcLog("sender", size)),
                            JvmFigures.heapAfterGcMb(receivers.jvm().pid()), JvmFigures.heapAfterGcMb(senders.jvm().pid()));
                    runs.add(steps);
                }
                heapByClass(size, half, receivers, senders);
                halt(size);
            }
            Map<String, Double> m = new LinkedHashMap<>();
            runs.get(0).keySet().forEach(step -> m.put(step, median(runs.stream().mapToDouble(r -> r.getOrDefault(step, -1L)).toArray())));
            medians.put(size, m);
        }
        table(sizes, medians);
    }

    private ChildJvm workers(String role, int size, int count) throws Exception {
        // A peer's buffers (its rate log, HDR logs, MQTT client, SUT connection) are about 3 MB when idle and more in a
        // run: 250 in a 2 GB heap left little room. The full JIT, as a user's peer runs (the build's child JVMs are C1
        // only). The GC log says whether a pause, rather than the control plane, made a peer miss its keep-alive.
        List<String> options = new ArrayList<>(List.of("-Xmx" + Math.max(1024, count * 12) + "m", "-XX:TieredStopAtLevel=4",
                "-Xlog:gc:file=" + gcLog(role, size)));
        // maestro.bench.workerJvmOptions, e.g. "-XX:StartFlightRecording=filename=target/r.jfr": a look inside the workers.
        String extra = System.getProperty("maestro.bench.workerJvmOptions", "").replace("{role}", role + size).trim();
        if (!extra.isEmpty()) {
            options.addAll(Arrays.asList(extra.split("\\s+")));
        }
        ChildJvm jvm = ChildJvm.start(options, WorkerMain.class, "--role", role, "--count", Integer.toString(count),
                "--name", role + size, "--broker", lab.controlUrl().toString(), "--data-dir", work.resolve(role + size).toString(),
                "--data-host", "127.0.0.1");
        for (int i = 0; i < count; i++) {
            jvm.awaitLine("maestro-worker: ", 300);
        }
        return jvm;
    }

    /**
     * With maestro.bench.histogram=true, after the timed rounds (the histogram forces a full GC): each worker JVM's
     * threads and the top classes of its live heap, to say what a peer holds.
     */
    private static void heapByClass(int size, int half, ChildJvm... jvms) throws Exception {
        if (!Boolean.getBoolean("maestro.bench.histogram")) {
            return;
        }
        for (ChildJvm jvm : jvms) {
            long pid = jvm.jvm().pid();
            print("%d peers, after the rounds, one JVM of %d peers: %d threads; the top classes of its live heap:%n%s", size, half,
                    JvmFigures.status(pid, "Threads"), JvmFigures.topClasses(pid, 12));
        }
    }

    /** In target/, not the temporary directory: kept for a look after a failed round. */
    private static Path gcLog(String role, int size) {
        return Path.of("target", "scale-bench-gc-" + role + size + ".log").toAbsolutePath();
    }

    /** The longest pause in a JVM's -Xlog:gc file ("... Pause Young (Normal) (G1 Evacuation Pause) 51M->20M(1024M) 3.456ms"). */
    private static double longestGcPauseMillis(Path gcLog) throws java.io.IOException {
        Matcher m = GC_PAUSE.matcher(Files.exists(gcLog) ? Files.readString(gcLog) : "");
        double longest = 0;
        while (m.find()) {
            longest = Math.max(longest, Double.parseDouble(m.group(1)));
        }
        return longest;
    }

    /**
     * One run: the steps its console timed, "PING" the median round trip (ms) of a PING every 100 ms meanwhile, and the
     * worker JVMs' threads per peer (×10, the table's unit), idle before the run and at the run's peak (both JVMs'
     * /proc Threads summed, sampled with each PING).
     */
    private Map<String, Long> run(int size, int half, int seconds, int round, int ratePerPeer, long... workerPids) throws Exception {
        long idleThreads = threads(workerPids);
        long peakThreads = idleThreads;
        Path runs = Files.createDirectories(work.resolve("runs-" + size + "-" + round));
        CompletableFuture<MaestroCommand.Result> maestro = CompletableFuture.supplyAsync(() -> MaestroCommand.run("run",
                Path.of("..", "test-scripts", "many-peers.groovy").toString(), "--broker", lab.controlUrl().toString(),
                "--runs", runs.toString(), "-P", "url=" + sutUrl(size), "-P", "senders=" + half,
                "-P", "receivers=" + half, "-P", "connections=1", "-P", "rate=" + ((long) ratePerPeer * size), "-P", "duration=" + seconds + "s"));
        List<Long> pings = new ArrayList<>();
        try (ControlClient pinger = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            PeerInfo sender = null;
            while (!maestro.isDone()) {
                if (sender == null) {
                    sender = pinger.ping(Address.role(Role.SENDER), Duration.ofMillis(300)).stream().map(PingResult::peer)
                            .filter(p -> p.name().matches("sender" + size + "(-\\d+)?")).findFirst().orElse(null);
                } else {
                    PingResult r = pinger.ping(sender, Duration.ofSeconds(2));
                    if (r != null) {
                        pings.add(r.roundTripMicros());
                    }
                }
                peakThreads = Math.max(peakThreads, threads(workerPids));
                Thread.sleep(100);
            }
        }
        MaestroCommand.Result r = maestro.get();
        assertEquals(0, r.exitCode(), r.output());
        String line = r.output().lines().filter(l -> l.startsWith("control plane, ")).findFirst().orElseThrow(
                () -> new IllegalStateException("no control plane line in:\n" + r.output()));
        Map<String, Long> steps = new LinkedHashMap<>();
        Matcher m = STEP.matcher(line.substring(line.indexOf(':') + 1));
        while (m.find()) {
            steps.put(m.group(1), Long.parseLong(m.group(2)));
        }
        JsonNode skew = new ObjectMapper().readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile()).path("startSkew");
        steps.put("skewus", skew.path("skewMillis").isNumber() ? Math.round(skew.path("skewMillis").asDouble() * 1000) : -1);
        print("%d peers, round %d: lateness after the instant, ms: %s", size, round, latenessByRole(skew));
        steps.put("PINGus", pings.isEmpty() ? -1 : (long) median(pings.stream().mapToDouble(Long::doubleValue).toArray()));
        print("%d peers, round %d: worker threads idle %d (%.1f a peer), at the run's peak %d (%.1f a peer)", size, round,
                idleThreads, (double) idleThreads / size, peakThreads, (double) peakThreads / size);
        steps.put(THREADS_IDLE, Math.round(10.0 * idleThreads / size));
        steps.put(THREADS_PEAK, Math.round(10.0 * peakThreads / size));
        return steps;
    }

    /** The threads of the worker JVMs, summed. */
    private static long threads(long... pids) throws java.io.IOException {
        long sum = 0;
        for (long pid : pids) {
            sum += JvmFigures.status(pid, "Threads");
        }
        return sum;
    }

    /**
     * The queue of this size on the standalone Artemis, with {@link #URL_OPTIONS}. In a JVM of 125 receivers: proton-j
     * allocates an input buffer of the frame size for every connection (qpid-jms's default 1 MiB: 125 MiB of byte[]
     * held through a run), and qpid-jms's default prefetch of 1000 let 17,500 messages (140 a receiver, a class
     * histogram mid-run) pile up in the starved receivers' heap. A 64 KiB frame still carries a 1 KiB message whole;
     * 100 messages are 2.5 s of a receiver's share of the rate.
     */
    private static String sutUrl(int size) {
        String url = lab.sut().amqpUrl("scale.bench." + size);
        return URL_OPTIONS.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + URL_OPTIONS;
    }

    /**
     * "senders min 0.1 p50 0.9 p90 2.1 max 3.0; receivers ...": how the peers' lateness (summary.json startSkew.peers)
     * spreads within each role, each role one worker JVM here. Whether all are late alike (the host woke them late), a
     * few are (a pause of one JVM) or they queue one after another (CPU at the instant) says what the skew is made of.
     */
    private static String latenessByRole(JsonNode skew) {
        Map<String, List<Double>> byRole = new java.util.TreeMap<>();
        for (JsonNode p : skew.path("peers")) {
            if (p.path("latenessMillis").isNumber()) {
                byRole.computeIfAbsent(p.path("role").asText(), r -> new ArrayList<>()).add(p.path("latenessMillis").asDouble());
            }
        }
        StringBuilder out = new StringBuilder();
        byRole.forEach((role, l) -> {
            double[] v = l.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            out.append(out.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "%ss min %.2f p50 %.2f p90 %.2f max %.2f",
                    role, v[0], v[v.length / 2], v[(int) Math.min(v.length - 1, Math.round(v.length * 0.9))], v[v.length - 1]));
        });
        return out.isEmpty() ? "none began" : out.toString();
    }

    /** HALTs this size's peers, so the next size discovers only its own. */
    private static void halt(int size) throws Exception {
        try (ControlClient c = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            List<PeerInfo> mine = c.ping(Address.all(), Duration.ofSeconds(1)).stream().map(PingResult::peer)
                    .filter(p -> p.name().matches("(sender|receiver)" + size + "(-\\d+)?")).toList();
            c.requestEach(mine, new org.maestro.common.note.Payload.Halt(), Duration.ofSeconds(10));
        }
    }

    private static void table(List<Integer> sizes, Map<Integer, Map<String, Double>> medians) {
        int base = sizes.get(0);
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-14s", "median"));
        sizes.forEach(n -> head.append(String.format(Locale.ROOT, " %12s", n + " peers")));
        sizes.stream().skip(1).forEach(n -> head.append(String.format(Locale.ROOT, " %10s", n + "÷" + base)));
        sizes.stream().skip(1).forEach(n -> head.append(String.format(Locale.ROOT, " %10s", "/peer@" + n)));
        print("%s", head);
        for (String step : medians.get(base).keySet()) {
            boolean micros = step.endsWith("us");
            boolean threads = step.startsWith("thr/peer");
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-14s", micros ? step.substring(0, step.length() - 2) : step));
            for (int n : sizes) {
                double v = medians.get(n).getOrDefault(step, -1.0);
                row.append(threads ? String.format(Locale.ROOT, " %12.1f", v / 10) : String.format(Locale.ROOT, " %9.1f ms", micros ? v / 1000 : v));
            }
            for (int n : sizes.subList(1, sizes.size())) {
                double b = medians.get(base).getOrDefault(step, 0.0);
                double v = medians.get(n).getOrDefault(step, 0.0);
                row.append(b > 0 ? String.format(Locale.ROOT, " %10.2f", v / b) : String.format(Locale.ROOT, " %10s", "-"));
            }
            // Growth ÷ peers: the ratio to the smallest size over the ratio of peers; above 1, worse than linear (not for
            // the threads, already a peer's).
            for (int n : sizes.subList(1, sizes.size())) {
                double b = threads ? 0 : medians.get(base).getOrDefault(step, 0.0);
                double v = medians.get(n).getOrDefault(step, 0.0);
                row.append(b > 0 ? String.format(Locale.ROOT, " %10.3f", v / b / ((double) n / base)) : String.format(Locale.ROOT, " %10s", "-"));
            }
            print("%s", row);
        }
        goal(medians, 100, "START", 2_000, "START at 100 peers (SUT connections opened before it, in prepare)", "ms");
        goal(medians, 500, "START", 5_000, "START at 500 peers", "ms");
        goal(medians, 100, "skewus", 5_000, "start skew at 100 peers on one host", "µs");
        double setStart = medians.get(sizes.get(sizes.size() - 1)).getOrDefault("SET", 0.0)
                + medians.get(sizes.get(sizes.size() - 1)).getOrDefault("START", 0.0);
        print("starting a test on %d peers (SET + START): %.0f ms (goal: within 2 s); discover + probe + SET + START: %.0f ms",
                sizes.get(sizes.size() - 1), setStart, setStart + medians.get(sizes.get(sizes.size() - 1)).getOrDefault("discover", 0.0)
                        + medians.get(sizes.get(sizes.size() - 1)).getOrDefault("probe", 0.0));
    }

    /** "goal: START at 100 peers <= 2000 ms: 412 ms, met"; nothing when the size was not run. */
    private static void goal(Map<Integer, Map<String, Double>> medians, int peers, String step, double bound, String what, String unit) {
        Map<String, Double> m = medians.get(peers);
        if (m == null || !m.containsKey(step)) {
            return;
        }
        double v = m.get(step);
        print("goal: %s <= %.0f %s: median %.0f %s, %s", what, bound, unit, v, unit, v >= 0 && v <= bound ? "met" : "NOT met");
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length == 0 ? -1 : v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
