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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a sender of big messages keeps: a maestro-worker sender JVM with the JVM options of the first argument (default:
 * the launcher's, and the heap a lab's JVM gets by default here, a quarter of the RAM) sends COUNT messages of SIZE (default
 * 10 of 100MiB) flat out, max.in.flight at its default, to a real Artemis, to a receiver JVM; then its resident memory (VmRSS) at the end of the test
 * and each 10 s for 60 s after, idle, as a peer waits for its next test. Then HALT.
 * Usage: bench/big-message-memory.sh ["JVM OPTIONS" [COUNT [SIZE]]]
 */
public final class BigMessageMemoryBench {

    private BigMessageMemoryBench() {
    }

    public static void main(String[] args) throws Exception {
        // The launcher's options (bin/maestro) with the heap a lab JVM gets by default here: a quarter of 23 GB.
        List<String> jvm = List.of((args.length > 0 ? args[0] : "-Xmx5900m -XX:G1PeriodicGCInterval=30000").split(" +"));
        long count = args.length > 1 ? Long.parseLong(args[1]) : 10;
        String size = args.length > 2 ? args[2] : "100MiB";
        Path work = Files.createTempDirectory("maestro-big-message-");
        Path data = Files.createDirectories(work.resolve("data"));
        try (ArtemisBroker sut = ArtemisBroker.fromSystemProperties();
             MosquittoBroker control = MosquittoBroker.launch()) {
            sut.start();
            try (ChildJvm sender = ChildJvm.start(jvm, WorkerMain.class, "--role", "sender", "--broker",
                    control.url().toString(), "--name", ThroughputBench.SENDER, "--data-dir", data.toString(), "--data-host", "127.0.0.1");
                 ChildJvm receiver = ChildJvm.start(List.of("-Xmx2g"), WorkerMain.class, "--role", "receiver", "--broker",
                         control.url().toString(), "--name", ThroughputBench.RECEIVER, "--data-dir", data.toString(), "--data-host", "127.0.0.1");
                 ControlClient client = new ControlClient(control.url()).connect(Duration.ofSeconds(10))) {
                sender.awaitLine("maestro-worker: ", 120);
                receiver.awaitLine("maestro-worker: ", 120);
                List<PeerInfo> peers = client.ping(Address.all(), Duration.ofSeconds(3)).stream().map(PingResult::peer).toList();
                PeerInfo s = peers.stream().filter(p -> p.name().equals(ThroughputBench.SENDER)).findFirst().orElseThrow();
                PeerInfo r = peers.stream().filter(p -> p.name().equals(ThroughputBench.RECEIVER)).findFirst().orElseThrow();
                long pid = sender.jvm().pid();
                System.out.printf(Locale.ROOT, "sender %s, %d messages of %s: RSS before the test %d MB%n", jvm, count, size,
                        JvmFigures.status(pid, "VmRSS") / 1024);
                long t0 = System.nanoTime();
                // max.in.flight left at the worker's default, as `maestro run -P size=100MiB` leaves it.
                ThroughputBench.runTest(client, s, r, sut.amqpUrl("bench.big"), Map.of(TestOptions.RATE, "0",
                        TestOptions.DURATION, count + TestDuration.MESSAGES, TestOptions.MESSAGE_SIZE, size), "big");
                System.out.printf(Locale.ROOT, "test done in %.1f s%n", (System.nanoTime() - t0) / 1e9);
                List<String> after = new ArrayList<>();
                for (int second = 0; second <= 60; second += 10) {
                    after.add(second + " s: " + JvmFigures.status(pid, "VmRSS") / 1024 + " MB");
                    Thread.sleep(10_000);
                }
                System.out.println("sender RSS after the test, idle: " + String.join(", ", after));
                client.request(Address.all(), new Payload.Halt(), List.of(s, r), Duration.ofSeconds(20));
            }
        }
    }
}
