package org.maestro.inspector;

import org.maestro.client.control.Replies;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerHandler;

import java.nio.file.Path;
import java.util.Map;

/**
 * An inspector peer, a sender and a receiver (the worker's own peers) and a client, over the lab's control
 * broker: what the integration tests drive, as the Maestro client would. The lab closes it.
 */
final class InspectorCluster {
    final TestCluster peers;
    final Peer inspector;
    final Peer sender;
    final Peer receiver;

    InspectorCluster(TestLab lab, Path dataDir) throws Exception {
        peers = lab.cluster().dataDir(dataDir).metricsPerPeer()
                .peerWithData("inspector-1", Role.INSPECTOR, InspectorHandler::new)
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
                .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .start();
        inspector = peers.peer("inspector-1");
        sender = peers.peer("sender-1");
        receiver = peers.peer("receiver-1");
    }

    Replies setAll(Map<String, String> options) throws Exception {
        return peers.setAll(options);
    }

    Payload request(Peer peer, Payload p) throws Exception {
        return peers.answer(peer, p);
    }

    Stats inspectorStats() throws Exception {
        return ((Payload.StatsReply) request(inspector, new Payload.StatsRequest())).stats();
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        return peers.inbox().awaitEnd(peer, seconds);
    }
}
