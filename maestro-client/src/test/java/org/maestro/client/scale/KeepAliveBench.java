package org.maestro.client.scale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.control.ControlClient;
import org.maestro.common.note.Command;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/keep-alive.sh: the peers' MQTT keep-alive, detection time against false alarms. For each keep-alive: a worker
 * JVM of {@code maestro.bench.peers} peers ({@code --count}, the default 50) idles on one Mosquitto while the host is
 * kept busy ({@code maestro.bench.spinners} spinning threads in this JVM, beside whatever else the shared host runs),
 * for {@code maestro.bench.seconds}: every last will that arrives meanwhile is a false alarm (a live peer taken for
 * dead). Then the JVM is frozen (SIGSTOP, its sockets open: only the keep-alive can tell) and the time to its first
 * last will is the detection time. A killed peer (SIGKILL, its socket closed) is told at once whatever the keep-alive.
 *
 * <p>Not a test (minutes long): surefire runs it only when named, {@code -Dtest=KeepAliveBench}. System properties:
 * {@code maestro.bench.keepAlives} (2,5), {@code maestro.bench.peers} (50), {@code maestro.bench.seconds} (60),
 * {@code maestro.bench.spinners} (4).
 */
class KeepAliveBench {
    private static final String OUT = "keep-alive: ";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @TempDir
    Path work;

    @Test
    void detectionAgainstFalseAlarms() throws Exception {
        List<Integer> keepAlives = Arrays.stream(System.getProperty("maestro.bench.keepAlives", "2,5").split(","))
                .map(String::trim).map(Integer::parseInt).toList();
        int peers = Integer.getInteger("maestro.bench.peers", 50);
        int seconds = Integer.getInteger("maestro.bench.seconds", 60);
        int spinners = Integer.getInteger("maestro.bench.spinners", 4);
        List<String> rows = new ArrayList<>();
        for (int keepAlive : keepAlives) {
            rows.add(measure(keepAlive, peers, seconds, spinners));
        }
        print("%-16s %14s %22s %16s", "keep-alive", "false alarms", "detection after STOP", "load average");
        rows.forEach(r -> print("%s", r));
    }

    private String measure(int keepAlive, int peers, int seconds, int spinners) throws Exception {
        AtomicInteger wills = new AtomicInteger();
        AtomicLong firstWillNanos = new AtomicLong();
        try (ControlClient watcher = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10));
             ChildJvm jvm = ChildJvm.start(List.of("-Xmx1g"), WorkerMain.class, "--role", "receiver", "--count",
                     Integer.toString(peers), "--name", "ka" + keepAlive, "--keep-alive", Integer.toString(keepAlive),
                     "--broker", lab.controlUrl().toString(), "--data-dir", work.resolve("ka" + keepAlive).toString(),
                     "--data-host", "127.0.0.1")) {
            for (int i = 0; i < peers; i++) {
                jvm.awaitLine("maestro-worker: ", 300);
            }
            watcher.addListener(n -> {
                if (n.command() == Command.ABNORMAL_DISCONNECT) {
                    wills.incrementAndGet();
                    firstWillNanos.compareAndSet(0, System.nanoTime());
                }
            });
            List<Thread> spin = new ArrayList<>();
            for (int i = 0; i < spinners; i++) {
                Thread t = new Thread(() -> {
                    long x = 0;
                    while (!Thread.currentThread().isInterrupted()) {
                        x += System.nanoTime() % 7;
                    }
                    if (x == 42) {
                        print("never");
                    }
                });
                t.setDaemon(true);
                t.start();
                spin.add(t);
            }
            String load;
            try {
                Thread.sleep(seconds * 1000L);
                load = Files.readString(Path.of("/proc/loadavg")).trim().split(" ")[0];
            } finally {
                spin.forEach(Thread::interrupt);
            }
            int falseAlarms = wills.get();
            firstWillNanos.set(0);
            long frozenAt = System.nanoTime();
            jvm.freeze();
            long deadline = frozenAt + Duration.ofSeconds(10L * keepAlive + 30).toNanos();
            while (firstWillNanos.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long detected = firstWillNanos.get();
            jvm.thaw();
            String detection = detected == 0 ? "none" : String.format(Locale.ROOT, "%.1f s", (detected - frozenAt) / 1e9);
            String row = String.format(Locale.ROOT, "%-16s %14s %22s %16s", keepAlive + " s", falseAlarms + " of " + peers
                    + " in " + seconds + " s", detection, load);
            print("%s", row);
            return row;
        }
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
