package org.maestro.client.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentMain;
import org.maestro.client.MaestroCommand;
import org.maestro.client.PeerProcesses;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.JvmHeap;
import org.maestro.common.testing.MalformedNotes;
import org.maestro.common.testing.TestLab;
import org.maestro.inspector.InspectorMain;
import org.maestro.worker.WorkerMain;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzing through a real Mosquitto: a seeded stream of malformed notes ({@link MalformedNotes}) goes to a worker
 * pair, an inspector and an agent (each a process of its own, addressed through every kind of topic) and to the
 * client's topics, while a fixed-rate test runs on the same peers. The test must pass with exact counts; then
 * every peer is up, answers PING, has answered PROTOCOL_ERROR to each note it could not decode (correlated with
 * the note whenever its header could be read), obeyed none, kept its heap bounded and wrote no raw control byte.
 *
 * <p>{@code -Dmaestro.fuzz.seed=N} repeats a run's notes; {@code -Dmaestro.fuzz.notes=N} sends more
 * ({@code bench/fuzz-notes.sh}).
 */
@Integration
class NoteFuzzTest {
    private static final String SEED_PROPERTY = "maestro.fuzz.seed";
    private static final String NOTES_PROPERTY = "maestro.fuzz.notes";
    private static final int DEFAULT_NOTES = 2_000;
    /** Growth of a peer's heap (used after a full GC) that would say it keeps something of every note. */
    private static final long HEAP_GROWTH_LIMIT_BYTES = 48L << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path runs;

    @TempDir
    Path data;

    /** Where a note goes: a topic and the peers (by name) that hear it. */
    private record Target(String topic, List<String> peers) {
    }

    @Test
    void malformedNotesLeaveEveryPeerUpAndARunBesideThemPassesWithExactCounts() throws Exception {
        long seed = MalformedNotes.seed(SEED_PROPERTY);
        int notes = Integer.getInteger(NOTES_PROPERTY, DEFAULT_NOTES);
        System.out.printf("NoteFuzzTest: seed %d, %d notes (-D%s=%d repeats them)%n", seed, notes, SEED_PROPERTY, seed);
        String control = lab.controlUrl().toString();
        Map<String, ChildJvm> processes = new LinkedHashMap<>();
        Map<String, PeerProcesses.Launched> launched = new LinkedHashMap<>(); // side by side, then each awaited
        launched.put("receiver-1", PeerProcesses.launch(lab, WorkerMain.class, control, data, "receiver-1", "--role", "receiver"));
        launched.put("sender-1", PeerProcesses.launch(lab, WorkerMain.class, control, data, "sender-1", "--role", "sender"));
        launched.put("inspector-1", PeerProcesses.launch(lab, InspectorMain.class, control, data, "inspector-1"));
        launched.put("agent-1", PeerProcesses.launch(lab, AgentMain.class, control, data, "agent-1",
                "--work-dir", data.resolve("agent-work").toString()));
        for (Map.Entry<String, PeerProcesses.Launched> peer : launched.entrySet()) {
            processes.put(peer.getKey(), PeerProcesses.awaitReady(peer.getValue(), launched.size()));
        }
        ControlClient probe = lab.closeAfterEach(new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10)));
        Map<String, PeerInfo> peers = new LinkedHashMap<>();
        for (PingResult p : probe.ping(Address.all(), Duration.ofSeconds(2))) {
            peers.put(p.peer().name(), p.peer());
        }
        assertEquals(processes.keySet(), peers.keySet(), "every peer answers PING before the fuzzing");
        Map<String, Long> heapBefore = heaps(processes);
        List<Target> targets = targets(peers);

        Answers answers = lab.closeAfterEach(new Answers(peers.values()));
        MqttTransport fuzzer = lab.closeAfterEach(new MqttTransport(lab.controlUrl(), "fuzzer", 10, null));
        fuzzer.connect(Duration.ofSeconds(10));

        // Its one criterion is loss: on a shared CI machine the fuzzing may slow the sender, and the counts are the point.
        Path script = data.resolve("beside-the-fuzzing.groovy");
        Files.writeString(script, "test {\n  name 'beside-the-fuzzing'\n  url param('url', null)\n  rate 250\n"
                + "  duration '6s'\n  warmup '0s'\n  expect 'loss == 0'\n}\n");
        CompletableFuture<MaestroCommand.Result> run = CompletableFuture.supplyAsync(() -> MaestroCommand.run("run",
                script.toString(), "--broker", control, "--runs", runs.toString(), "-P", "url=" + lab.sut().amqpUrl("fuzz.beside")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!MaestroCommand.hasProgress(runs) && !run.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }

        // Fuzz: each note to a target drawn from the same seed; what each peer must answer is tallied as it goes.
        MalformedNotes fuzz = new MalformedNotes(seed);
        SplittableRandom where = new SplittableRandom(seed ^ 0x5DEECE66DL);
        Map<MalformedNotes.Kind, long[]> outcomes = new EnumMap<>(MalformedNotes.Kind.class);
        Map<String, Set<String>> correlatedExpected = new LinkedHashMap<>();
        Map<String, Long> uncorrelatedExpected = new LinkedHashMap<>();
        peers.keySet().forEach(n -> {
            correlatedExpected.put(n, new HashSet<>());
            uncorrelatedExpected.put(n, 0L);
        });
        long bytes = 0;
        long started = System.nanoTime();
        for (int i = 0; i < notes; i++) {
            MalformedNotes.Sample s = fuzz.next();
            Target t = targets.get(where.nextInt(targets.size()));
            publish(fuzzer, t.topic(), s.bytes());
            bytes += s.bytes().length;
            answers.expect(s);
            long[] o = outcomes.computeIfAbsent(s.kind(), k -> new long[Outcome.values().length]);
            o[Outcome.SENT.ordinal()]++;
            if (t.peers().isEmpty()) {
                o[Outcome.TO_CLIENT_TOPICS.ordinal()]++;
            } else if (!s.expectsProtocolError()) {
                o[Outcome.IGNORED_BY_PEERS.ordinal()] += t.peers().size();
            } else if (s.correlationId().isEmpty()) {
                o[Outcome.PROTOCOL_ERROR_UNCORRELATED.ordinal()] += t.peers().size();
                t.peers().forEach(n -> uncorrelatedExpected.merge(n, 1L, Long::sum));
            } else {
                o[Outcome.PROTOCOL_ERROR_CORRELATED.ordinal()] += t.peers().size();
                t.peers().forEach(n -> correlatedExpected.get(n).add(s.correlationId()));
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("NoteFuzzTest: sent %d notes (%.1f MB) in %.1f s: %.0f notes/s%n", notes, bytes / 1e6, seconds,
                notes / seconds);

        // The run beside the fuzzing passed, with exact counts.
        MaestroCommand.Result r = run.get(180, TimeUnit.SECONDS);
        assertEquals(0, r.exitCode(), r.output());
        JsonNode totals = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile()).get("totals");
        assertEquals(1500, totals.get("sent").asLong(), "250 msg/s for 6 s: " + totals);
        assertEquals(1500, totals.get("received").asLong(), totals.toString());
        assertEquals(0, totals.get("lost").asLong(), totals.toString());
        assertFalse(r.output().contains("\u001b"), "no raw ESC on the client's console");

        // Every peer answered what it had to, correlated where it could be, and obeyed nothing.
        answers.awaitAtLeast(correlatedExpected, uncorrelatedExpected, peers, 60);
        printOutcomes(seed, notes, seconds, outcomes);
        for (String name : peers.keySet()) {
            String id = peers.get(name).id();
            assertEquals(correlatedExpected.get(name), answers.correlated(id), name + ": a PROTOCOL_ERROR to each readable note");
            assertEquals(uncorrelatedExpected.get(name), answers.uncorrelated(id), name + ": a PROTOCOL_ERROR to each unreadable note");
        }
        assertEquals(List.of(), answers.obeyed(), "answers other than PROTOCOL_ERROR to fuzzed notes");

        assertEveryPeerIsUpAndClean(probe, peers, processes, heapBefore);
    }

    /** Every peer is up, answers PING, kept its heap, and logged no raw control byte. */
    private static void assertEveryPeerIsUpAndClean(ControlClient probe, Map<String, PeerInfo> peers,
            Map<String, ChildJvm> processes, Map<String, Long> heapBefore) throws Exception {
        List<PingResult> after = probe.ping(Address.all(), Duration.ofSeconds(3));
        assertEquals(peers.keySet(), new HashSet<>(after.stream().map(p -> p.peer().name()).toList()), "every peer answers PING after");
        Map<String, Long> heapAfter = heaps(processes);
        for (String name : processes.keySet()) {
            long growth = heapAfter.get(name) - heapBefore.get(name);
            System.out.printf("NoteFuzzTest: %-12s heap after GC %6.1f MB before, %6.1f MB after%n", name,
                    heapBefore.get(name) / 1e6, heapAfter.get(name) / 1e6);
            assertTrue(growth < HEAP_GROWTH_LIMIT_BYTES, name + " grew its heap by " + growth / 1e6 + " MB");
            assertTrue(processes.get(name).process().isAlive(), name + " is alive");
        }
        for (Map.Entry<String, ChildJvm> p : processes.entrySet()) {
            p.getValue().close();
            String log = Files.readString(p.getValue().log(), StandardCharsets.ISO_8859_1);
            assertFalse(log.contains("\u001b") || log.contains("\r"), p.getKey() + "'s log holds a raw control byte from the wire");
            assertTrue(log.contains("undecodable note"), p.getKey() + " logged the notes it refused");
        }
    }

    /** Every kind of topic a note can reach peers by, and the client's two. */
    private static List<Target> targets(Map<String, PeerInfo> peers) {
        List<Target> t = new ArrayList<>();
        t.add(new Target(Topics.ALL_PEERS, List.copyOf(peers.keySet())));
        for (PeerInfo p : peers.values()) {
            t.add(new Target(Topics.role(p.role()), List.of(p.name())));
            t.add(new Target(Topics.peer(p.id()), List.of(p.name())));
        }
        t.add(new Target(Topics.CLIENT_REPLIES, List.of()));
        t.add(new Target(Topics.CLIENT_NOTIFICATIONS, List.of()));
        return t;
    }

    /** QoS 1; when Paho has too many notes in flight it refuses a publish, which is tried again a moment later. */
    private static void publish(MqttTransport fuzzer, String topic, byte[] bytes) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                fuzzer.publish(topic, bytes, Qos.AT_LEAST_ONCE);
                return;
            } catch (TransportException e) {
                if (attempt > 10_000) {
                    throw new AssertionError("the fuzzer cannot publish: " + e.getMessage(), e);
                }
                Thread.sleep(1);
            }
        }
    }

    private static Map<String, Long> heaps(Map<String, ChildJvm> processes) throws Exception {
        Map<String, Long> used = new LinkedHashMap<>();
        for (Map.Entry<String, ChildJvm> p : processes.entrySet()) {
            used.put(p.getKey(), JvmHeap.usedAfterGcBytes(p.getValue().pid()));
        }
        return used;
    }

    /** What became of the notes of one kind. */
    private enum Outcome {
        SENT, TO_CLIENT_TOPICS, IGNORED_BY_PEERS, PROTOCOL_ERROR_CORRELATED, PROTOCOL_ERROR_UNCORRELATED
    }

    private static void printOutcomes(long seed, int notes, double seconds, Map<MalformedNotes.Kind, long[]> outcomes) {
        StringBuilder table = new StringBuilder(String.format("NoteFuzzTest outcomes (seed %d, %d notes, %.0f notes/s;"
                + " the last three columns count peers' receptions: a note to all peers counts 4):%n", seed, notes, notes / seconds));
        table.append(String.format("  %-18s %7s %10s %10s %14s %16s%n", "kind", "notes", "to client", "ignored",
                "PROTOCOL_ERROR", "(uncorrelated)"));
        long[] sum = new long[Outcome.values().length];
        for (Map.Entry<MalformedNotes.Kind, long[]> e : outcomes.entrySet()) {
            long[] o = e.getValue();
            table.append(String.format("  %-18s %7d %10d %10d %14d %16d%n", e.getKey(), o[0], o[1], o[2], o[3], o[4]));
            for (int i = 0; i < sum.length; i++) {
                sum[i] += o[i];
            }
        }
        table.append(String.format("  %-18s %7d %10d %10d %14d %16d%n", "total", sum[0], sum[1], sum[2], sum[3], sum[4]));
        System.out.print(table);
    }

    /** The peers' answers on the client's replies topic, heard by a client of our own. */
    private static final class Answers implements AutoCloseable {
        private final MqttTransport listener;
        private final Map<String, String> peerIds = new LinkedHashMap<>();
        private final Map<String, Set<String>> correlated = new ConcurrentHashMap<>();
        private final Map<String, AtomicLong> uncorrelated = new ConcurrentHashMap<>();
        private final Set<String> fuzzedCorrelations = ConcurrentHashMap.newKeySet();
        private final List<String> obeyed = java.util.Collections.synchronizedList(new ArrayList<>());

        Answers(java.util.Collection<PeerInfo> peers) throws TransportException {
            peers.forEach(p -> {
                peerIds.put(p.id(), p.name());
                correlated.put(p.id(), ConcurrentHashMap.newKeySet());
                uncorrelated.put(p.id(), new AtomicLong());
            });
            listener = new MqttTransport(lab.controlUrl(), "fuzz-answers", 10, null);
            listener.connect(Duration.ofSeconds(10));
            listener.subscribe(Topics.CLIENT_REPLIES, Qos.AT_LEAST_ONCE, (topic, bytes) -> hear(bytes));
        }

        /** A note is about to be sent: an answer with its correlation id is an answer to it. */
        void expect(MalformedNotes.Sample s) {
            if (!s.correlationId().isEmpty()) {
                fuzzedCorrelations.add(s.correlationId());
            }
        }

        private void hear(byte[] bytes) {
            Note n;
            try {
                n = NoteCodec.decode(bytes);
            } catch (NoteCodecException e) {
                return;   // the fuzzer's own garbage on this topic
            }
            if (!peerIds.containsKey(n.senderId())) {
                return;   // a forged reply
            }
            if (n.payload() instanceof Payload.ProtocolError) {
                if (n.correlationId().isEmpty()) {
                    uncorrelated.get(n.senderId()).incrementAndGet();
                } else {
                    correlated.get(n.senderId()).add(n.correlationId());
                }
            } else if (fuzzedCorrelations.contains(n.correlationId())) {
                obeyed.add(peerIds.get(n.senderId()) + " answered " + n.payload());
            }
        }

        Set<String> correlated(String peerId) {
            return new HashSet<>(correlated.get(peerId));
        }

        long uncorrelated(String peerId) {
            return uncorrelated.get(peerId).get();
        }

        List<String> obeyed() {
            return List.copyOf(obeyed);
        }

        /** Waits until every peer has given at least the answers expected of it, or {@code seconds} pass. */
        void awaitAtLeast(Map<String, Set<String>> correlatedExpected, Map<String, Long> uncorrelatedExpected,
                          Map<String, PeerInfo> peers, int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < deadline) {
                boolean all = peers.entrySet().stream().allMatch(e ->
                        correlated.get(e.getValue().id()).size() >= correlatedExpected.get(e.getKey()).size()
                                && uncorrelated.get(e.getValue().id()).get() >= uncorrelatedExpected.get(e.getKey()));
                if (all) {
                    Thread.sleep(500);   // and nothing more after them
                    return;
                }
                Thread.sleep(100);
            }
        }

        @Override
        public void close() {
            listener.close();
        }
    }
}
