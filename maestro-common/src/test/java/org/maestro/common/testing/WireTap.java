package org.maestro.common.testing;

import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.mqtt.TransportException;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every message published on a broker while it listens: a client of its own subscribed to {@code #}, keeping
 * each message's topic and raw bytes, so that a test can search the wire as well as the files. Messages are
 * searched raw (a MessagePack string is its UTF-8 bytes) and, when they are notes, as their decoded text.
 */
public final class WireTap implements AutoCloseable {
    /** One message as the broker delivered it. */
    public record Message(String topic, byte[] payload) {
        /** The raw bytes as text, then the decoded note when it is one. */
        public String searchableText() {
            return topic + "\n" + new String(payload, StandardCharsets.ISO_8859_1) + "\n" + note();
        }

        /** The note's type and command, or what it is when it is not a note. */
        public String note() {
            try {
                Note n = NoteCodec.decode(payload);
                return n.type() + " " + n.command();
            } catch (NoteCodecException e) {
                return "not a note (" + payload.length + " bytes)";
            }
        }
    }

    private final MqttTransport transport;
    private final List<Message> messages = Collections.synchronizedList(new ArrayList<>());

    private WireTap(MqttTransport transport) {
        this.transport = transport;
    }

    /** Connects to {@code broker} (with whatever credentials its URL holds) and listens to every topic. */
    public static WireTap listen(BrokerUrl broker) throws TransportException {
        WireTap tap = new WireTap(new MqttTransport(broker, "wire-tap-" + System.nanoTime(), 10, null));
        tap.transport.connect(Duration.ofSeconds(10));
        tap.transport.subscribe("#", Qos.AT_LEAST_ONCE, (topic, bytes) -> tap.messages.add(new Message(topic, bytes.clone())));
        return tap;
    }

    /** What was heard so far. */
    public List<Message> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    /** Adds the messages heard on topics that start with {@code topicPrefix} to {@code search}; returns how many. */
    public int searchedBy(SecretSearch search, String topicPrefix) {
        List<Message> all = messages();
        int searched = 0;
        for (int i = 0; i < all.size(); i++) {
            Message m = all.get(i);
            if (m.topic().startsWith(topicPrefix)) {
                search.text("wire message #" + i + " on " + m.topic() + ": " + m.note(), m.searchableText());
                searched++;
            }
        }
        return searched;
    }

    @Override
    public void close() {
        transport.close();
    }
}
