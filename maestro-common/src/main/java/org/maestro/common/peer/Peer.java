package org.maestro.common.peer;

import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.ClockSource;
import org.maestro.common.note.Command;
import org.maestro.common.note.Ids;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;
import org.maestro.common.note.NoteType;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.util.Clocks;
import org.maestro.common.util.HostNames;
import org.maestro.common.util.LogBudget;
import org.maestro.common.util.SafeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The runtime every role shares: one MQTT connection, the peer's topics (all peers, its role, its
 * group, its id), a last will that the client sees as ABNORMAL_DISCONNECT, and request dispatch.
 * PING and HALT are answered at once, even while the handler is busy; other requests go to the
 * {@link PeerHandler} one at a time. A note that cannot be decoded gets PROTOCOL_ERROR and the
 * peer carries on.
 */
public final class Peer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Peer.class);
    /** Anyone on the broker can send undecodable notes: a bounded number of lines of them in this peer's log. */
    private final LogBudget undecodableLog = LogBudget.forUndecodableNotes();
    private static final int REMEMBERED_MESSAGE_IDS = 4_096;

    private final PeerInfo info;
    private final PeerConfig config;
    private final PeerHandler handler;
    private final MqttTransport transport;
    private final PeerRequests requests;
    private final CountDownLatch halted = new CountDownLatch(1);
    /** Message ids seen lately: QoS 1 may deliver a request twice, and it must run once. */
    private final Set<String> seen = Collections.newSetFromMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > REMEMBERED_MESSAGE_IDS;
        }
    });

    public Peer(PeerInfo info, PeerConfig config, PeerHandler handler) {
        this.info = info;
        this.config = config;
        this.handler = handler;
        Note will = Note.notification(info.id(), new Payload.AbnormalDisconnect(info));
        this.transport = new MqttTransport(config.broker(), "peer-" + info.id(), config.keepAliveSeconds(),
                new MqttTransport.Will(Topics.CLIENT_NOTIFICATIONS, NoteCodec.encode(will)));
        this.requests = new PeerRequests(info.name());
    }

    /** A fresh identity on this host: a new random id, the given name, role and group. */
    public static PeerInfo identity(String name, Role role, String group) {
        Topics.checkLevel("peer name", name);
        if (group != null && !group.isEmpty()) {
            Topics.checkLevel("group", group);
        }
        return new PeerInfo(Ids.next(), name, HostNames.local(), role, group);
    }

    public PeerInfo info() {
        return info;
    }

    public PeerConfig config() {
        return config;
    }

    /** Connects and subscribes; from here on, requests are answered. */
    public Peer start() throws TransportException {
        transport.connect(config.connectTimeout());
        for (String topic : topics()) {
            transport.subscribe(topic, Qos.AT_LEAST_ONCE, (t, bytes) -> onNote(bytes));
        }
        LOG.info("{} is up on {}", info.describe(), config.broker());
        return this;
    }

    /** The topics this peer listens on. */
    public List<String> topics() {
        List<String> topics = new ArrayList<>(List.of(Topics.ALL_PEERS, Topics.role(info.role()), Topics.peer(info.id())));
        if (info.hasGroup()) {
            topics.add(Topics.group(info.group()));
        }
        return topics;
    }

    /** Sends a notification (progress, success, failure, ...) to the client. */
    public void notifyClient(Payload notification) {
        send(Topics.CLIENT_NOTIFICATIONS, Note.notification(info.id(), notification));
    }

    public boolean isConnected() {
        return transport.isConnected();
    }

    /** Waits until a HALT arrives or {@link #close()} is called. */
    public void awaitHalt() throws InterruptedException {
        halted.await();
    }

    public boolean awaitHalt(Duration timeout) throws InterruptedException {
        return halted.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops cleanly: the handler closes, the connection ends with a normal disconnect (no will). */
    @Override
    public void close() {
        if (halted.getCount() == 0) {
            return;
        }
        requests.shutdown();
        try {
            if (!requests.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("{}: a request was still running at halt; stopping it", info.name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            handler.close();
        } catch (RuntimeException e) {
            LOG.warn("{}: handler failed to close: {}", info.name(), e.toString());
        }
        transport.close();
        halted.countDown();
        LOG.info("{} halted", info.describe());
    }

    /** Runs on Paho's thread: decode, answer the quick ones, queue the rest. */
    private void onNote(byte[] bytes) {
        Note note;
        try {
            note = NoteCodec.decode(bytes);
        } catch (NoteCodecException e) {
            answerUndecodable(bytes, e);
            return;
        }
        if (note.type() != NoteType.REQUEST) {
            LOG.debug("{}: ignoring {} {} sent to a peer topic", info.name(), note.type(), note.command());
            return;
        }
        synchronized (seen) {
            if (!seen.add(note.header().messageId())) {
                LOG.debug("{}: dropping a redelivered {}", info.name(), note.command());
                return;
            }
        }
        switch (note.command()) {
            case PING -> reply(note, new Payload.PingReply(info, ((Payload.Ping) note.payload()).clientTimeMicros(),
                    Clocks.epochMicros(), ClockSource.local()));
            case HALT -> {
                reply(note, new Payload.Ok("halting"));
                Thread halter = new Thread(this::close, "peer-" + info.name() + "-halt");
                halter.start();
            }
            default -> {
                try {
                    requests.execute(() -> dispatch(note));
                } catch (RejectedExecutionException e) {
                    reply(note, new Payload.InternalError("peer " + info.name() + " is halting"));
                }
            }
        }
    }

    private void dispatch(Note request) {
        Payload answer;
        try {
            answer = request.command() == Command.GET ? identityValue((Payload.Get) request.payload()) : null;
            if (answer == null) {
                answer = handler.handle(request, this);
            }
            if (answer == null || answer.type() != NoteType.RESPONSE) {
                answer = new Payload.InternalError(info.name() + " has no answer to " + request.command());
            }
        } catch (Exception e) {
            // The message may quote the request (a key, an option): inert before it is logged or sent back.
            String reason = SafeText.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            LOG.warn("{}: {} failed: {}", info.name(), request.command(), reason);
            LOG.debug("{}: {} failed", info.name(), request.command(), e);
            answer = new Payload.InternalError(reason);
        }
        reply(request, answer);
    }

    /** The GET keys every peer answers: who it is. Null for the handler's own keys. */
    private Payload identityValue(Payload.Get get) {
        String value = switch (get.key()) {
            case "peer.id" -> info.id();
            case "peer.name" -> info.name();
            case "peer.host" -> info.host();
            case "peer.role" -> info.role().wireName();
            case "peer.group" -> info.group();
            case "protocol.version" -> Integer.toString(NoteCodec.PROTOCOL_VERSION);
            default -> null;
        };
        return value == null ? null : new Payload.GetReply(get.key(), value);
    }

    private void answerUndecodable(byte[] bytes, NoteCodecException e) {
        // "" when not even the header's shape is readable: the answer then goes out uncorrelated.
        String correlationId = NoteCodec.correlationIdOf(bytes);
        String why = SafeText.of(e.getMessage());
        long held = undecodableLog.take();
        if (held >= 0) {
            LOG.warn("{}: undecodable note ({} bytes): {}{}", info.name(), bytes.length, why, LogBudget.heldBackText(held));
        }
        send(Topics.CLIENT_REPLIES, Note.reply(correlationId, info.id(),
                new Payload.ProtocolError(info.name() + " cannot decode a note of " + bytes.length + " bytes: " + why)));
    }

    private void reply(Note request, Payload answer) {
        send(Topics.CLIENT_REPLIES, Note.reply(request, info.id(), answer));
    }

    private void send(String topic, Note note) {
        try {
            transport.publish(topic, NoteCodec.encode(note), Qos.of(note));
        } catch (TransportException e) {
            LOG.error("{}: cannot send {} {}: {}", info.name(), note.type(), note.command(), e.getMessage());
        }
    }
}
