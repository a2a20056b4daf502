package org.maestro.common.note;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessageUnpacker;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Encodes notes to MessagePack and back. A note is one array:
 * {@code [version, type, command, correlationId, messageId, senderId, [payload fields...]]}.
 * Decoding never throws anything but {@link NoteCodecException}, whatever the bytes.
 */
public final class NoteCodec {
    /** The protocol version this build speaks. */
    public static final int PROTOCOL_VERSION = 1;

    private static final int HEADER_FIELDS = 6;

    @FunctionalInterface
    private interface Decoder {
        Payload read(PayloadReader r) throws NoteCodecException;
    }

    private static final Map<Integer, Decoder> DECODERS = new HashMap<>();

    static {
        request(Command.START_RECEIVER, r -> new Payload.StartReceiver(r.optionalInt64("startAtMicros")));
        request(Command.STOP_RECEIVER, r -> new Payload.StopReceiver());
        request(Command.START_SENDER, r -> new Payload.StartSender(r.optionalInt64("startAtMicros")));
        request(Command.PREPARE, r -> new Payload.Prepare());
        request(Command.STOP_SENDER, r -> new Payload.StopSender());
        request(Command.START_INSPECTOR, r -> new Payload.StartInspector(r.string("inspectorType")));
        request(Command.STOP_INSPECTOR, r -> new Payload.StopInspector());
        request(Command.FLUSH, r -> new Payload.Flush());
        request(Command.SET, r -> new Payload.SetOptions(r.stringMap("options")));
        request(Command.STATS, r -> new Payload.StatsRequest());
        request(Command.HALT, r -> new Payload.Halt());
        request(Command.PING, r -> new Payload.Ping(r.int64("clientTimeMicros")));
        request(Command.GET, r -> new Payload.Get(r.string("key")));
        request(Command.START_AGENT, r -> new Payload.StartAgent(r.string("handler"), r.strings("args")));
        request(Command.STOP_AGENT, r -> new Payload.StopAgent(r.string("handler"), r.strings("args")));
        request(Command.USER_COMMAND_1, r -> new Payload.UserCommand1(r.string("handler"), r.strings("args")));
        request(Command.AGENT_SOURCE, r -> new Payload.AgentSource(r.string("url"), r.string("branch")));

        response(Command.OK, r -> new Payload.Ok(r.string("detail")));
        response(Command.PROTOCOL_ERROR, r -> new Payload.ProtocolError(r.string("reason")));
        response(Command.INTERNAL_ERROR, r -> new Payload.InternalError(r.string("reason")));
        response(Command.PING, r -> new Payload.PingReply(r.peer("peer"), r.int64("clientTimeMicros"),
                r.int64("peerTimeMicros"), new ClockSource(r.optionalString("bootId"), r.optionalString("process"))));
        response(Command.STATS, r -> new Payload.StatsReply(r.stats("stats")));
        response(Command.GET, r -> new Payload.GetReply(r.string("key"), r.string("value")));

        notification(Command.ABNORMAL_DISCONNECT, r -> new Payload.AbnormalDisconnect(r.peer("peer")));
        notification(Command.NOTIFY_FAIL, r -> new Payload.NotifyFail(r.string("testId"), r.string("reason")));
        notification(Command.NOTIFY_SUCCESS, r -> new Payload.NotifySuccess(r.string("testId"), r.string("detail")));
        notification(Command.NOTIFY_PROGRESS, r -> new Payload.Progress(r.stats("stats")));
        notification(Command.NOTIFY_HANDLER, r -> new Payload.HandlerOutcome(r.string("runId"), r.string("handler"),
                r.string("outcome"), r.int64("exitStatus"), r.int64("startMicros"), r.int64("endMicros"),
                r.string("reason")));
    }

    /**
     * Packers that start with a buffer the size of a typical note: the default starts at 8 KiB, two of them per note
     * (17 KiB allocated to encode a 200-byte PROGRESS, bench/jmh.sh). A bigger note grows the buffer as it needs.
     */
    private static final MessagePack.PackerConfig PACKER = new MessagePack.PackerConfig().withBufferSize(512);

    private NoteCodec() {
    }

    /** True when this build can decode a note of this type and command. */
    public static boolean isKnown(NoteType type, Command command) {
        return DECODERS.containsKey(key(type, command));
    }

    public static byte[] encode(Note note) {
        NoteHeader h = note.header();
        try (MessageBufferPacker packer = PACKER.newBufferPacker()) {
            packer.packArrayHeader(HEADER_FIELDS + 1);
            packer.packInt(h.protocolVersion());
            packer.packInt(h.type().code());
            packer.packInt(h.command().code());
            packer.packString(h.correlationId());
            packer.packString(h.messageId());
            packer.packString(h.senderId());
            // The payload is an array of its fields: write them aside to learn how many there are.
            MessageBufferPacker body = PACKER.newBufferPacker();
            PayloadWriter writer = new PayloadWriter(body);
            note.payload().write(writer);
            packer.packArrayHeader(writer.fields());
            packer.writePayload(body.toByteArray());
            return packer.toByteArray();
        } catch (IOException e) {
            // Packing into memory cannot fail on I/O; this would be a bug in a payload's write method.
            throw new IllegalStateException("cannot encode " + h.type() + " " + h.command() + ": " + e.getMessage(), e);
        }
    }

    /** Decodes a whole note. */
    public static Note decode(byte[] bytes) throws NoteCodecException {
        if (bytes == null || bytes.length == 0) {
            throw new NoteCodecException("empty note: no bytes to decode");
        }
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
            NoteHeader header = readHeader(u, bytes.length);
            Decoder decoder = DECODERS.get(key(header.type(), header.command()));
            if (decoder == null) {
                throw new NoteCodecException("note " + header.type() + " " + header.command()
                        + " is not part of protocol version " + PROTOCOL_VERSION);
            }
            String where = header.type().name().toLowerCase() + " " + header.command();
            int fields = payloadFields(u, bytes.length, where);
            PayloadReader r = new PayloadReader(u, bytes.length, where, fields);
            Payload payload = decoder.read(r);
            r.skipRest();
            return new Note(header, payload);
        } catch (IOException | MessagePackException | IllegalArgumentException e) {
            throw new NoteCodecException("undecodable note of " + bytes.length + " bytes: " + e.getMessage(), e);
        }
    }

    /**
     * Decodes only the header, to answer a note whose payload is broken with PROTOCOL_ERROR to the
     * right request.
     */
    public static NoteHeader decodeHeader(byte[] bytes) throws NoteCodecException {
        if (bytes == null || bytes.length == 0) {
            throw new NoteCodecException("empty note: no bytes to decode");
        }
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
            return readHeader(u, bytes.length);
        } catch (IOException | MessagePackException | IllegalArgumentException e) {
            throw new NoteCodecException("undecodable note header: " + e.getMessage(), e);
        }
    }

    /**
     * The correlation id of a note whose header has the shape of one ({@code [int, int, int, str, ...]}),
     * whatever its version, type and command say: a note of another version or with an unknown command still
     * gets its PROTOCOL_ERROR correlated, so its sender learns why. "" when not even that can be read.
     */
    public static String correlationIdOf(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            return "";
        }
        try (MessageUnpacker u = MessagePack.newDefaultUnpacker(bytes)) {
            if (new PayloadReader(u, bytes.length, "note header", 0).arrayOf("note") < HEADER_FIELDS + 1) {
                return "";
            }
            PayloadReader h = new PayloadReader(u, bytes.length, "note header", HEADER_FIELDS);
            h.int64("protocolVersion");
            h.int64("type");
            h.int64("command");
            return h.string("correlationId");
        } catch (NoteCodecException | IOException | MessagePackException | IllegalArgumentException e) {
            return "";
        }
    }

    private static NoteHeader readHeader(MessageUnpacker u, int length) throws NoteCodecException {
        int n = new PayloadReader(u, length, "note header", 0).arrayOf("note");
        if (n < HEADER_FIELDS + 1) {
            throw new NoteCodecException("note header: a note is an array of " + (HEADER_FIELDS + 1)
                    + " values, this one has " + n);
        }
        PayloadReader h = new PayloadReader(u, length, "note header", HEADER_FIELDS);
        long version = h.int64("protocolVersion");
        long typeCode = h.int64("type");
        long commandCode = h.int64("command");
        String correlationId = h.string("correlationId");
        String messageId = h.string("messageId");
        String senderId = h.string("senderId");
        if (version != PROTOCOL_VERSION) {
            throw new NoteCodecException("note from '" + senderId + "' speaks protocol version " + version
                    + ", this peer speaks " + PROTOCOL_VERSION);
        }
        NoteType type = typeCode == (int) typeCode ? NoteType.fromCode((int) typeCode) : null;
        if (type == null) {
            throw new NoteCodecException("note from '" + senderId + "' has unknown type " + typeCode);
        }
        Command command = commandCode == (int) commandCode ? Command.fromCode((int) commandCode) : null;
        if (command == null) {
            throw new NoteCodecException("note from '" + senderId + "' has unknown command " + commandCode);
        }
        return new NoteHeader((int) version, type, command, correlationId, messageId, senderId);
    }

    private static int payloadFields(MessageUnpacker u, int length, String where) throws NoteCodecException {
        return new PayloadReader(u, length, where, 0).arrayOf("payload");
    }

    private static int key(NoteType type, Command command) {
        return type.code() * 1000 + command.code();
    }

    private static void request(Command c, Decoder d) {
        DECODERS.put(key(NoteType.REQUEST, c), d);
    }

    private static void response(Command c, Decoder d) {
        DECODERS.put(key(NoteType.RESPONSE, c), d);
    }

    private static void notification(Command c, Decoder d) {
        DECODERS.put(key(NoteType.NOTIFICATION, c), d);
    }
}
