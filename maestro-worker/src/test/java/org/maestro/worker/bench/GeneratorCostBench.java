package org.maestro.worker.bench;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.JvmFigures;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.worker.WorkerMain;
import org.maestro.worker.driver.jms.AmqpClient;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * What the load generator costs beside a bare client, side by side in one run: CPU time per message (user + system of
 * the sender's and the receiver's processes, {@code /proc/PID/stat} through {@link ProcessHandle.Info#totalCpuDuration()})
 * and end-to-end throughput, for a Maestro sender and receiver (two {@code maestro-worker} JVMs) and for
 * {@link BareJmsLoop} (two JVMs, the same qpid-jms calls and nothing else), at the same settings: 1 KiB, flat out,
 * one connection each, 1000 in flight, one standalone Artemis. All four JVMs live through every round, so a round is
 * measured warm (after {@value #WARMUP_TESTS} unmeasured tests each, as a lab's long-lived workers are after their first
 * tests) and without JVM start-up; a round of each is a long run of
 * COUNT messages and a short one of {@value #SHORT} whose CPU is subtracted for the marginal cost of a message
 * (connections, files and the control plane's notes are paid once per test). Rounds alternate which goes first. The
 * bare loop runs each round a second time on connections opened for the run ({@link BareJmsLoop#FRESH}), as a Maestro
 * test opens its own: in flight recordings the Maestro JVMs kept compiling (qpid-jms, proton and netty methods among
 * the longest compilations, deoptimised on branches of connection set-up) at about five times the bare loop's rate,
 * and this side says how much of the difference a test's own connections make. The goals' baseline stays the bare
 * loop on kept connections.
 *
 * <p>Beside the figures: each JVM's CPU by thread over the measured rounds ({@code /proc/PID/task}), its collector's
 * pauses over them (its performance counters, as {@code jstat} reads them) and its heap at the end.
 *
 * <p>Arguments: {@code [COUNT [ROUNDS [JFR_DIR]]]}. With JFR_DIR each JVM runs JDK Flight Recorder ({@code settings=profile},
 * started by {@code jcmd} after the warm-up, so start-up is left out) over the measured rounds and writes
 * {@code JFR_DIR/maestro-sender.jfr} and so on: {@code bench/jfr-top.py FILE} shows where its CPU went.
 */
public final class GeneratorCostBench {
    static final int SHORT = 2_000;
    /** Unmeasured tests each side runs first (the first of COUNT messages, the others of a quarter): see main. */
    static final int WARMUP_TESTS = 3;
    private static final int SIZE = 1024;
    private static final int IN_FLIGHT = 1000;

    private GeneratorCostBench() {
    }

    /**
     * One run of one side: messages, wall-clock throughput and each process's CPU seconds; the broker's is not in the
     * goal's figure (it is the SUT's), but says whether one side's traffic costs it more.
     */
    record Run(long count, double msgPerSecond, double senderCpuSeconds, double receiverCpuSeconds, double brokerCpuSeconds) {
        double cpuSeconds() {
            return senderCpuSeconds + receiverCpuSeconds;
        }

        double cpuMicrosPerMessage() {
            return cpuSeconds() * 1e6 / count;
        }
    }

    /** A round of one side: its long run and its short one. */
    record Round(Run full, Run brief) {
        double cpuMicrosPerMessage() {
            return full.cpuMicrosPerMessage();
        }

        double marginalMicrosPerMessage() {
            return (full.cpuSeconds() - brief.cpuSeconds()) * 1e6 / (full.count() - brief.count());
        }

        double senderMicrosPerMessage() {
            return full.senderCpuSeconds() * 1e6 / full.count();
        }

        double receiverMicrosPerMessage() {
            return full.receiverCpuSeconds() * 1e6 / full.count();
        }

        double brokerMicrosPerMessage() {
            return full.brokerCpuSeconds() * 1e6 / full.count();
        }
    }

    /** A sender and a receiver process that run one flat-out test at a time. */
    interface Side extends AutoCloseable {
        Run run(String queue, long count) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        long count = args.length > 0 ? Long.parseLong(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path work = Files.createTempDirectory("maestro-generator-cost-");
        // ChildJvm's -Xmx256m for all four, and what -Dmaestro.bench.jvmOptions adds (e.g. JIT logging), split at spaces or commas.
        List<String> jvmOptions = Arrays.stream(System.getProperty("maestro.bench.jvmOptions", "").split("[ ,]"))
                .filter(o -> !o.isBlank()).toList();
        String jfr = args.length > 2 ? Files.createDirectories(Path.of(args[2])).toAbsolutePath().toString() : null;
        List<Round> maestro = new ArrayList<>();
        List<Round> bare = new ArrayList<>();
        List<Round> fresh = new ArrayList<>();
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             MosquittoBroker control = MosquittoBroker.launch()) {
            // On this shared 2-core host, at a load of 40, Artemis took more than the default 90 s to start.
            sut.start(Duration.ofMinutes(5));
            try (MaestroSide m = MaestroSide.start(sut, control, work, jvmOptions);
                 BareSide b = BareSide.start(sut, jvmOptions)) {
                // A whole run each first: with less, the JIT compilers were still a fifth of a round's CPU. Then more
                // tests, shorter: each test's connection set-up deoptimises the client library's hot path compiled in
                // the tests before it (proton's FrameParser.input, AmqpProvider.pumpToProtonTransport, JmsSession.send;
                // class_check and unstable_if traps at the open), and in a JIT log the recompilation took 11-13 s of
                // compiler CPU per worker JVM in the second test, 3-6 s in the third and 0.5 s in the fourth.
                Side f = b.connectionPerRun();
                for (int w = 0; w < WARMUP_TESTS; w++) {
                    long n = w == 0 ? count : Math.max(SHORT, count / 4);
                    Run mw = m.run("cost.warmup.maestro." + w, n);
                    Run bw = b.run("cost.warmup.bare." + w, n);
                    Run fw = f.run("cost.warmup.fresh." + w, n);
                    // Unmeasured, printed: what a worker's first tests cost (the first of each side includes its JIT's start).
                    System.out.printf(Locale.ROOT, "warm-up test %d (%d messages, not in the figures): maestro %.0f msg/s, %.1f µs CPU/msg;"
                                    + " bare %.0f msg/s, %.1f µs CPU/msg; bare, connection per run %.0f msg/s, %.1f µs CPU/msg%n",
                            w + 1, n, mw.msgPerSecond(), mw.cpuMicrosPerMessage(), bw.msgPerSecond(), bw.cpuMicrosPerMessage(),
                            fw.msgPerSecond(), fw.cpuMicrosPerMessage());
                }
                List<ChildJvm> all = List.of(m.sender, m.receiver, b.sender, b.receiver);
                String[] names = {"maestro sender", "maestro receiver", "bare sender", "bare receiver"};
                List<ThreadCpu> threads = all.stream().map(jvm -> ThreadCpu.watch(jvm.pid())).toList();
                List<JvmFigures.GcPauses> gcBefore = new ArrayList<>();
                for (ChildJvm jvm : all) {
                    gcBefore.add(JvmFigures.gcPauses(jvm.pid()));
                }
                if (jfr != null) {
                    for (ChildJvm jvm : all) {
                        JvmFigures.jcmd(jvm.pid(), "JFR.start", "name=cost", "settings=profile");
                    }
                }
                for (int r = 0; r < rounds; r++) {
                    List<Side> order = r % 2 == 0 ? List.of(m, b, f) : List.of(f, b, m);
                    for (Side side : order) {
                        String name = side == m ? "maestro" : side == b ? "bare" : "fresh";
                        Round round = new Round(side.run("cost." + name + "." + r, count),
                                side.run("cost." + name + "." + r + ".short", SHORT));
                        (side == m ? maestro : side == b ? bare : fresh).add(round);
                    }
                    System.out.printf(Locale.ROOT, "round %d: maestro %.0f msg/s, %.1f µs CPU/msg (marginal %.1f); "
                                    + "bare %.0f msg/s, %.1f µs CPU/msg (marginal %.1f); bare, connection per run %.0f msg/s, "
                                    + "%.1f µs CPU/msg%n", r + 1,
                            maestro.get(r).full().msgPerSecond(), maestro.get(r).cpuMicrosPerMessage(), maestro.get(r).marginalMicrosPerMessage(),
                            bare.get(r).full().msgPerSecond(), bare.get(r).cpuMicrosPerMessage(), bare.get(r).marginalMicrosPerMessage(),
                            fresh.get(r).full().msgPerSecond(), fresh.get(r).cpuMicrosPerMessage());
                }
                if (jfr != null) {
                    for (int i = 0; i < all.size(); i++) {
                        JvmFigures.jcmd(all.get(i).pid(), "JFR.stop", "name=cost", "filename=" + Path.of(jfr, names[i].replace(' ', '-') + ".jfr"));
                    }
                }
                // The bare JVMs ran two runs of each round: their threads' CPU and GC pauses are per message of both.
                long measured = rounds * (count + SHORT);
                long[] messagesOf = {measured, measured, 2 * measured, 2 * measured};
                printThreadsAndGc(all, names, threads, gcBefore, measured, messagesOf);
                m.halt();
                b.end();
            }
        }
        printFigures(count, rounds, maestro, bare, fresh, jfr);
    }

    /** Each JVM's CPU by thread and its GC pauses over the measured runs, per message it handled. */
    private static void printThreadsAndGc(List<ChildJvm> all, String[] names, List<ThreadCpu> threads,
            List<JvmFigures.GcPauses> gcBefore, long measured, long[] messagesOf) throws IOException, InterruptedException {
        System.out.printf(Locale.ROOT, "%nCPU by thread over the measured runs (%d messages a side), µs per message; "
                + "/proc/PID/task, digits in names folded to N%n", measured);
        for (int i = 0; i < all.size(); i++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-17s", names[i]));
            long of = messagesOf[i];
            threads.get(i).byName().entrySet().stream().limit(8).forEach(e -> line.append(String.format(Locale.ROOT,
                    "  %s %.1f", e.getKey(), e.getValue() * 1e6 / of)));
            threads.get(i).close();
            System.out.println(line);
        }
        System.out.printf(Locale.ROOT, "GC pauses over the measured runs (count, ms, ms per 1000 messages) and the heap at "
                + "the end (committed / in use, MB)%n");
        for (int i = 0; i < all.size(); i++) {
            JvmFigures.GcPauses gc = JvmFigures.gcPauses(all.get(i).pid()).since(gcBefore.get(i));
            JvmFigures.Heap heap = JvmFigures.heap(all.get(i).pid());
            System.out.printf(Locale.ROOT, "%-17s %5d %8.0f %8.2f   heap %s%n", names[i], gc.count(), gc.millis(),
                    gc.millis() * 1000 / messagesOf[i], heap == null ? "unreadable" : String.format(Locale.ROOT, "%.0f / %.0f",
                            heap.committedMb(), heap.usedMb()));
        }
    }

    /** The figures of all rounds: medians per side and their ratios, and whether the goals are met. */
    private static void printFigures(long count, int rounds, List<Round> maestro, List<Round> bare, List<Round> fresh,
            String jfr) {
        System.out.printf(Locale.ROOT, "%n%d messages of %d bytes (short run %d), flat out, 1 + 1 connections, %d in flight, AMQP to one "
                + "standalone Artemis; medians of %d rounds, ratios per round then their median%n", count, SIZE, SHORT, IN_FLIGHT, rounds);
        System.out.printf(Locale.ROOT, "%-34s %12s %12s %12s%n", "figure", "maestro", "bare loop", "ratio");
        line("throughput, msg/s", maestro, bare, r -> r.full().msgPerSecond(), "%12.0f");
        line("CPU per message, µs (whole test)", maestro, bare, Round::cpuMicrosPerMessage, "%12.1f");
        line("CPU per message, µs (marginal)", maestro, bare, Round::marginalMicrosPerMessage, "%12.1f");
        line("  sender process, µs/msg", maestro, bare, Round::senderMicrosPerMessage, "%12.1f");
        line("  receiver process, µs/msg", maestro, bare, Round::receiverMicrosPerMessage, "%12.1f");
        line("  broker (the SUT), µs/msg", maestro, bare, Round::brokerMicrosPerMessage, "%12.1f");
        System.out.printf(Locale.ROOT, "beside a bare loop that opens its connections for each run, as a Maestro test does:%n");
        line("throughput, msg/s", maestro, fresh, r -> r.full().msgPerSecond(), "%12.0f");
        line("CPU per message, µs (whole test)", maestro, fresh, Round::cpuMicrosPerMessage, "%12.1f");
        double cpu = ratio(maestro, bare, Round::cpuMicrosPerMessage);
        double rate = ratio(maestro, bare, r -> r.full().msgPerSecond());
        System.out.printf(Locale.ROOT, "goal CPU per message ratio <= 1.10: %.2f (%s); goal throughput ratio >= 0.95: %.2f (%s)%n",
                cpu, cpu <= 1.10 ? "met" : "NOT met", rate, rate >= 0.95 ? "met" : "NOT met");
        if (jfr != null) {
            System.out.println("flight recordings: " + jfr + " (bench/jfr-top.py FILE)");
        }
    }

    private static void line(String label, List<Round> maestro, List<Round> bare, ToDoubleFunction<Round> figure, String format) {
        System.out.printf(Locale.ROOT, "%-34s " + format + " " + format + " %12.2f%n", label, median(maestro, figure),
                median(bare, figure), ratio(maestro, bare, figure));
    }

    /** The median over rounds of maestro's figure over the bare loop's in the same round. */
    private static double ratio(List<Round> maestro, List<Round> bare, ToDoubleFunction<Round> figure) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < maestro.size(); i++) {
            ratios.add(figure.applyAsDouble(maestro.get(i)) / figure.applyAsDouble(bare.get(i)));
        }
        return ThroughputBench.median(ratios);
    }

    private static double median(List<Round> rounds, ToDoubleFunction<Round> figure) {
        return ThroughputBench.median(rounds.stream().map(figure::applyAsDouble).toList());
    }

    /** User + system CPU seconds the broker's processes have used so far. */
    static double brokerCpuSeconds(ArtemisBroker sut) {
        return sut.cpuTime().toNanos() / 1e9;
    }

    /** User + system CPU seconds the process has used so far (Linux: utime + stime of /proc/PID/stat). */
    static double cpuSeconds(ChildJvm jvm) {
        return jvm.process().toHandle().info().totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("no CPU time for process " + jvm.pid() + ": not on Linux?"))
                .toNanos() / 1e9;
    }

    /** Two maestro-worker JVMs, a sender and a receiver, driven over the control plane. */
    static final class MaestroSide implements Side {
        private final ArtemisBroker sut;
        private final Path data;
        private final ChildJvm sender;
        private final ChildJvm receiver;
        private final ControlClient client;
        private final PeerInfo senderInfo;
        private final PeerInfo receiverInfo;

        private MaestroSide(ArtemisBroker sut, Path data, ChildJvm sender, ChildJvm receiver, ControlClient client) throws Exception {
            this.sut = sut;
            this.data = data;
            this.sender = sender;
            this.receiver = receiver;
            this.client = client;
            List<PeerInfo> peers = client.ping(Address.all(), Duration.ofSeconds(3)).stream().map(PingResult::peer).toList();
            this.senderInfo = peers.stream().filter(p -> p.name().equals(ThroughputBench.SENDER)).findFirst().orElseThrow();
            this.receiverInfo = peers.stream().filter(p -> p.name().equals(ThroughputBench.RECEIVER)).findFirst().orElseThrow();
        }

        static MaestroSide start(ArtemisBroker sut, MosquittoBroker control, Path work, List<String> jvmOptions)
                throws Exception {
            Path data = Files.createDirectories(work.resolve("maestro"));
            ChildJvm sender = worker(control, data, jvmOptions, "sender", ThroughputBench.SENDER);
            ChildJvm receiver = worker(control, data, jvmOptions, "receiver", ThroughputBench.RECEIVER);
            sender.awaitLine("maestro-worker: ", 120);
            receiver.awaitLine("maestro-worker: ", 120);
            return new MaestroSide(sut, data, sender, receiver, new ControlClient(control.url()).connect(Duration.ofSeconds(10)));
        }

        private static ChildJvm worker(MosquittoBroker control, Path data, List<String> jvmOptions, String role,
                                       String name) throws IOException {
            return ChildJvm.start(jvmOptions, WorkerMain.class, "--role", role, "--broker",
                    control.url().toString(), "--name", name, "--data-dir", data.toString(), "--data-host", "127.0.0.1");
        }

        @Override
        public Run run(String queue, long count) throws Exception {
            return run(sut.amqpUrl(queue), queue, count, ThroughputBench.flatOut(count, SIZE, IN_FLIGHT));
        }

        /** One test of {@code count} messages to {@code url} (any protocol) at {@code load}'s settings. */
        Run run(String url, String testId, long count, Map<String, String> load) throws Exception {
            double s0 = cpuSeconds(sender);
            double r0 = cpuSeconds(receiver);
            double b0 = brokerCpuSeconds(sut);
            ThroughputBench.runTest(client, senderInfo, receiverInfo, url, load, testId);
            double s1 = cpuSeconds(sender);
            double r1 = cpuSeconds(receiver);
            return new Run(count, ThroughputBench.throughput(data.resolve(testId), count), s1 - s0, r1 - r0,
                    brokerCpuSeconds(sut) - b0);
        }

        /** HALT to both peers, so they end (and write their flight recordings). */
        void halt() throws Exception {
            client.request(Address.all(), new Payload.Halt(), List.of(senderInfo, receiverInfo), Duration.ofSeconds(20));
            sender.process().waitFor(30, TimeUnit.SECONDS);
            receiver.process().waitFor(30, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            client.close();
            sender.close();
            receiver.close();
        }
    }

    /** Two {@link BareJmsLoop} JVMs, told what to run on their standard input. */
    static final class BareSide implements Side {
        private final ArtemisBroker sut;
        private final ChildJvm sender;
        private final ChildJvm receiver;

        private BareSide(ArtemisBroker sut, ChildJvm sender, ChildJvm receiver) {
            this.sut = sut;
            this.sender = sender;
            this.receiver = receiver;
        }

        static BareSide start(ArtemisBroker sut, List<String> jvmOptions) throws IOException {
            return new BareSide(sut, loop(sut, jvmOptions, "send", "bare-sender"), loop(sut, jvmOptions, "receive", "bare-receiver"));
        }

        private static ChildJvm loop(ArtemisBroker sut, List<String> jvmOptions, String role, String name) throws IOException {
            // The worker's frame size (it sets it when the URL does not), so that both sides run at the same settings.
            return ChildJvm.start(jvmOptions, BareJmsLoop.class, role, sut.amqpUrl() + "?" + AmqpClient.MAX_FRAME_SIZE + "="
                    + AmqpClient.DEFAULT_MAX_FRAME_SIZE_BYTES, ArtemisBroker.USER,
                    ArtemisBroker.PASSWORD);
        }

        @Override
        public Run run(String queue, long count) throws Exception {
            return run(queue, count, false);
        }

        /** The same two JVMs, each run on connections opened for it (as a Maestro test opens its own). */
        Side connectionPerRun() {
            return new Side() {
                @Override
                public Run run(String queue, long count) throws Exception {
                    return BareSide.this.run(queue, count, true);
                }

                @Override
                public void close() {
                    // the JVMs are BareSide's
                }
            };
        }

        /** A run on the connections kept across runs, or ({@code fresh}) on connections opened for it. */
        Run run(String queue, long count, boolean fresh) throws Exception {
            double s0 = cpuSeconds(sender);
            double r0 = cpuSeconds(receiver);
            double b0 = brokerCpuSeconds(sut);
            String command = queue + " " + count + " " + SIZE + " " + IN_FLIGHT + (fresh ? " " + BareJmsLoop.FRESH : "") + "\n";
            tell(receiver, command);
            receiver.awaitLine(BareJmsLoop.READY, 60);
            tell(sender, command);
            long first = Long.parseLong(sender.awaitLine(BareJmsLoop.SENT + " ", 600).split("[ ,]")[2]);
            long last = Long.parseLong(receiver.awaitLine(BareJmsLoop.RECEIVED + " ", 600).split("[ ,]")[2]);
            double s1 = cpuSeconds(sender);
            double r1 = cpuSeconds(receiver);
            return new Run(count, count / ((last - first) / 1e6), s1 - s0, r1 - r0, brokerCpuSeconds(sut) - b0);
        }

        private static void tell(ChildJvm jvm, String line) throws IOException {
            OutputStream in = jvm.process().getOutputStream();
            in.write(line.getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        /** Closes their input, so they end (and write their flight recordings). */
        void end() throws Exception {
            for (ChildJvm jvm : List.of(sender, receiver)) {
                jvm.process().getOutputStream().close();
                jvm.process().waitFor(30, TimeUnit.SECONDS);
            }
        }

        @Override
        public void close() {
            sender.close();
            receiver.close();
        }
    }
}
