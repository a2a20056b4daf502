package org.maestro.client.control;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Ids;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Clocks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The client's end of the control plane: sends requests to an {@link Address}, matches the
 * replies by correlation id, and hands notifications (progress, failures, last wills) to
 * listeners. It never assumes: a request to K peers waits for K answers and names the ones
 * missing when the time is up.
 */
public final class ControlClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControlClient.class);
    private static final int KEEP_ALIVE_SECONDS = 10;
    /**
     * How often a request to a peer that has not answered is sent again, the same note: a peer whose connection
     * dropped for a moment (a loaded host misses its keep-alive) misses what was published to it meanwhile, since
     * peers have clean sessions. The peer runs a note once (it drops a message id it has seen), so the resend is safe.
     */
    private static final long RESEND_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final String clientId;
    private final BrokerUrl broker;
    private final MqttTransport transport;
    private final Map<String, PendingRequest> pending = new ConcurrentHashMap<>();
    private final IncomingNotes incoming = new IncomingNotes(pending);

    public ControlClient(BrokerUrl broker) {
        this.clientId = "client-" + Ids.next();
        this.broker = broker;
        this.transport = new MqttTransport(broker, clientId, KEEP_ALIVE_SECONDS, null);
    }

    public String id() {
        return clientId;
    }

    /** The broker this client talks over (its password too: show it through {@link BrokerUrl#toString()} only). */
    public BrokerUrl broker() {
        return broker;
    }

    public ControlClient connect(Duration timeout) throws TransportException {
        transport.connect(timeout);
        transport.subscribe(Topics.CLIENT_REPLIES, Qos.AT_LEAST_ONCE, (t, bytes) -> incoming.onReply(bytes));
        transport.subscribe(Topics.CLIENT_NOTIFICATIONS, Qos.AT_LEAST_ONCE, (t, bytes) -> incoming.onNotification(bytes));
        return this;
    }

    /**
     * Receives every notification, every reply that matches no request of ours (e.g. a
     * PROTOCOL_ERROR to an unreadable note) and every PROTOCOL_ERROR reply. Runs on the MQTT
     * thread: keep it short.
     */
    public void addListener(Consumer<Note> listener) {
        incoming.addListener(listener);
    }

    public void removeListener(Consumer<Note> listener) {
        incoming.removeListener(listener);
    }

    /**
     * Sends a request to {@code to} and waits until each of {@code expected} answered, or the
     * timeout passed.
     */
    public Replies request(Address to, Payload request, Collection<PeerInfo> expected, Duration timeout)
            throws TransportException, InterruptedException {
        List<String> ids = expected.stream().map(PeerInfo::id).toList();
        Note note = Note.request(clientId, request);
        PendingRequest p = new PendingRequest(request.command(), ids);
        pending.put(note.correlationId(), p);
        try {
            send(to, note);
            p.await(System.nanoTime() + timeout.toNanos());
            synchronized (p) {
                List<PeerInfo> missing = expected.stream().filter(e -> !p.answers.containsKey(e.id())).toList();
                return new Replies(request.command(), Map.copyOf(p.answers), List.copyOf(expected), missing);
            }
        } finally {
            pending.remove(note.correlationId());
        }
    }

    /**
     * Sends each peer its own request, on its own topic, all at once, then waits until every one answered or the
     * timeout passed: one round trip for a hundred peers, not a hundred in a row, and no peer asked that was not
     * meant to be.
     *
     * @return each peer's replies, in the order of {@code requests}
     */
    public Map<PeerInfo, Replies> requestEach(Map<PeerInfo, ? extends Payload> requests, Duration timeout)
            throws TransportException, InterruptedException {
        return each(requests.keySet(), requests::get, timeout, false, ControlClient::replies);
    }

    /**
     * {@link #requestEach}, but a peer whose last will arrives meanwhile is not waited for: it left, and is missing
     * from its replies at once. For the collection after a test, where a peer killed just after its success would hold
     * everyone for the whole timeout. Not for requests during a test, where a peer that froze may come back in time.
     */
    public Map<PeerInfo, Replies> requestEachUntilGone(Collection<PeerInfo> peers, Payload request, Duration timeout)
            throws TransportException, InterruptedException {
        return each(peers, sameFor(peers, request)::get, timeout, true, ControlClient::replies);
    }

    private static Replies replies(PeerInfo peer, PendingRequest p) {
        return new Replies(p.command, Map.copyOf(p.answers), List.of(peer), p.answers.containsKey(peer.id()) ? List.of() : List.of(peer));
    }

    /** {@link #requestEach} to one peer: its replies (sent again while it has not answered). */
    public Replies requestOne(PeerInfo peer, Payload request, Duration timeout) throws TransportException, InterruptedException {
        return requestEach(Map.of(peer, request), timeout).get(peer);
    }

    /** {@link #requestEach} with the same request for every peer. */
    public Map<PeerInfo, Replies> requestEach(Collection<PeerInfo> peers, Payload request, Duration timeout)
            throws TransportException, InterruptedException {
        return requestEach(sameFor(peers, request), timeout);
    }

    /**
     * Pings each peer on its own topic, all at once, and waits for their answers: each one's round trip and clock
     * offset, in the order of {@code peers}; no entry for a peer that did not answer in time. Each PING carries the
     * wall clock of its own send and its round trip counts from there: timed from the first send, a later peer's
     * round trip (and its offset's uncertainty) would include the sends before its own.
     */
    public Map<PeerInfo, PingResult> pingEach(Collection<PeerInfo> peers, Duration timeout)
            throws TransportException, InterruptedException {
        Map<PeerInfo, PingResult> out = new LinkedHashMap<>();
        each(peers, peer -> new Payload.Ping(Clocks.epochMicros()), timeout, false, (peer, p) -> {
            Note n = p.answers.get(peer.id());
            if (n != null && n.payload() instanceof Payload.PingReply r) {
                out.put(peer, PingResult.of(r, (p.arrivalNanos.get(peer.id()) - p.sentNanos) / 1_000));
            }
            return null;
        });
        return out;
    }

    private static Map<PeerInfo, Payload> sameFor(Collection<PeerInfo> peers, Payload request) {
        Map<PeerInfo, Payload> each = new LinkedHashMap<>();
        peers.forEach(p -> each.put(p, request));
        return each;
    }

    /**
     * Sends every request before waiting for any answer; {@code read} turns each peer's answers into a result. Each
     * request is made ({@code requestOf}) just before it is sent, and its send time kept in its {@link PendingRequest}.
     */
    private <T> Map<PeerInfo, T> each(Collection<PeerInfo> peers, Function<PeerInfo, ? extends Payload> requestOf,
                                      Duration timeout, boolean untilGone, BiFunction<PeerInfo, PendingRequest, T> read)
            throws TransportException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<PeerInfo, Note> notes = new LinkedHashMap<>();
        Map<PeerInfo, PendingRequest> waiting = new LinkedHashMap<>();
        try {
            for (PeerInfo peer : peers) {
                Payload request = requestOf.apply(peer);
                Note note = Note.request(clientId, request);
                PendingRequest p = new PendingRequest(request.command(), List.of(peer.id()));
                p.untilGone = untilGone;
                pending.put(note.correlationId(), p);
                notes.put(peer, note);
                waiting.put(peer, p);
                p.sentNanos = System.nanoTime();
                send(Address.peer(peer.id()), note);
            }
            long resendAt = System.nanoTime() + RESEND_NANOS;
            Map<PeerInfo, T> out = new LinkedHashMap<>();
            for (Map.Entry<PeerInfo, PendingRequest> e : waiting.entrySet()) {
                PendingRequest p = e.getValue();
                while (!p.complete() && System.nanoTime() < deadline) {
                    p.await(Math.min(deadline, resendAt));
                    if (!p.complete() && System.nanoTime() >= resendAt && System.nanoTime() < deadline) {
                        for (Map.Entry<PeerInfo, PendingRequest> unanswered : waiting.entrySet()) {
                            if (!unanswered.getValue().complete()) {
                                LOG.debug("no answer yet from {} to {}: sending it again", unanswered.getKey().describe(),
                                        unanswered.getValue().command);
                                send(Address.peer(unanswered.getKey().id()), notes.get(unanswered.getKey()));
                            }
                        }
                        resendAt = System.nanoTime() + RESEND_NANOS;
                    }
                }
                synchronized (p) {
                    out.put(e.getKey(), read.apply(e.getKey(), p));
                }
            }
            return out;
        } finally {
            notes.values().forEach(n -> pending.remove(n.correlationId()));
        }
    }

    /**
     * Sends a request to whoever listens at {@code to} and collects every reply that arrives
     * within {@code window} (for discovery, when the peers are not known yet).
     */
    public List<Note> gather(Address to, Payload request, Duration window)
            throws TransportException, InterruptedException {
        return gatherTimed(to, request, window, 0, notes -> false).keySet().stream().toList();
    }

    /** Pings whoever listens at {@code to} and reports each answer's round trip and clock offset. */
    public List<PingResult> ping(Address to, Duration window) throws TransportException, InterruptedException {
        return ping(to, window, Duration.ZERO, answers -> false);
    }

    /**
     * Pings whoever listens at {@code to}, as {@link #ping(Address, Duration)}, but returns as soon as the peers that
     * answered are {@code enough} and no other answered for {@code quiet}: a discovery that need not wait out its
     * window once a hundred peers have answered.
     */
    public List<PingResult> ping(Address to, Duration window, Duration quiet, Predicate<List<PeerInfo>> enough)
            throws TransportException, InterruptedException {
        long sentNanos = System.nanoTime();
        Map<Note, Long> replies = gatherTimed(to, new Payload.Ping(Clocks.epochMicros()), window, quiet.toNanos(),
                notes -> enough.test(notes.stream().filter(n -> n.payload() instanceof Payload.PingReply)
                        .map(n -> ((Payload.PingReply) n.payload()).peer()).toList()));
        List<PingResult> out = new ArrayList<>();
        replies.forEach((note, arrivedNanos) -> {
            if (note.payload() instanceof Payload.PingReply r) {
                out.add(PingResult.of(r, (arrivedNanos - sentNanos) / 1_000));
            }
        });
        return out;
    }

    /** Pings one known peer and waits for its answer; null if it did not answer in time. */
    public PingResult ping(PeerInfo peer, Duration timeout) throws TransportException, InterruptedException {
        return pingEach(List.of(peer), timeout).get(peer);
    }

    /** Publishes raw bytes on a topic: for tools and tests that need to send what a note is not. */
    public void publishRaw(String topic, byte[] bytes) throws TransportException {
        transport.publish(topic, bytes, Qos.AT_LEAST_ONCE);
    }

    public boolean isConnected() {
        return transport.isConnected();
    }

    /** Since when the control broker has been unreachable (the connection is being re-established); null while connected. */
    public Instant unreachableSince() {
        return transport.lostAt();
    }

    @Override
    public void close() {
        transport.close();
    }

    private Map<Note, Long> gatherTimed(Address to, Payload request, Duration window, long quietNanos,
                                        Predicate<Collection<Note>> enough)
            throws TransportException, InterruptedException {
        Note note = Note.request(clientId, request);
        PendingRequest p = new PendingRequest(request.command(), null);
        pending.put(note.correlationId(), p);
        try {
            send(to, note);
            p.awaitQuiet(System.nanoTime() + window.toNanos(), quietNanos, enough);
            synchronized (p) {
                Map<Note, Long> out = new LinkedHashMap<>();
                p.answers.forEach((sender, reply) -> out.put(reply, p.arrivalNanos.get(sender)));
                return out;
            }
        } finally {
            pending.remove(note.correlationId());
        }
    }

    private void send(Address to, Note note) throws TransportException {
        transport.publish(to.topic(), NoteCodec.encode(note), Qos.of(note));
    }

}
