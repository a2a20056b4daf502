package org.maestro.worker;

import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.NoteInbox;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sender and a receiver peer with a client, over a real MQTT broker: what the tests drive. */
final class WorkerCluster implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    final Peer sender;
    final Peer receiver;
    final ControlClient client;
    final Path dataDir;
    private final NoteInbox inbox = new NoteInbox();
    final List<Note> progress = inbox.progress();

    final DataServer dataServer;

    WorkerCluster(BrokerUrl broker, Path dataDir) throws Exception {
        this.dataDir = dataDir;
        dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
        String url = dataServer.url().toString();
        sender = new Peer(Peer.identity("sender-1", Role.SENDER, ""), PeerConfig.of(broker), new WorkerHandler(dataDir, url)).start();
        receiver = new Peer(Peer.identity("receiver-1", Role.RECEIVER, ""), PeerConfig.of(broker), new WorkerHandler(dataDir, url)).start();
        client = new ControlClient(broker).connect(TIMEOUT);
        client.addListener(inbox);
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

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        return inbox.awaitEnd(peer, seconds);
    }

    @Override
    public void close() {
        client.close();
        sender.close();
        receiver.close();
        dataServer.close();
    }
}
