package org.maestro.results.reduce;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import org.maestro.results.Summary;

/** The sum of a set of peers' figures: what both a run's totals and each route's are computed by. */
class TallyTest {
    private static Histogram values(long from, long to) {
        Histogram h = new Histogram(3);
        for (long v = from; v <= to; v++) {
            h.recordValue(v);
        }
        return h;
    }

    private static Stats receiver(long lost, long duplicated) {
        return new Stats("t", Role.RECEIVER, "done", 0, 0, 0, -1, -1, -1, -1, -1, lost, duplicated, 0);
    }

    @Test
    void countsAddUpAndLatencyIsTheMergedHistogramsPercentile() {
        Tally t = new Tally();
        t.sender(1000, 100.04, values(1, 10));
        t.receiver(600, 60.0, values(1, 1000), values(1, 10), receiver(0, 0));
        t.receiver(390, 39.0, values(1001, 2000), values(1, 10), receiver(2, 0));
        Summary.Totals totals = t.totals(false, false);
        assertEquals(1000L, totals.sent());
        assertEquals(990L, totals.received());
        assertEquals(10L, totals.lost(), "what was sent and never arrived, not only the gaps seen");
        assertEquals(100.0, totals.sendRate(), "rounded to a tenth");
        assertEquals(99.0, totals.receiveRate());
        Histogram merged = values(1, 2000);
        assertEquals(merged.getValueAtPercentile(99) / 1000.0, totals.responseTime().p99(), 1e-9,
                "the merged histogram's p99, not the mean of each receiver's");
        assertEquals(2000, totals.responseTime().count());
        assertEquals(2L, t.totals(true, false).lost(), "on a topic: the subscribers' gaps");
    }

    @Test
    void competingReceiversGapsAreEachOthersMessagesNotLosses() {
        Tally t = new Tally();
        t.sender(1000, 100.0, values(1, 10));
        // Two receivers on one queue: each saw about half of the sender's sequence, so each counts the other half as gaps.
        t.receiver(500, 50.0, values(1, 10), values(1, 10), receiver(500, 0));
        t.receiver(500, 50.0, values(1, 10), values(1, 10), receiver(499, 0));
        assertEquals(0L, t.totals(false, true).lost(), "every message sent was received by one of them");
        assertEquals(999L, t.totals(false, false).lost(), "read as independent receivers, the gaps would be losses");
    }

    @Test
    void aPeerWithoutDataLeavesWhatDependsOnItUnknown() {
        Tally t = new Tally();
        t.sender(1000, 100.0, values(1, 10));
        t.missing(false, "data of receiver 'r' missing (gone)");
        Summary.Totals totals = t.totals(false, false);
        assertEquals(1000L, totals.sent());
        assertNull(totals.received());
        assertNull(totals.lost());
        assertNull(totals.responseTime());
        assertEquals(10L, totals.sendDelay().count());
    }
}
