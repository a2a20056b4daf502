package org.maestro.common.peer;

import org.junit.jupiter.api.Test;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.note.ClockSource;
import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.EchoHandler;
import org.maestro.common.testing.PeerProcessMain;
import org.maestro.common.testing.TestCluster;
import org.maestro.common.testing.TestLab;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The control plane over a real MQTT broker: a client and peers exchange every request; the
 * subclasses run it against Mosquitto and against the embedded broker.
 */
public abstract class ControlPlaneContract {
    private static final Logger LOG = LoggerFactory.getLogger(ControlPlaneContract.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private TestCluster cluster;
    private ControlClient client;

    /** The subclass's lab, on an instance field: a broker of its own for each test. */
    protected abstract TestLab lab();

    /** Starts these peers (EchoHandler) and a client; the lab closes them after the test. */
    private TestCluster start(TestCluster.Builder peers) throws Exception {
        cluster = peers.start();
        client = cluster.client();
        return cluster;
    }

    private TestCluster.Builder peers() {
        return lab().cluster().timeout(TIMEOUT);
    }

    @Test
    void twoPeersAnswerEveryRequestType() throws Exception {
        TestCluster c = start(peers().peer("sender-1", Role.SENDER, "east", new EchoHandler())
                .peer("receiver-1", Role.RECEIVER, new EchoHandler()));
        Peer sender = c.peer("sender-1");
        Peer receiver = c.peer("receiver-1");
        List<PeerInfo> both = List.of(sender.info(), receiver.info());

        Replies set = client.request(Address.all(), new Payload.SetOptions(Map.of("test.id", "t-1", "rate", "1000")),
                both, TIMEOUT);
        assertTrue(set.allOk(), set.toString());
        assertEquals(new Payload.Ok("sender-1 set 2 option(s)"), set.of(sender.info()).payload());

        Replies get = client.request(Address.peer(receiver.info().id()), new Payload.Get("rate"),
                List.of(receiver.info()), TIMEOUT);
        assertEquals(new Payload.GetReply("rate", "1000"), get.of(receiver.info()).payload());

        Replies identity = client.request(Address.peer(sender.info().id()), new Payload.Get("peer.name"),
                List.of(sender.info()), TIMEOUT);
        assertEquals(new Payload.GetReply("peer.name", "sender-1"), identity.of(sender.info()).payload());

        Replies stats = client.request(Address.all(), new Payload.StatsRequest(), both, TIMEOUT);
        assertTrue(stats.allOk(), stats.toString());
        Payload.StatsReply senderStats = assertInstanceOf(Payload.StatsReply.class, stats.of(sender.info()).payload());
        assertEquals("t-1", senderStats.stats().testId());
        assertEquals(Role.SENDER, senderStats.stats().role());
        assertEquals(2, senderStats.stats().messages(), "SET and STATS handled");

        List<Payload> simple = List.of(new Payload.StartReceiver(), new Payload.StartSender(),
                new Payload.StartInspector(""), new Payload.Flush(), new Payload.StopSender(), new Payload.StopReceiver(),
                new Payload.StopInspector(), new Payload.AgentSource("file:///tmp/h.git", "main"),
                new Payload.StartAgent("h/start.sh", List.of("x")), new Payload.UserCommand1("h/restart.sh", List.of("5")),
                new Payload.StopAgent("h/stop.sh", List.of()));
        for (Payload request : simple) {
            Replies r = client.request(Address.all(), request, both, TIMEOUT);
            assertTrue(r.allOk(), r.toString());
            for (PeerInfo p : both) {
                Payload.Ok ok = assertInstanceOf(Payload.Ok.class, r.of(p).payload());
                assertTrue(ok.detail().startsWith(p.name() + " " + (request.command() == Command.FLUSH ? "flushed" : request.command())),
                        ok.detail());
            }
        }
        assertTrue(((Payload.Ok) client.request(Address.all(), new Payload.UserCommand1("h/restart.sh", List.of("5")), both,
                TIMEOUT).of(receiver.info()).payload()).detail().endsWith("h/restart.sh [5]"));

        List<PingResult> pings = client.ping(Address.all(), Duration.ofSeconds(2));
        assertEquals(Set.of("sender-1", "receiver-1"), pings.stream().map(p -> p.peer().name()).collect(Collectors.toSet()));
        for (PingResult p : pings) {
            assertTrue(p.roundTripMicros() > 0 && p.roundTripMicros() < 2_000_000, p.toString());
            // Same host, same clock: the estimated offset is within the round trip.
            assertTrue(Math.abs(p.clockOffsetMicros()) <= p.roundTripMicros(), p.toString());
        }
        assertEquals(sender.info(), pings.stream().filter(p -> p.peer().id().equals(sender.info().id())).findFirst()
                .orElseThrow().peer(), "PING answers with the full identity");

        Replies halt = client.request(Address.peer(sender.info().id()), new Payload.Halt(), List.of(sender.info()), TIMEOUT);
        assertTrue(halt.allOk(), halt.toString());
        assertTrue(sender.awaitHalt(TIMEOUT), "HALT stops the peer");
        assertNull(client.ping(sender.info(), Duration.ofMillis(500)), "a halted peer does not answer");
        assertNotNull(client.ping(receiver.info(), TIMEOUT), "the other peer still does");
        assertTrue(cluster.inbox().all().stream().noneMatch(n -> n.command() == Command.ABNORMAL_DISCONNECT),
                "a clean halt is not an abnormal disconnect: " + cluster.inbox().all());
    }

    @Test
    void aRequestARoleCannotCarryOutAnswersInternalErrorWithTheReason() throws Exception {
        Peer sender = start(peers().peer("sender-1", Role.SENDER, new EchoHandler())).peer("sender-1");
        Replies r = client.request(Address.all(), new Payload.StartInspector("jolokia"), List.of(sender.info()), TIMEOUT);
        Payload.InternalError e = assertInstanceOf(Payload.InternalError.class, r.of(sender.info()).payload());
        assertEquals("a sender does not handle START_INSPECTOR", e.reason());
        assertFalse(r.allOk());
        assertTrue(r.problems().get(0).contains("sender 'sender-1'"), r.problems().toString());
    }

    @Test
    void aMissingPeerIsNamed() throws Exception {
        start(peers());
        PeerInfo ghost = new PeerInfo("0000ghost", "receiver-9", "lab-9", Role.RECEIVER, "");
        Replies r = client.request(Address.peer(ghost.id()), new Payload.StatsRequest(), List.of(ghost), Duration.ofMillis(500));
        assertEquals(List.of(ghost), r.missing());
        assertEquals("receiver 'receiver-9' on lab-9 (id 0000ghost) did not answer STATS", r.problems().get(0));
    }

    @Test
    void requestsReachExactlyTheAddressedPeers() throws Exception {
        TestCluster c = start(peers().peer("s1", Role.SENDER, "east", new EchoHandler())
                .peer("s2", Role.SENDER, "west", new EchoHandler())
                .peer("r1", Role.RECEIVER, "east", new EchoHandler())
                .peer("i1", Role.INSPECTOR, new EchoHandler()));
        Peer s1 = c.peer("s1");
        Peer s2 = c.peer("s2");
        Peer r1 = c.peer("r1");
        Peer i1 = c.peer("i1");
        Duration window = Duration.ofMillis(1500);

        Map<Address, Set<String>> expected = new java.util.LinkedHashMap<>();
        expected.put(Address.role(Role.SENDER), Set.of("s1", "s2"));
        expected.put(Address.role(Role.RECEIVER), Set.of("r1"));
        expected.put(Address.role(Role.INSPECTOR), Set.of("i1"));
        expected.put(Address.role(Role.AGENT), Set.of());
        expected.put(Address.group("east"), Set.of("s1", "r1"));
        expected.put(Address.group("west"), Set.of("s2"));
        expected.put(Address.peer(s2.info().id()), Set.of("s2"));
        expected.put(Address.peer(i1.info().id()), Set.of("i1"));
        expected.put(Address.all(), Set.of("s1", "s2", "r1", "i1"));
        // All at once, each with its own full window (the answers are told apart by their correlation ids): the
        // windows no longer add up, and the client is also shown to keep concurrent requests' answers apart.
        java.util.concurrent.ExecutorService askers = java.util.concurrent.Executors.newFixedThreadPool(expected.size());
        try {
            Map<Address, java.util.concurrent.Future<Set<String>>> answers = new java.util.LinkedHashMap<>();
            expected.keySet().forEach(to -> answers.put(to, askers.submit(() -> answered(to, window))));
            for (Map.Entry<Address, Set<String>> e : expected.entrySet()) {
                assertEquals(e.getValue(), answers.get(e.getKey()).get(30, TimeUnit.SECONDS), "answered " + e.getKey());
            }
        } finally {
            askers.shutdownNow();
        }
        assertNotNull(s1);
        assertNotNull(r1);
    }

    @Test
    void eachPeerGetsItsOwnRequestAndOnlyTheAskedPeersAnswersCount() throws Exception {
        TestCluster.Builder b = peers();
        for (int i = 1; i <= 30; i++) {
            b.peer("s" + i, Role.SENDER, new EchoHandler());
        }
        TestCluster c = start(b);
        List<PeerInfo> all = c.infos();
        List<PeerInfo> asked = all.subList(0, 20);

        // Each its own options, on its own topic: each answer names its own peer, one per peer.
        Map<PeerInfo, Payload> sets = new java.util.LinkedHashMap<>();
        asked.forEach(p -> sets.put(p, new Payload.SetOptions(Map.of("peer.note", p.name()))));
        Map<PeerInfo, Replies> each = client.requestEach(sets, TIMEOUT);
        assertEquals(asked, List.copyOf(each.keySet()), "one result per asked peer, in order");
        for (PeerInfo p : asked) {
            Replies r = each.get(p);
            assertTrue(r.allOk(), r.toString());
            assertEquals(Set.of(p.id()), r.answers().keySet(), "only the peer asked answered it");
            assertEquals(new Payload.Ok(p.name() + " set 1 option(s)"), r.of(p).payload());
        }
        for (PeerInfo p : all.subList(20, 30)) {
            Replies r = client.request(Address.peer(p.id()), new Payload.StatsRequest(), List.of(p), TIMEOUT);
            assertEquals(1, ((Payload.StatsReply) r.of(p).payload()).stats().messages(), p.name() + " was not sent the SET");
        }

        // A request every peer hears, but only 20 were asked: their answers count, once each; the others' are not.
        Replies toAll = client.request(Address.all(), new Payload.StatsRequest(), asked, TIMEOUT);
        assertTrue(toAll.allOk(), toAll.toString());
        assertEquals(Set.copyOf(asked.stream().map(PeerInfo::id).toList()), toAll.answers().keySet());

        Map<PeerInfo, PingResult> pings = client.pingEach(all, TIMEOUT);
        assertEquals(all, List.copyOf(pings.keySet()), "every peer answered its PING");
        pings.forEach((p, r) -> assertEquals(p.id(), r.peer().id()));

        PeerInfo ghost = new PeerInfo("0000ghost", "receiver-9", "lab-9", Role.RECEIVER, "");
        Map<PeerInfo, Replies> withGhost = client.requestEach(List.of(all.get(0), ghost), new Payload.StatsRequest(), Duration.ofMillis(800));
        assertTrue(withGhost.get(all.get(0)).allOk());
        assertEquals(List.of(ghost), withGhost.get(ghost).missing());
    }

    @Test
    void aRequestAPeerMissedIsSentAgainAndRunOnce() throws Exception {
        start(peers());
        // Published before the peer subscribes, as to a peer whose connection dropped for a moment: the broker keeps
        // nothing for a clean session, so only a resend reaches it.
        EchoHandler handler = new EchoHandler();
        Peer late = new Peer(Peer.identity("late-1", Role.RECEIVER, ""), new PeerConfig(lab().controlUrl(), 2, TIMEOUT), handler);
        java.util.concurrent.CompletableFuture<Map<PeerInfo, Replies>> asked = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return client.requestEach(Map.of(late.info(), new Payload.SetOptions(Map.of("k", "v"))), Duration.ofSeconds(15));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(2500);
        try {
            late.start();
            Replies r = asked.get(20, TimeUnit.SECONDS).get(late.info());
            assertTrue(r.allOk(), r.toString());
            Thread.sleep(2500); // a further resend, had the answer been late, would arrive meanwhile
            Replies stats = client.requestOne(late.info(), new Payload.StatsRequest(), TIMEOUT);
            assertEquals(2, ((Payload.StatsReply) stats.of(late.info()).payload()).stats().messages(), "the SET ran once, then STATS");
        } finally {
            late.close();
        }
    }

    private Set<String> answered(Address to, Duration window) throws Exception {
        // STATS is handled by the role handler, so this also checks the request went through dispatch.
        return client.gather(to, new Payload.StatsRequest(), window).stream()
                .map(n -> ((Payload.StatsReply) n.payload()).stats().role().wireName() + ":" + n.senderId())
                .map(s -> nameOf(s.substring(s.indexOf(':') + 1)))
                .collect(Collectors.toSet());
    }

    private String nameOf(String peerId) {
        for (PeerInfo p : cluster.infos()) {
            if (p.id().equals(peerId)) {
                return p.name();
            }
        }
        return "unknown peer " + peerId;
    }

    @Test
    void anUndecodableNoteGetsProtocolErrorAndThePeerCarriesOn() throws Exception {
        Peer receiver = start(peers().peer("receiver-1", Role.RECEIVER, new EchoHandler())).peer("receiver-1");
        client.publishRaw(Topics.peer(receiver.info().id()), new byte[]{(byte) 0xc1, 0x00, 0x42});
        Note error = awaitHeard(Command.PROTOCOL_ERROR, receiver.info().id());
        assertTrue(((Payload.ProtocolError) error.payload()).reason().contains("receiver-1 cannot decode a note of 3 bytes"),
                error.toString());

        // A readable header with a broken payload: the PROTOCOL_ERROR answers that very request.
        byte[] good = NoteCodec.encode(Note.request(client.id(), new Payload.Get("peer.name")));
        byte[] broken = java.util.Arrays.copyOf(good, good.length - 3);
        client.publishRaw(Topics.peer(receiver.info().id()), broken);
        Note correlated = awaitHeard(Command.PROTOCOL_ERROR, receiver.info().id());
        assertFalse(correlated.correlationId().isEmpty(), "correlated with the request");

        assertNotNull(client.ping(receiver.info(), TIMEOUT), "the peer still answers PING");
        Replies stats = client.request(Address.peer(receiver.info().id()), new Payload.StatsRequest(),
                List.of(receiver.info()), TIMEOUT);
        assertTrue(stats.allOk(), stats.toString());
    }

    /**
     * Honest clocks (issue 21, reproduction 4): a peer in the client's JVM and one in another JVM on its host each say
     * which clock they read (same process, same host: nothing to estimate), and each peer's PING carries the time of
     * its own send: stamped once for all, a later peer's round trip held the sends before its own.
     */
    @Test
    void eachPeerSaysWhichClockItReadsAndEachPingIsTimedFromItsOwnSend() throws Exception {
        TestCluster.Builder b = peers();
        for (int i = 1; i <= 20; i++) {
            b.peer("s" + i, Role.SENDER, new EchoHandler());
        }
        List<PeerInfo> inProcess = start(b).infos();
        ChildJvm child = lab().closeAfterEach(ChildJvm.start(PeerProcessMain.class, lab().controlUrl().toString(), "elsewhere",
                "receiver", "-", "2"));
        String childId = child.awaitLine("READY ", 30).substring("READY ".length());
        PeerInfo other = client.ping(Address.all(), Duration.ofSeconds(2)).stream().map(PingResult::peer)
                .filter(p -> p.id().equals(childId)).findFirst().orElseThrow();
        List<PeerInfo> all = new java.util.ArrayList<>(inProcess);
        all.add(other);
        try (org.maestro.common.testing.WireTap tap = org.maestro.common.testing.WireTap.listen(lab().controlUrl())) {
            Map<PeerInfo, PingResult> pings = client.pingEach(all, TIMEOUT);
            assertEquals(all, List.copyOf(pings.keySet()));
            for (PeerInfo p : inProcess) {
                assertEquals(ClockSource.SAME_PROCESS, pings.get(p).sharedClock(), pings.get(p).toString());
            }
            PingResult elsewhere = pings.get(other);
            assertEquals(ClockSource.local().bootId(), elsewhere.clock().bootId(), "the child JVM runs on this kernel");
            assertNotEquals(ClockSource.local().process(), elsewhere.clock().process());
            assertEquals(ClockSource.local().bootId().isEmpty() ? null : ClockSource.SAME_HOST, elsewhere.sharedClock());
            // The PINGs on the wire, in the order sent: each stamped at its own send, so they are not all one time.
            Set<String> ownTopics = all.stream().map(p -> Topics.peer(p.id())).collect(Collectors.toSet());
            List<Long> stamps = new java.util.ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (stamps.size() < all.size() && System.nanoTime() < deadline) {
                stamps.clear();
                for (org.maestro.common.testing.WireTap.Message m : tap.messages()) {
                    if (ownTopics.contains(m.topic())) {
                        Note n = NoteCodec.decode(m.payload());
                        if (n.payload() instanceof Payload.Ping ping) {
                            stamps.add(ping.clientTimeMicros());
                        }
                    }
                }
                Thread.sleep(50);
            }
            assertEquals(all.size(), stamps.size(), "a PING to each peer on its own topic");
            assertTrue(stamps.stream().distinct().count() > 1, "every PING stamped with one send time: " + stamps);
            assertEquals(stamps.stream().sorted().toList(), stamps, "stamped as sent, one after the other");
        }
    }

    @Test
    void aKilledPeerIsReportedAsAbnormalDisconnect() throws Exception {
        start(peers());
        ChildJvm child = lab().closeAfterEach(ChildJvm.start(PeerProcessMain.class, lab().controlUrl().toString(), "doomed",
                "sender", "-", "2"));
        String peerId = child.awaitLine("READY ", 30).substring("READY ".length());
        long killedAt = System.nanoTime();
        child.kill();
        Note will = awaitHeard(Command.ABNORMAL_DISCONNECT, peerId);
        PeerInfo who = ((Payload.AbnormalDisconnect) will.payload()).peer();
        assertEquals("doomed", who.name());
        LOG.info("{}: ABNORMAL_DISCONNECT {} ms after SIGKILL", lab().control(), (System.nanoTime() - killedAt) / 1_000_000);
    }

    @Test
    void aRequestUntilGoneStopsWaitingForAPeerThatLeaves() throws Exception {
        start(peers());
        ChildJvm child = lab().closeAfterEach(ChildJvm.start(PeerProcessMain.class, lab().controlUrl().toString(), "leaving",
                "receiver", "-", "2"));
        String peerId = child.awaitLine("READY ", 30).substring("READY ".length());
        PeerInfo leaving = client.ping(Address.peer(peerId), Duration.ofSeconds(5)).get(0).peer();
        child.freeze(); // asked, it cannot answer; then it is killed while the client waits
        java.util.concurrent.CompletableFuture<Replies> replies = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return client.requestEachUntilGone(List.of(leaving), new Payload.Get("data.url"), Duration.ofSeconds(60))
                        .get(leaving);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(300);
        long killedAt = System.nanoTime();
        child.kill();
        Replies r = replies.get(30, TimeUnit.SECONDS);
        long millis = (System.nanoTime() - killedAt) / 1_000_000;
        assertEquals(List.of(leaving), r.missing(), "the peer that left is missing from the replies");
        LOG.info("{}: a request stopped waiting {} ms after its peer was killed (timeout 60 s)", lab().control(), millis);
    }

    @Test
    void aFrozenPeerIsReportedAfterItsKeepAlive() throws Exception {
        start(peers());
        ChildJvm child = lab().closeAfterEach(ChildJvm.start(PeerProcessMain.class, lab().controlUrl().toString(), "frozen",
                "receiver", "-", "2"));
        String peerId = child.awaitLine("READY ", 30).substring("READY ".length());
        long frozenAt = System.nanoTime();
        child.freeze();
        // Its socket stays open: only the keep-alive (2 s, so 3 s at the broker) can tell.
        Note will = awaitHeard(Command.ABNORMAL_DISCONNECT, peerId);
        long millis = (System.nanoTime() - frozenAt) / 1_000_000;
        assertEquals("frozen", ((Payload.AbnormalDisconnect) will.payload()).peer().name());
        assertTrue(millis >= 1_000, "reported before the keep-alive could expire: " + millis + " ms");
        LOG.info("{}: ABNORMAL_DISCONNECT {} ms after SIGSTOP (keep-alive 2 s)", lab().control(), millis);
    }

    @Test
    void peersReconnectAndSubscribeAgainAfterTheBrokerRestarts() throws Exception {
        Peer sender = start(peers().peer("sender-1", Role.SENDER, "east", new EchoHandler())).peer("sender-1");
        assertNotNull(client.ping(sender.info(), TIMEOUT));
        lab().control().stop();
        lab().control().start();
        // Both the peer and the client reconnect by themselves (at most 2 s apart) and resubscribe.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        PingResult pong = null;
        while (pong == null && System.nanoTime() < deadline) {
            pong = client.isConnected() ? client.ping(sender.info(), Duration.ofSeconds(1)) : null;
            if (!client.isConnected()) {
                Thread.sleep(100);
            }
        }
        assertNotNull(pong, "the peer answers again after the broker restarted (" + lab().control() + "; client connected: "
                + client.isConnected() + ", peer connected: " + sender.isConnected() + ")");
        assertEquals(Set.of("sender-1"), answered(Address.group("east"), Duration.ofSeconds(1)),
                "group subscription restored");
    }

    private Note awaitHeard(Command command, String senderId) throws InterruptedException {
        return cluster.inbox().await(senderId, n -> n.command() == command, 15, "no " + command + " from " + senderId);
    }
}
