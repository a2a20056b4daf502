package org.maestro.common.testing;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;

import java.time.Duration;

/**
 * A peer with an {@link EchoHandler} in a process of its own, for tests that kill or freeze it.
 * Arguments: broker URL, name, role, group ("-" for none), keep-alive seconds. Prints
 * {@code READY <peer id>} once it answers requests.
 */
public final class PeerProcessMain {
    private PeerProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        BrokerUrl broker = BrokerUrl.parse(args[0]);
        Peer peer = new Peer(Peer.identity(args[1], Role.parse(args[2]), "-".equals(args[3]) ? "" : args[3]),
                new PeerConfig(broker, Integer.parseInt(args[4]), Duration.ofSeconds(10)), new EchoHandler());
        peer.start();
        System.out.println("READY " + peer.info().id());
        System.out.flush();
        peer.awaitHalt();
    }
}
