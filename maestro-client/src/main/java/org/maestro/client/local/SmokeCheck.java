package org.maestro.client.local;

import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.note.TestOptions;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.PeerHandler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The control plane on this machine, end to end: an embedded MQTT broker, a sender and a receiver
 * peer, and a client that discovers them, pings them (round trip, clock offset), sets parameters,
 * asks for their stats and halts them. Prints what it measured; exits 0 when every step got its
 * answers, 1 otherwise. The main job until the client's {@code maestro demo} exists.
 */
public final class SmokeCheck {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private SmokeCheck() {
    }

    public static void main(String[] args) throws Exception {
        List<String> problems = new ArrayList<>();
        try (EmbeddedBroker broker = EmbeddedBroker.startMqtt()) {
            System.out.println("embedded MQTT broker on " + broker.mqttUrl());
            PeerHandler handler = SmokeCheck::answer;
            try (Peer sender = new Peer(Peer.identity("sender-1", Role.SENDER, ""), PeerConfig.of(broker.mqttUrl()), handler).start();
                 Peer receiver = new Peer(Peer.identity("receiver-1", Role.RECEIVER, ""), PeerConfig.of(broker.mqttUrl()), handler).start();
                 ControlClient client = new ControlClient(broker.mqttUrl()).connect(TIMEOUT)) {
                List<PeerInfo> peers = List.of(sender.info(), receiver.info());
                List<PingResult> pings = client.ping(Address.all(), Duration.ofSeconds(1));
                System.out.println("discovered " + pings.size() + " peer(s):");
                for (PingResult p : pings) {
                    System.out.printf("  %-45s round trip %6d us, %s%n", p.peer().describe(), p.roundTripMicros(), p.clockText());
                }
                if (pings.size() != peers.size()) {
                    problems.add("expected " + peers.size() + " peers to answer PING, got " + pings.size());
                }
                check(problems, client.request(Address.all(), new Payload.SetOptions(Map.of(TestOptions.TEST_ID, "smoke",
                        TestOptions.RATE, "1000", TestOptions.DURATION, "10s")), peers, TIMEOUT));
                Replies stats = client.request(Address.all(), new Payload.StatsRequest(), peers, TIMEOUT);
                check(problems, stats);
                for (PeerInfo p : peers) {
                    Note n = stats.of(p);
                    System.out.println("  STATS from " + p.name() + ": " + (n == null ? "none" : n.payload()));
                }
                check(problems, client.request(Address.all(), new Payload.Halt(), peers, TIMEOUT));
                for (Peer p : List.of(sender, receiver)) {
                    if (!p.awaitHalt(TIMEOUT)) {
                        problems.add(p.info().describe() + " did not halt");
                    }
                }
            }
        }
        if (problems.isEmpty()) {
            System.out.println("smoke check passed: discovery, SET, STATS and HALT answered by every peer");
        } else {
            System.out.println("smoke check FAILED:");
            problems.forEach(p -> System.out.println("  " + p));
            System.exit(1);
        }
    }

    private static Payload answer(Note request, Peer peer) {
        if (request.payload() instanceof Payload.SetOptions set) {
            return new Payload.Ok(set.options().size() + " option(s) set");
        }
        if (request.payload() instanceof Payload.StatsRequest) {
            return new Payload.StatsReply(Stats.idle(peer.info().role()));
        }
        throw PeerHandler.unsupported(request, peer);
    }

    private static void check(List<String> problems, Replies replies) {
        System.out.println(replies);
        problems.addAll(replies.problems());
    }
}
