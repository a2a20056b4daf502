package org.maestro.inspector;

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
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.worker.WorkerHandler;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An inspector peer, a sender and a receiver (the worker's own peers) and a client, over a real MQTT broker:
 * what the integration tests drive, as the Maestro client would.
 */
final class InspectorCluster implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    final Path dataDir;
    final DataServer dataServer;
    final Peer inspector;
    final Peer sender;
    final Peer receiver;
    final ControlClient client;
    private final NoteInbox inbox = new NoteInbox();

    InspectorCluster(BrokerUrl broker, Path dataDir) throws Exception {
        this.dataDir = dataDir;
        dataServer = DataServer.start(dataDir, "127.0.0.1", 0);
        String url = dataServer.url().toString();
        inspector = new Peer(Peer.identity("inspector-1", Role.INSPECTOR, ""), PeerConfig.of(broker),
                new InspectorHandler(dataDir, url)).start();
        sender = new Peer(Peer.identity("sender-1", Role.SENDER, ""), PeerConfig.of(broker), new WorkerHandler(dataDir, url)).start();
        receiver = new Peer(Peer.identity("receiver-1", Role.RECEIVER, ""), PeerConfig.of(broker),
                new WorkerHandler(dataDir, url)).start();
        client = new ControlClient(broker).connect(TIMEOUT);
        client.addListener(inbox);
    }

    Replies setAll(Map<String, String> options) throws Exception {
        return client.request(Address.all(), new Payload.SetOptions(options),
                List.of(inspector.info(), sender.info(), receiver.info()), TIMEOUT);
    }

    Payload request(Peer peer, Payload p) throws Exception {
        return client.request(Address.peer(peer.info().id()), p, List.of(peer.info()), TIMEOUT).of(peer.info()).payload();
    }

    Stats inspectorStats() throws Exception {
        return ((Payload.StatsReply) request(inspector, new Payload.StatsRequest())).stats();
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        return inbox.awaitEnd(peer, seconds);
    }

    @Override
    public void close() {
        client.close();
        inspector.close();
        sender.close();
        receiver.close();
        dataServer.close();
    }
}
