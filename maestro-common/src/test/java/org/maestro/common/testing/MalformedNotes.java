package org.maestro.common.testing;

import org.maestro.common.note.Command;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;
import org.maestro.common.note.NoteHeader;
import org.maestro.common.note.NoteType;
import org.maestro.common.note.Payload;
import org.maestro.common.note.SampleNotes;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded generator of hostile notes, for fuzzing peers and the client through a real broker. The same
 * seed gives the same notes. Every note but an {@link Kind#UNSOLICITED_REPLY} is one that
 * {@link NoteCodec#decode} refuses: a mutation that happens to give a valid note (a bit flip can turn STATS
 * into HALT) is drawn again, so a fuzzed peer never obeys one.
 *
 * <pre>{@code
 * MalformedNotes fuzz = new MalformedNotes(MalformedNotes.seed("maestro.fuzz.seed"));
 * MalformedNotes.Sample s = fuzz.next();   // s.kind(), s.bytes(), s.decodable(), s.correlationId()
 * }</pre>
 */
public final class MalformedNotes {
    /** What a sample is. */
    public enum Kind {
        /** Random bytes, 0 to 2 KiB. */
        RANDOM_BYTES,
        /** A valid request cut short. */
        TRUNCATED,
        /** A valid request with one to three bits flipped. */
        BIT_FLIPPED,
        /** A length (array, map, string, binary) of up to 4 G announced, with a few bytes after it. */
        ABSURD_LENGTH,
        /** A SET with thousands of options, the last one broken. */
        HUGE_MAP,
        /** An agent request with thousands of arguments, the last one broken. */
        HUGE_ARGS,
        /** A valid request of a protocol version other than this build's. */
        WRONG_VERSION,
        /** A command (or type) the protocol does not have, or a command sent as the wrong type. */
        UNKNOWN_COMMAND,
        /** A valid response to a request nobody made (a random correlation id). */
        UNSOLICITED_REPLY
    }

    /**
     * One generated note.
     *
     * @param decodable     whether {@link NoteCodec#decode} accepts it (only unsolicited replies)
     * @param correlationId what {@link NoteCodec#correlationIdOf} reads: the id a PROTOCOL_ERROR answers, "" if none
     */
    public record Sample(Kind kind, byte[] bytes, boolean decodable, String correlationId) {
        /** Whether a peer that receives it must answer PROTOCOL_ERROR. */
        public boolean expectsProtocolError() {
            return !decodable;
        }

        @Override
        public String toString() {
            return kind + " (" + bytes.length + " bytes" + (correlationId.isEmpty() ? "" : ", correlation " + correlationId) + ")";
        }
    }

    private static final List<Payload> REQUESTS = SampleNotes.all().stream().filter(p -> p.type() == NoteType.REQUEST).toList();
    private static final List<Payload> RESPONSES = SampleNotes.all().stream().filter(p -> p.type() == NoteType.RESPONSE).toList();
    /** Codes (type, command) the protocol does not have. */
    private static final long[] UNKNOWN_COMMANDS = {20, 22, 29, 31, 39, 42, 99, 127, 128, 255, 65_536, -1, 1L << 40};
    private static final long[] UNKNOWN_TYPES = {3, 4, 255, -1, 1L << 33};
    private static final long[] OTHER_VERSIONS = {0, 2, 3, 255, -1, Long.MAX_VALUE};
    private static final int MAX_REDRAWS = 50;

    private final SplittableRandom random;
    private final long seed;

    public MalformedNotes(long seed) {
        this.seed = seed;
        this.random = new SplittableRandom(seed);
    }

    /** The seed in system property {@code property}, or a fresh one; either way the caller should print it. */
    public static long seed(String property) {
        String given = System.getProperty(property);
        return given == null || given.isBlank() ? System.nanoTime() : Long.parseLong(given.trim());
    }

    public long seed() {
        return seed;
    }

    /** A note of a kind drawn at random (each kind equally likely). */
    public Sample next() {
        Kind[] kinds = Kind.values();
        return next(kinds[random.nextInt(kinds.length)]);
    }

    public Sample next(Kind kind) {
        for (int i = 0; i < MAX_REDRAWS; i++) {
            byte[] bytes = bytesOf(kind);
            boolean decodable = decodes(bytes);
            if (decodable == (kind == Kind.UNSOLICITED_REPLY)) {
                return new Sample(kind, bytes, decodable, NoteCodec.correlationIdOf(bytes));
            }
        }
        throw new IllegalStateException("no " + kind + " note in " + MAX_REDRAWS + " draws (seed " + seed + ")");
    }

    private byte[] bytesOf(Kind kind) {
        return switch (kind) {
            case RANDOM_BYTES -> randomBytes(random.nextInt(8) == 0 ? random.nextInt(4) : random.nextInt(2049));
            case TRUNCATED -> {
                byte[] valid = validRequest();
                yield Arrays.copyOf(valid, random.nextInt(valid.length));
            }
            case BIT_FLIPPED -> {
                byte[] flipped = validRequest();
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    int bit = random.nextInt(flipped.length * 8);
                    flipped[bit / 8] ^= (byte) (1 << (bit % 8));
                }
                yield flipped;
            }
            case ABSURD_LENGTH -> absurdLength();
            case HUGE_MAP -> hugeMap();
            case HUGE_ARGS -> hugeArgs();
            case WRONG_VERSION -> withHeader(OTHER_VERSIONS[random.nextInt(OTHER_VERSIONS.length)], 0, 10, ping());
            case UNKNOWN_COMMAND -> switch (random.nextInt(3)) {
                case 0 -> withHeader(NoteCodec.PROTOCOL_VERSION, 0, UNKNOWN_COMMANDS[random.nextInt(UNKNOWN_COMMANDS.length)], ping());
                case 1 -> withHeader(NoteCodec.PROTOCOL_VERSION, UNKNOWN_TYPES[random.nextInt(UNKNOWN_TYPES.length)], 10, ping());
                // OK as a request: a command of the protocol, but not one a peer is asked.
                default -> withHeader(NoteCodec.PROTOCOL_VERSION, 0, Command.OK.code(), ping());
            };
            case UNSOLICITED_REPLY -> NoteCodec.encode(note(RESPONSES.get(random.nextInt(RESPONSES.size()))));
        };
    }

    private byte[] validRequest() {
        return NoteCodec.encode(note(REQUESTS.get(random.nextInt(REQUESTS.size()))));
    }

    /** A note with ids drawn from the seed (not {@link org.maestro.common.note.Ids}), so a seed repeats its notes exactly. */
    private Note note(Payload payload) {
        return new Note(new NoteHeader(NoteCodec.PROTOCOL_VERSION, payload.type(), payload.command(), id(), id(),
                "fuzzer-" + random.nextInt(1000)), payload);
    }

    private String id() {
        return String.format("%016x", random.nextLong());
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }

    /** The payload array of a PING request: one integer. */
    private static byte[] ping() {
        return new Pack().array(1).integer(1_700_000_000_000_000L).bytes();
    }

    /** A note with this header and these payload bytes (which must start with the payload's array header). */
    private byte[] withHeader(long version, long type, long command, byte[] payload) {
        return new Pack().array(7).integer(version).integer(type).integer(command).string(id()).string(id())
                .string("fuzzer-" + random.nextInt(1000)).raw(payload).bytes();
    }

    /** A header with a readable correlation id, then a length far beyond the bytes that follow. */
    private byte[] absurdLength() {
        long huge = random.nextBoolean() ? 0xFFFF_FFFFL : (1L << 31) + random.nextInt(1 << 30);
        byte[] tail = randomBytes(random.nextInt(16));
        return switch (random.nextInt(6)) {
            // The note itself claims billions of values.
            case 0 -> new Pack().header(0xdd, huge).integer(1).integer(0).integer(10).raw(tail).bytes();
            // The correlation id claims a string of gigabytes.
            case 1 -> new Pack().array(7).integer(1).integer(0).integer(17).header(0xdb, huge).raw(tail).bytes();
            // GET: the key is a string of gigabytes.
            case 2 -> withHeader(1, 0, Command.GET.code(), new Pack().array(1).header(0xdb, huge).raw(tail).bytes());
            // SET: a map of billions of options.
            case 3 -> withHeader(1, 0, Command.SET.code(), new Pack().array(1).header(0xdf, huge).raw(tail).bytes());
            // START_AGENT: billions of arguments.
            case 4 -> withHeader(1, 0, Command.START_AGENT.code(), new Pack().array(2).string("h.sh").header(0xdd, huge).raw(tail).bytes());
            // The payload: billions of fields, or a binary of gigabytes where a string belongs.
            default -> random.nextBoolean()
                    ? withHeader(1, 0, Command.PING.code(), new Pack().header(0xdd, huge).raw(tail).bytes())
                    : withHeader(1, 0, Command.GET.code(), new Pack().array(1).header(0xc6, huge).raw(tail).bytes());
        };
    }

    /** SET with 1,000 to 4,000 options (a normal SET has about 20); the last value is an integer, or missing. */
    private byte[] hugeMap() {
        int n = 1_000 + random.nextInt(3_001);
        Pack p = new Pack().array(1).header(0xdf, n);
        for (int i = 0; i < n - 1; i++) {
            p.string("option." + i).string("value-" + i);
        }
        p.string("option.last");
        if (random.nextBoolean()) {
            p.integer(42);
        }
        return withHeader(1, 0, Command.SET.code(), p.bytes());
    }

    /** START_AGENT, STOP_AGENT or USER_COMMAND_1 with 1,000 to 10,000 arguments; the last one is not a string, or missing. */
    private byte[] hugeArgs() {
        int n = 1_000 + random.nextInt(9_001);
        Command[] agentCommands = {Command.START_AGENT, Command.STOP_AGENT, Command.USER_COMMAND_1};
        Pack p = new Pack().array(2).string("handlers/restart-broker.sh").header(0xdd, n);
        for (int i = 0; i < n - 1; i++) {
            p.string("--arg" + i);
        }
        if (random.nextBoolean()) {
            p.integer(-1);
        }
        return withHeader(1, 0, agentCommands[random.nextInt(3)].code(), p.bytes());
    }

    private static boolean decodes(byte[] bytes) {
        try {
            NoteCodec.decode(bytes);
            return true;
        } catch (NoteCodecException e) {
            return false;
        }
    }

    /** MessagePack written by hand, so that it can say what a packer never would (lengths it does not keep). */
    private static final class Pack {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        /** A 32-bit header: 0xdd array, 0xdf map, 0xdb str, 0xc6 bin; {@code length} up to 2^32 - 1. */
        Pack header(int marker, long length) {
            out.write(marker);
            out.writeBytes(ByteBuffer.allocate(4).putInt((int) length).array());
            return this;
        }

        Pack array(int n) {
            return header(0xdd, n);
        }

        Pack integer(long v) {
            out.write(0xd3);
            out.writeBytes(ByteBuffer.allocate(8).putLong(v).array());
            return this;
        }

        Pack string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            header(0xdb, b.length);
            out.writeBytes(b);
            return this;
        }

        Pack raw(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
