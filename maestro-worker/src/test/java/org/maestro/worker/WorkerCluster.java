package org.maestro.worker;

import org.maestro.client.control.Replies;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.peer.Peer;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sender and a receiver peer with a client, over the lab's control broker: what the tests drive. The lab closes it. */
final class WorkerCluster {
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    final TestCluster peers;
    final Peer sender;
    final Peer receiver;
    final List<Note> progress;

    WorkerCluster(TestLab lab, Path dataDir) throws Exception {
        this(lab.cluster().dataDir(dataDir).timeout(TIMEOUT)
                .peerWithData("sender-1", Role.SENDER, WorkerHandler::new)
                .peerWithData("receiver-1", Role.RECEIVER, WorkerHandler::new)
                .start());
    }

    /** Over peers started otherwise: a sender-1 and a receiver-1 among them. */
    WorkerCluster(TestCluster peers) {
        this.peers = peers;
        sender = peers.peer("sender-1");
        receiver = peers.peer("receiver-1");
        progress = peers.inbox().progress();
    }

    Replies set(Map<String, String> options) throws Exception {
        return peers.setAll(options);
    }

    Replies request(Peer peer, Payload p) throws Exception {
        return peers.request(peer, p);
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

    /** The peer's STATS figures. */
    Stats stats(Peer peer) throws Exception {
        return ((Payload.StatsReply) request(peer, new Payload.StatsRequest()).of(peer.info()).payload()).stats();
    }

    /** Waits (at most 20 s) until the receiver has got {@code messages}, e.g. before a fault is injected mid-test. */
    void awaitReceived(long messages) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            Replies r = request(receiver, new Payload.StatsRequest());
            if (((Payload.StatsReply) r.of(receiver.info()).payload()).stats().messages() >= messages) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the receiver did not get " + messages + " messages within 20 s");
    }

    /** The NOTIFY_SUCCESS or NOTIFY_FAIL of this peer; fails the test after {@code seconds}. */
    /** Takes the SUT away (SIGKILL of its broker). */
    @FunctionalInterface
    interface Kill {
        void run() throws Exception;
    }

    /** Both workers' NOTIFY_FAIL after the SUT was killed, and how many seconds after the kill the later one came. */
    record Failures(Payload.NotifyFail sender, Payload.NotifyFail receiver, long seconds) {
    }

    /** Kills the SUT and waits (30 s at most each) for both workers to end in NOTIFY_FAIL. */
    Failures killAndAwaitFailures(Kill kill) throws Exception {
        long killedAt = System.nanoTime();
        kill.run();
        Note senderEnd = awaitEnd(sender.info(), 30);
        Note receiverEnd = awaitEnd(receiver.info(), 30);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);
        return new Failures(assertInstanceOf(Payload.NotifyFail.class, senderEnd.payload(), senderEnd.toString()),
                assertInstanceOf(Payload.NotifyFail.class, receiverEnd.payload(), receiverEnd.toString()), seconds);
    }

    Note awaitEnd(PeerInfo peer, int seconds) throws InterruptedException {
        return peers.inbox().awaitEnd(peer, seconds);
    }
}
