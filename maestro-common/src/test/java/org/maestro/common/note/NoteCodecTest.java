package org.maestro.common.note;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class NoteCodecTest {

    static List<Payload> payloads() {
        return SampleNotes.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("payloads")
    void everyNoteSurvivesARoundTrip(Payload payload) throws Exception {
        Note note = SampleNotes.wrap(payload);
        byte[] bytes = NoteCodec.encode(note);
        Note back = NoteCodec.decode(bytes);
        assertEquals(note, back);
        assertArrayEquals(bytes, NoteCodec.encode(back));
    }

    @Test
    void theSamplesCoverEveryCommand() {
        Set<Command> covered = new HashSet<>();
        for (Payload p : SampleNotes.all()) {
            covered.add(p.command());
            assertTrue(NoteCodec.isKnown(p.type(), p.command()), p.toString());
        }
        assertEquals(Set.of(Command.values()), covered);
    }

    @Test
    void wireNumbersAreThoseOfTheMaestroProtocol() {
        assertEquals(0, Command.START_RECEIVER.code());
        assertEquals(10, Command.PING.code());
        assertEquals(14, Command.ABNORMAL_DISCONNECT.code());
        assertEquals(17, Command.GET.code());
        assertEquals(21, Command.AGENT_SOURCE.code());
        assertEquals(30, Command.USER_COMMAND_1.code());
        assertEquals(2, NoteType.NOTIFICATION.code());
        Set<Integer> codes = new HashSet<>();
        for (Command c : Command.values()) {
            assertTrue(codes.add(c.code()), "duplicate code " + c.code());
            assertTrue(c.code() <= 30 || c.code() >= 40, c + " must take a number from 40 up");
        }
    }

    @Test
    void aReplyCarriesTheRequestsCorrelationId() {
        Note request = Note.request("client-1", new Payload.StatsRequest());
        Note reply = Note.reply(request, "peer-1", new Payload.StatsReply(SampleNotes.STATS));
        assertEquals(request.correlationId(), reply.correlationId());
        assertEquals("peer-1", reply.senderId());
    }

    @Test
    void aNoteWhoseHeaderDisagreesWithItsPayloadIsRefused() {
        NoteHeader header = new NoteHeader(1, NoteType.REQUEST, Command.PING, "c", "m", "s");
        assertThrows(IllegalArgumentException.class, () -> new Note(header, new Payload.Halt()));
    }

    @Test
    void aFieldOfTheWrongTypeIsNamed() throws Exception {
        // A PING whose clientTimeMicros is a string: re-encode by hand with msgpack.
        try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
            packer.packArrayHeader(7).packInt(1).packInt(0).packInt(Command.PING.code())
                    .packString("c").packString("m").packString("s").packArrayHeader(1).packString("soon");
            NoteCodecException e = assertThrows(NoteCodecException.class, () -> NoteCodec.decode(packer.toByteArray()));
            assertTrue(e.getMessage().contains("clientTimeMicros"), e.getMessage());
            assertTrue(e.getMessage().contains("string"), e.getMessage());
        }
    }

    @Test
    void anUnknownVersionOrCommandIsNamed() throws Exception {
        try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
            packer.packArrayHeader(7).packInt(7).packInt(0).packInt(10).packString("c").packString("m")
                    .packString("peer-x").packArrayHeader(0);
            NoteCodecException e = assertThrows(NoteCodecException.class, () -> NoteCodec.decode(packer.toByteArray()));
            assertTrue(e.getMessage().contains("version 7"), e.getMessage());
        }
        try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
            packer.packArrayHeader(7).packInt(1).packInt(0).packInt(99).packString("c").packString("m")
                    .packString("peer-x").packArrayHeader(0);
            NoteCodecException e = assertThrows(NoteCodecException.class, () -> NoteCodec.decode(packer.toByteArray()));
            assertTrue(e.getMessage().contains("unknown command 99"), e.getMessage());
        }
    }

    @Test
    void fieldsAddedByANewerPeerAreSkipped() throws Exception {
        try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
            packer.packArrayHeader(7).packInt(1).packInt(1).packInt(Command.OK.code()).packString("c")
                    .packString("m").packString("s").packArrayHeader(3).packString("done")
                    .packMapHeader(1).packString("new").packLong(5).packBoolean(true);
            Note note = NoteCodec.decode(packer.toByteArray());
            assertEquals(new Payload.Ok("done"), note.payload());
        }
    }

    /** An older peer's PING reply ends after peerTimeMicros: its clock is unknown, and the reply still reads. */
    @Test
    void aPingReplyOfAnOlderPeerReadsWithItsClockUnknown() throws Exception {
        try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
            packer.packArrayHeader(7).packInt(1).packInt(1).packInt(Command.PING.code()).packString("c")
                    .packString("m").packString("s").packArrayHeader(3)
                    .packArrayHeader(5).packString("p1").packString("sender-1").packString("load-1").packString("sender").packString("")
                    .packLong(1_000L).packLong(2_000L);
            Payload.PingReply r = (Payload.PingReply) NoteCodec.decode(packer.toByteArray()).payload();
            assertEquals(2_000L, r.peerTimeMicros());
            assertEquals(ClockSource.UNKNOWN, r.clock());
        }
        Payload.PingReply now = new Payload.PingReply(SampleNotes.PEER, 1, 2, ClockSource.local());
        assertEquals(ClockSource.local(), ((Payload.PingReply) NoteCodec.decode(NoteCodec.encode(SampleNotes.wrap(now))).payload()).clock(),
                "a peer tells its boot id and process");
    }

    /** An older client's START has no fields: it starts at once; an older peer skips the appended instant. */
    @Test
    void aStartOfAnOlderClientStartsAtOnce() throws Exception {
        for (Command c : List.of(Command.START_SENDER, Command.START_RECEIVER)) {
            try (var packer = org.msgpack.core.MessagePack.newDefaultBufferPacker()) {
                packer.packArrayHeader(7).packInt(1).packInt(0).packInt(c.code()).packString("c")
                        .packString("m").packString("s").packArrayHeader(0);
                Payload p = NoteCodec.decode(packer.toByteArray()).payload();
                assertEquals(Payload.AT_ONCE, p instanceof Payload.StartSender s ? s.startAtMicros() : ((Payload.StartReceiver) p).startAtMicros());
            }
        }
        Payload.StartSender at = new Payload.StartSender(1_700_000_000_500_000L);
        assertEquals(at, NoteCodec.decode(NoteCodec.encode(SampleNotes.wrap(at))).payload());
    }

    @Test
    void truncatedNotesFailWithTheCodecsOwnException() {
        for (Payload p : SampleNotes.all()) {
            byte[] bytes = NoteCodec.encode(SampleNotes.wrap(p));
            for (int len = 0; len < bytes.length; len++) {
                expectCodecErrorOnly(Arrays.copyOf(bytes, len));
            }
        }
    }

    @Test
    void randomAndCorruptedBytesFailWithTheCodecsOwnException() {
        Random random = new Random(20261122);
        for (int i = 0; i < 50_000; i++) {
            byte[] bytes = new byte[random.nextInt(64)];
            random.nextBytes(bytes);
            expectCodecErrorOnly(bytes);
        }
        // Valid notes with one to three bytes changed: the nastiest inputs, as they pass the first checks.
        List<Payload> samples = SampleNotes.all();
        int decodedAnyway = 0;
        for (int i = 0; i < 50_000; i++) {
            byte[] bytes = NoteCodec.encode(SampleNotes.wrap(samples.get(random.nextInt(samples.size()))));
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
            }
            if (expectCodecErrorOnly(bytes)) {
                decodedAnyway++;
            }
        }
        assertTrue(decodedAnyway < 50_000, "corruption was never detected");
    }

    @Test
    void aLengthThatLiesIsCaughtBeforeAllocating() {
        // A payload string claiming 2 GiB in a note of a few dozen bytes.
        byte[] bytes = NoteCodec.encode(Note.request("c", new Payload.Get("k")));
        int at = bytes.length - 2; // the fixstr header of "k"
        byte[] lying = Arrays.copyOf(bytes, at + 5);
        lying[at] = (byte) 0xdb; // str32
        lying[at + 1] = 0x7f;
        lying[at + 2] = (byte) 0xff;
        lying[at + 3] = (byte) 0xff;
        lying[at + 4] = (byte) 0xff;
        NoteCodecException e = assertThrows(NoteCodecException.class, () -> NoteCodec.decode(lying));
        assertTrue(e.getMessage().contains("claims"), e.getMessage());
    }

    /** Decodes; returns true if the bytes happened to be a valid note, fails on any other exception. */
    private static boolean expectCodecErrorOnly(byte[] bytes) {
        try {
            assertNotNull(NoteCodec.decode(bytes));
            return true;
        } catch (NoteCodecException e) {
            assertNotNull(e.getMessage());
            assertTrue(!e.getMessage().isBlank());
            return false;
        } catch (Throwable t) {
            fail("decoding " + Arrays.toString(bytes) + " threw " + t, t);
            return false;
        }
    }
}
