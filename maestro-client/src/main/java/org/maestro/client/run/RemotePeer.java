package org.maestro.client.run;

import org.maestro.client.control.ControlClient;
import org.maestro.client.control.Replies;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Note;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Stats;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One peer of a test as the client drives it: each request goes to this peer alone (never to a
 * whole role: other peers may be idle on the broker) and waits for its answer; a refusal or a
 * silence ends the test ({@link TestCannotRun}, naming the peer and why).
 */
public final class RemotePeer {
    /** How long a peer has to answer an ordinary request. */
    public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);

    private final ControlClient client;
    private final PeerInfo info;

    public RemotePeer(ControlClient client, PeerInfo info) {
        this.client = client;
        this.info = info;
    }

    public PeerInfo info() {
        return info;
    }

    /** The request that stops a sender, a receiver or an inspector, by its role. */
    public static Payload stopOf(PeerInfo peer) {
        return switch (peer.role()) {
            case SENDER -> new Payload.StopSender();
            case INSPECTOR -> new Payload.StopInspector();
            default -> new Payload.StopReceiver();
        };
    }

    /**
     * Sends each peer its request, all at once (see {@link ControlClient#requestEach}), and waits for every answer.
     *
     * @return one line per refusal or silence, naming the peer and why; empty when all did as asked
     */
    public static List<String> askEach(ControlClient client, Map<PeerInfo, ? extends Payload> requests, Duration timeout)
            throws TransportException, InterruptedException {
        return client.requestEach(requests, timeout).values().stream().flatMap(r -> r.problems().stream()).toList();
    }

    /** {@link #askEach}, where any refusal or silence ends the test, naming every peer that failed. */
    public static void requireEach(ControlClient client, Map<PeerInfo, ? extends Payload> requests, Duration timeout)
            throws TestCannotRun, TransportException, InterruptedException {
        List<String> problems = askEach(client, requests, timeout);
        if (!problems.isEmpty()) {
            throw new TestCannotRun(String.join("; ", problems));
        }
    }

    /** Each request by role ({@link #stopOf}) for each peer, in their order. */
    public static Map<PeerInfo, Payload> each(List<PeerInfo> peers, Function<PeerInfo, Payload> request) {
        Map<PeerInfo, Payload> out = new LinkedHashMap<>();
        peers.forEach(p -> out.put(p, request.apply(p)));
        return out;
    }

    /** Each peer's current figures, asked all at once; a peer that did not answer in time (or not with figures) is left out. */
    public static Map<PeerInfo, Stats> statsEach(ControlClient client, List<PeerInfo> peers, Duration timeout)
            throws TransportException, InterruptedException {
        Map<PeerInfo, Stats> out = new LinkedHashMap<>();
        client.requestEach(peers, new Payload.StatsRequest(), timeout).forEach((p, r) -> {
            Note answer = r.of(p);
            if (answer != null && answer.payload() instanceof Payload.StatsReply s) {
                out.put(p, s.stats());
            }
        });
        return out;
    }

    /** Has an agent fetch its handlers' source (a clone may take a while). */
    public void fetchSource(String url, String branch) throws TestCannotRun, TransportException, InterruptedException {
        require(new Payload.AgentSource(url, branch), Duration.ofMinutes(2));
    }

    /** Has an agent start a handler; its outcome comes later, as a notification. */
    public void runHandler(String handler, List<String> args) throws TestCannotRun, TransportException, InterruptedException {
        require(new Payload.UserCommand1(handler, args), REQUEST_TIMEOUT);
    }

    /** The peer's current figures; null when it did not answer in time or not with figures. */
    Stats stats(Duration timeout) throws TransportException, InterruptedException {
        return statsEach(client, List.of(info), timeout).get(info);
    }

    /** What a peer's answer to GET {@link GetKeys#DATA_URL} says: "" when it has none (or answered with something else), null when it did not answer. */
    public static String dataUrlIn(Note answer) {
        if (answer == null) {
            return null;
        }
        return answer.payload() instanceof Payload.GetReply url ? url.value() : "";
    }

    private void require(Payload request, Duration timeout) throws TestCannotRun, TransportException, InterruptedException {
        Replies r = client.requestOne(info, request, timeout);
        if (!r.allOk()) {
            throw new TestCannotRun(String.join("; ", r.problems()));
        }
    }
}
