package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sequence-events.csv: what a receiver writes, the client reads back event for event. */
class SequenceEventsCsvRoundTripTest {

    @Test
    void eventsReadBackAsWritten(@TempDir Path dir) throws Exception {
        try (SequenceEventsCsv csv = SequenceEventsCsv.create(dir)) {
            csv.write(1_700_000_000_000_001L, 0xfedcba9876543210L, 7, SequenceEventsCsv.DUPLICATE);
            csv.write(1_700_000_000_000_002L, 1, 3, SequenceEventsCsv.OUT_OF_ORDER);
        }
        Path file = dir.resolve(PeerFiles.SEQUENCE_EVENTS_CSV);
        assertEquals(List.of("epochMicros,stream,sequence,kind", "1700000000000001,fedcba9876543210,7,duplicate",
                "1700000000000002,1,3,out-of-order"), Files.readAllLines(file));
        List<SequenceEventsCsv.Event> read = new ArrayList<>();
        SequenceEventsCsv.read(file, read::add);
        assertEquals(List.of(new SequenceEventsCsv.Event(1_700_000_000_000_001L, 0xfedcba9876543210L, 7, "duplicate"),
                new SequenceEventsCsv.Event(1_700_000_000_000_002L, 1, 3, "out-of-order")), read);
        assertTrue(read.get(0).isDuplicate());
        assertFalse(read.get(1).isDuplicate());
    }

    @Test
    void aHealthyRunHasOnlyTheHeader(@TempDir Path dir) throws Exception {
        SequenceEventsCsv.create(dir).close();
        List<SequenceEventsCsv.Event> read = new ArrayList<>();
        SequenceEventsCsv.read(dir.resolve(PeerFiles.SEQUENCE_EVENTS_CSV), read::add);
        assertEquals(List.of(), read);
    }
}
