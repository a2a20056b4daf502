package org.maestro.worker.bench;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.units.TestDuration;
import org.maestro.common.note.TestOptions;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.JvmFigures;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.worker.WorkerMain;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What workers of big messages keep: a maestro-worker sender JVM and a receiver JVM, both with the JVM options of the
 * first argument (default: the launcher's, and the heap a lab's JVM gets by default here, a quarter of the RAM); the
 * sender sends COUNT messages of SIZE (default 10 of 100MiB) flat out, max.in.flight at its default, through a real
 * Artemis to the receiver. Then each role's resident memory (VmRSS): its peak during the test (VmHWM), at the end of the
 * test and each 10 s for 60 s after, idle, as a peer waits for its next test. Then HALT.
 * URL_OPTIONS, if given, go on the SUT URL: e.g. {@code jms.prefetchPolicy.all=1000}, a receiver that fetches as far
 * ahead as qpid-jms does by default, to compare with the worker's bound.
 * Usage: bench/big-message-memory.sh ["JVM OPTIONS" [COUNT [SIZE [URL_OPTIONS]]]]
 */
public final class BigMessageMemoryBench {

    private BigMessageMemoryBench() {
    }

    public static void main(String[] args) throws Exception {
        // The launcher's options (bin/maestro) with the heap a lab JVM gets by default here: a quarter of 23 GB.
        List<String> jvm = List.of((args.length > 0 ? args[0] : "-Xmx5900m -XX:G1PeriodicGCInterval=30000").split(" +"));
        long count = args.length > 1 ? Long.parseLong(args[1]) : 10;
        String size = args.length > 2 ? args[2] : "100MiB";
        String destination = "bench.big" + (args.length > 3 ? "?" + args[3] : "");
        Path work = Files.createTempDirectory("maestro-big-message-");
        Path data = Files.createDirectories(work.resolve("data"));
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            try (ChildJvm sender = ChildJvm.start(jvm, WorkerMain.class, "--role", "sender", "--broker",
                    control.url().toString(), "--name", ThroughputBench.SENDER, "--data-dir", data.toString(), "--data-host", "127.0.0.1");
                 ChildJvm receiver = ChildJvm.start(jvm, WorkerMain.class, "--role", "receiver", "--broker",
                         control.url().toString(), "--name", ThroughputBench.RECEIVER, "--data-dir", data.toString(), "--data-host", "127.0.0.1");
                 ControlClient client = new ControlClient(control.url()).connect(Duration.ofSeconds(10))) {
                sender.awaitLine("maestro-worker: ", 120);
                receiver.awaitLine("maestro-worker: ", 120);
                List<PeerInfo> peers = client.ping(Address.all(), Duration.ofSeconds(3)).stream().map(PingResult::peer).toList();
                PeerInfo s = peers.stream().filter(p -> p.name().equals(ThroughputBench.SENDER)).findFirst().orElseThrow();
                PeerInfo r = peers.stream().filter(p -> p.name().equals(ThroughputBench.RECEIVER)).findFirst().orElseThrow();
                Map<String, Long> pids = new LinkedHashMap<>();
                pids.put("sender", sender.jvm().pid());
                pids.put("receiver", receiver.jvm().pid());
                System.out.printf(Locale.ROOT, "%s, %d messages of %s to %s: RSS before the test %s%n", jvm, count, size, destination,
                        rss(pids, "VmRSS"));
                long t0 = System.nanoTime();
                // max.in.flight left at the worker's default, as `maestro run -P size=100MiB` leaves it.
                ThroughputBench.runTest(client, s, r, sut.amqpUrl(destination), Map.of(TestOptions.RATE, "0",
                        TestOptions.DURATION, count + TestDuration.MESSAGES, TestOptions.MESSAGE_SIZE, size), "big");
                System.out.printf(Locale.ROOT, "test done in %.1f s; peak RSS during it %s%n", (System.nanoTime() - t0) / 1e9,
                        rss(pids, "VmHWM"));
                for (int second = 0; second <= 60; second += 10) {
                    System.out.printf(Locale.ROOT, "RSS %2d s after the test, idle: %s%n", second, rss(pids, "VmRSS"));
                    if (second < 60) {
                        Thread.sleep(10_000);
                    }
                }
                client.request(Address.all(), new Payload.Halt(), List.of(s, r), Duration.ofSeconds(20));
            }
        }
    }

    /** Each role's {@code field} of /proc/PID/status in MB: "sender 123 MB, receiver 456 MB". */
    private static String rss(Map<String, Long> pids, String field) throws IOException {
        List<String> figures = new ArrayList<>();
        for (Map.Entry<String, Long> role : pids.entrySet()) {
            figures.add(role.getKey() + " " + JvmFigures.status(role.getValue(), field) / 1024 + " MB");
        }
        return String.join(", ", figures);
    }
}
