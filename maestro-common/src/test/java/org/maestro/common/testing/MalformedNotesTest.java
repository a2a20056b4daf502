package org.maestro.common.testing;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.NoteCodecException;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fuzzer's notes: repeatable by seed, and each what its kind says, as the codec sees it. */
class MalformedNotesTest {
    private static final int NOTES = 3_000;

    @Test
    void theSameSeedGivesTheSameNotes() {
        MalformedNotes a = new MalformedNotes(42);
        MalformedNotes b = new MalformedNotes(42);
        for (int i = 0; i < 200; i++) {
            MalformedNotes.Sample x = a.next();
            MalformedNotes.Sample y = b.next();
            assertEquals(x.kind(), y.kind());
            assertArrayEquals(x.bytes(), y.bytes(), "note " + i);
        }
    }

    @Test
    void everyNoteButAnUnsolicitedReplyIsRefusedByTheCodecWithItsOwnException() {
        long seed = MalformedNotes.seed("maestro.fuzz.seed");
        System.out.println("MalformedNotesTest seed " + seed + " (-Dmaestro.fuzz.seed=" + seed + " repeats it)");
        MalformedNotes fuzz = new MalformedNotes(seed);
        Map<MalformedNotes.Kind, Integer> correlated = new EnumMap<>(MalformedNotes.Kind.class);
        for (int i = 0; i < NOTES; i++) {
            MalformedNotes.Sample s = fuzz.next();
            if (s.kind() == MalformedNotes.Kind.UNSOLICITED_REPLY) {
                assertTrue(s.decodable(), s.toString());
                continue;
            }
            // Anything but NoteCodecException (an OutOfMemoryError, an NPE) fails the test here.
            assertThrows(NoteCodecException.class, () -> NoteCodec.decode(s.bytes()), s.toString());
            assertFalse(s.decodable());
            if (!s.correlationId().isEmpty()) {
                correlated.merge(s.kind(), 1, Integer::sum);
            }
        }
        for (MalformedNotes.Kind k : new MalformedNotes.Kind[]{MalformedNotes.Kind.WRONG_VERSION,
                MalformedNotes.Kind.UNKNOWN_COMMAND, MalformedNotes.Kind.HUGE_MAP, MalformedNotes.Kind.HUGE_ARGS}) {
            assertTrue(correlated.getOrDefault(k, 0) > 0, "a readable header in some " + k + ": " + correlated);
        }
    }

    @Test
    void aNoteOfAnotherVersionOrAnUnknownCommandKeepsItsCorrelationId() {
        MalformedNotes fuzz = new MalformedNotes(7);
        for (MalformedNotes.Kind k : new MalformedNotes.Kind[]{MalformedNotes.Kind.WRONG_VERSION, MalformedNotes.Kind.UNKNOWN_COMMAND}) {
            MalformedNotes.Sample s = fuzz.next(k);
            assertFalse(s.correlationId().isEmpty(), s + ": a readable header has its correlation id");
            assertThrows(NoteCodecException.class, () -> NoteCodec.decodeHeader(s.bytes()));
        }
        assertEquals("", NoteCodec.correlationIdOf(new byte[]{(byte) 0xc1}));
        assertEquals("", NoteCodec.correlationIdOf(new byte[0]));
        byte[] valid = NoteCodec.encode(org.maestro.common.note.SampleNotes.wrap(new org.maestro.common.note.Payload.Flush()));
        assertEquals("", NoteCodec.correlationIdOf(Arrays.copyOf(valid, 5)), "cut inside the header");
    }
}
