package org.maestro.worker;

import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sender and a receiver peer with a client, over a real MQTT broker: what the tests drive. */
final class WorkerCluster implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    final Peer sender;
    final Peer receiver;
    final ControlClient client;
    final Path dataDir;
    /** Notes by the peer that sent them: waiting for one peer's end must not swallow another's. */
    private final java.util.Map<String, LinkedBlockingQueue<Note>> notes = new java.util.concurrent.ConcurrentHashMap<>();
    final List<Note> progress = new java.util.concurrent.CopyOnWriteArrayList<>();

    final DataServer dataServer;

    WorkerCluster(BrokerUrl broker, Path dataDir) throws Exception {
        this.dataDir = dataDir;
        dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
        String url = dataServer.url().toString();
        sender = new Peer(Peer.identity("sender-1", Role.SENDER, ""), PeerConfig.of(broker), new WorkerHandler(dataDir, url)).start();
        receiver = new Peer(Peer.identity("receiver-1", Role.RECEIVER, ""), PeerConfig.of(broker), new WorkerHandler(dataDir, url)).start();
        client = new ControlClient(broker).connect(TIMEOUT);
        client.addListener(n -> {
            if (n.command() == Command.NOTIFY_PROGRESS) {
                progress.add(n);
            } else {
                notesOf(n.senderId()).add(n);
            }
        });
    }

    List<PeerInfo> both() {
        return List.of(sender.info(), receiver.info());
    }

    Replies set(Map<String, String> options) throws Exception {
        return client.request(Address.all(), new Payload.SetOptions(options), both(), TIMEOUT);
    }

    Replies request(Peer peer, Payload p) throws Exception {
        return client.request(Address.peer(peer.info().id()), p, List.of(peer.info()), TIMEOUT);
    }

    /** Starts receiver then sender, waits for the sender's end, stops the receiver and waits for its end. */
    Note[] run(Map<String, String> options) throws Exception {
        Replies set = set(options);
        assertTrue(set.allOk(), set.toString());
        Replies r = request(receiver, new Payload.StartReceiver());
        assertTrue(r.allOk(), r.toString());
        Replies s = request(sender, new Payload.StartSender());
        assertTrue(s.allOk(), s.toString());
        Note senderEnd = awaitEnd(sender.info(), 60);
        assertTrue(request(receiver, new Payload.StopReceiver()).allOk());
        Note receiverEnd = awaitEnd(receiver.info(), 60);
        return new Note[]{senderEnd, receiverEnd};
    }

    private LinkedBlockingQueue<Note> notesOf(String peerId) {
        return notes.computeIfAbsent(peerId, id -> new LinkedBlockingQueue<>());
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Note> other = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            Note n = notesOf(peer.id()).poll(100, TimeUnit.MILLISECONDS);
            if (n != null && n.senderId().equals(peer.id())
                    && (n.command() == Command.NOTIFY_SUCCESS || n.command() == Command.NOTIFY_FAIL)) {
                return n;
            }
            if (n != null) {
                other.add(n);
            }
        }
        throw new AssertionError(peer.name() + " did not end within " + seconds + " s; its other notes: " + other);
    }

    @Override
    public void close() {
        client.close();
        sender.close();
        receiver.close();
        dataServer.close();
    }
}
