package org.maestro.worker.bench;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.JvmFigures;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.worker.WorkerMain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a peer costs in a {@code maestro worker --count N} process: for each N, one worker JVM ({@code -Xmx768m})
 * with N receivers connected to a real Mosquitto, idle; its threads ({@code /proc/PID/status}), its heap in use
 * after a full GC ({@code jcmd PID GC.run}, then {@code GC.heap_info}) and its resident memory, once every peer
 * answers a PING. Then HALT to all, and the process must end 0.
 */
public final class PeersPerJvmBench {

    private PeersPerJvmBench() {
    }

    public static void main(String[] args) throws Exception {
        List<Integer> counts = args.length == 0 ? List.of(1, 50) : List.of(args).stream().map(Integer::parseInt).toList();
        Path work = Files.createTempDirectory("maestro-peers-per-jvm-");
        System.out.printf(Locale.ROOT, "%6s %10s %9s %14s %10s %12s%n", "peers", "answered", "threads", "heap used MB",
                "RSS MB", "ready in s");
        try (MosquittoBroker control = MosquittoBroker.launch();
             ControlClient client = new ControlClient(control.url()).connect(Duration.ofSeconds(10))) {
            for (int n : counts) {
                long started = System.nanoTime();
                try (ChildJvm worker = ChildJvm.start(List.of("-Xmx768m"), WorkerMain.class, "--role", "receiver",
                        "--broker", control.url().toString(), "--name", "bench-" + n, "--count", Integer.toString(n),
                        "--data-dir", work.resolve("n" + n).toString(), "--data-host", "127.0.0.1")) {
                    for (int i = 0; i < n; i++) {
                        worker.awaitLine("maestro-worker: ", 300);
                    }
                    double ready = (System.nanoTime() - started) / 1e9;
                    List<PeerInfo> peers = client.ping(Address.all(), Duration.ofSeconds(3)).stream().map(PingResult::peer).toList();
                    long pid = worker.jvm().pid();
                    double heapMb = JvmFigures.heapAfterGcMb(pid);
                    System.out.printf(Locale.ROOT, "%6d %10d %9d %14.1f %10.0f %12.1f%n", n, peers.size(), JvmFigures.status(pid, "Threads"),
                            heapMb, JvmFigures.status(pid, "VmRSS") / 1024.0, ready);
                    if (!client.request(Address.all(), new Payload.Halt(), peers, Duration.ofSeconds(30)).allOk()) {
                        throw new IllegalStateException("not every peer of " + n + " took HALT");
                    }
                    if (!worker.process().waitFor(60, TimeUnit.SECONDS) || worker.process().exitValue() != 0) {
                        throw new IllegalStateException("the worker of " + n + " peers did not end 0 after HALT; see " + worker.log());
                    }
                }
            }
        }
    }
}
