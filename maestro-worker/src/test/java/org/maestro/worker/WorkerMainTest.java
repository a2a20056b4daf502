package org.maestro.worker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.data.DataClient;
import org.maestro.common.dataserver.DataToken;
import org.maestro.client.data.DataTransferException;
import org.maestro.common.dataserver.ManifestEntry;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.JvmFigures;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The maestro-worker command as a user runs it: a process of its own. */
@Integration
class WorkerMainTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void aWorkerProcessJoinsTheClusterAndHaltsOnRequest(@TempDir Path data) throws Exception {
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "receiver", "--broker", lab.controlUrl().toString(),
                     "--name", "r-proc", "--group", "east", "--data-dir", data.toString());
             ControlClient client = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            String ready = worker.awaitLine("maestro-worker: ", 30);
            assertTrue(ready.contains("receiver 'r-proc'") && ready.contains("in group east"), ready);
            List<PingResult> pings = client.ping(Address.group("east"), Duration.ofSeconds(2));
            assertEquals(1, pings.size());
            assertEquals(Role.RECEIVER, pings.get(0).peer().role());
            assertTrue(client.request(Address.peer(pings.get(0).peer().id()), new Payload.Halt(),
                    List.of(pings.get(0).peer()), Duration.ofSeconds(10)).allOk());
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS), "the process exits after HALT");
            assertEquals(0, worker.process().exitValue());
        }
    }

    /**
     * A worker keeps a heap of 5 to 20 times its live data through a collection ({@link HeapHeadroom}): with the JVM's
     * ratios the heap shrinks to about 3.3 times, as a ratio set on the command line still has it.
     */
    @Test
    void aWorkerKeepsHeadroomInItsHeapUnlessTheCommandLineSaysOtherwise(@TempDir Path data) throws Exception {
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker", lab.controlUrl().toString(),
                     "--name", "roomy", "--data-dir", data.resolve("roomy").toString());
             ChildJvm told = ChildJvm.start(List.of("-XX:" + HeapHeadroom.MAX_FREE + "=70"), WorkerMain.class, "--role",
                     "receiver", "--broker", lab.controlUrl().toString(), "--name", "told", "--data-dir", data.resolve("told").toString())) {
            worker.awaitLine("maestro-worker: ", 30);
            told.awaitLine("maestro-worker: ", 30);
            String flags = JvmFigures.jcmd(worker.pid(), "VM.flags");
            assertTrue(flags.contains("-XX:" + HeapHeadroom.MIN_FREE + "=" + HeapHeadroom.MIN_FREE_PERCENT)
                    && flags.contains("-XX:" + HeapHeadroom.MAX_FREE + "=" + HeapHeadroom.MAX_FREE_PERCENT), flags);
            JvmFigures.Heap heap = JvmFigures.heapAfterGc(worker.pid());
            assertTrue(heap.committedMb() >= 4.5 * heap.usedMb(), "after a full GC: " + heap);

            String toldFlags = JvmFigures.jcmd(told.pid(), "VM.flags");
            assertTrue(toldFlags.contains("-XX:" + HeapHeadroom.MAX_FREE + "=70")
                    && !toldFlags.contains(HeapHeadroom.MIN_FREE), toldFlags);
            JvmFigures.Heap toldHeap = JvmFigures.heapAfterGc(told.pid());
            assertTrue(toldHeap.committedMb() <= 4 * toldHeap.usedMb(), "after a full GC, as the JVM sizes it: " + toldHeap);
        }
    }

    @Test
    void countRunsThatManyPeersInOneProcessEachItsOwnAndEndsAfterTheLastHalt(@TempDir Path data) throws Exception {
        int count = 5;
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker", lab.controlUrl().toString(),
                     "--name", "many", "--group", "five", "--count", Integer.toString(count), "--data-dir", data.toString(),
                     "--data-host", "127.0.0.1");
             ControlClient client = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            for (int i = 1; i <= count; i++) {
                assertTrue(worker.awaitLine("maestro-worker: ", 60).contains(" is ready on "));
            }
            List<PeerInfo> peers = client.ping(Address.group("five"), Duration.ofSeconds(2)).stream()
                    .map(PingResult::peer).toList();
            assertEquals(IntStream.rangeClosed(1, count).mapToObj(i -> "many-" + i).collect(Collectors.toSet()),
                    peers.stream().map(PeerInfo::name).collect(Collectors.toSet()), peers.toString());
            assertEquals(count, peers.stream().map(PeerInfo::id).distinct().count(), "an id each: " + peers);

            // Each serves its own directory, DATA_DIR/NAME-i, with a token of its own, and nobody else's.
            DataClient files = new DataClient(DataClient.DEFAULT_CONNECT_TIMEOUT, DataClient.DEFAULT_REQUEST_TIMEOUT);
            List<URI> urls = peers.stream().map(p -> URI.create(get(client, p, GetKeys.DATA_URL))).toList();
            List<DataToken> tokens = peers.stream().map(p -> DataToken.of(get(client, p, GetKeys.DATA_TOKEN))).toList();
            assertEquals(count, urls.stream().distinct().count(), urls.toString());
            for (PeerInfo p : peers) {
                Files.writeString(data.resolve(p.name()).resolve(p.name() + ".txt"), p.id());
            }
            for (int i = 0; i < count; i++) {
                List<String> listed = files.manifest(urls.get(i), tokens.get(i), "").files().stream()
                        .map(ManifestEntry::path).toList();
                assertEquals(List.of(peers.get(i).name() + ".txt"), listed, peers.get(i).name());
                URI url = urls.get(i);
                DataToken other = tokens.get((i + 1) % count);
                assertThrows(DataTransferException.class, () -> files.manifest(url, other, ""),
                        "another peer's token");
            }

            // HALT one by one: the process lives on while one peer is left, and ends 0 after the last.
            for (int i = 0; i < count; i++) {
                PeerInfo p = peers.get(i);
                assertTrue(client.request(Address.peer(p.id()), new Payload.Halt(), List.of(p), Duration.ofSeconds(10)).allOk());
                if (i < count - 1) {
                    PeerInfo last = peers.get(count - 1);
                    assertEquals(last.id(), client.ping(last, Duration.ofSeconds(10)).peer().id(), "the last still answers");
                    assertTrue(worker.process().isAlive(), "alive after " + (i + 1) + " of " + count + " halted");
                }
            }
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS), "the process exits after the last HALT");
            assertEquals(0, worker.process().exitValue());
        }
    }

    private static String get(ControlClient client, PeerInfo peer, String key) {
        try {
            Payload answer = client.request(Address.peer(peer.id()), new Payload.Get(key), List.of(peer),
                    Duration.ofSeconds(10)).of(peer).payload();
            assertTrue(answer instanceof Payload.GetReply, peer.name() + " " + key + ": " + answer.command());
            return ((Payload.GetReply) answer).value();
        } catch (Exception e) {
            throw new AssertionError(peer.name() + " " + key + ": " + e, e);
        }
    }

    @Test
    void anUnreachableBrokerIsSaidPlainlyWithExitCode2() throws Exception {
        int closed = LoopbackPorts.free();
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker",
                "mqtt://127.0.0.1:" + closed, "--name", "s1")) {
            String line = worker.awaitLine("maestro-worker: cannot connect", 30);
            assertTrue(line.contains("mqtt://127.0.0.1:" + closed) && line.contains("connection refused"), line);
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(2, worker.process().exitValue());
        }
    }

    @Test
    void withACountAnUnreachableBrokerIsSaidOnceWithExitCode2() throws Exception {
        int closed = LoopbackPorts.free();
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker",
                "mqtt://127.0.0.1:" + closed, "--name", "s", "--count", "3", "--data-host", "127.0.0.1")) {
            worker.awaitLine("maestro-worker: cannot connect", 30);
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(2, worker.process().exitValue());
            List<String> said = Files.readAllLines(worker.log()).stream().filter(l -> l.startsWith("maestro-worker: ")).toList();
            assertEquals(1, said.size(), said.toString());
        }
    }

    @Test
    void aBadRoleIsAUsageError() throws Exception {
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "inspector", "--broker", "mqtt://127.0.0.1:1",
                "--name", "x")) {
            String line = worker.awaitLine("maestro-worker: --role must be sender or receiver", 30);
            assertTrue(line.contains("inspector"), line);
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(2, worker.process().exitValue());
        }
    }
}
