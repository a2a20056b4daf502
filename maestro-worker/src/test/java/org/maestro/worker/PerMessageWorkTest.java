package org.maestro.worker;

import org.maestro.common.units.SizeMix;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.ratelog.RateLogReader;
import org.maestro.common.ratelog.RateLogWriter;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.SequenceEventsCsv;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sender's and a receiver's per-message work (SentMessages, ReceivedMessages) on real files, read back with the readers. */
class PerMessageWorkTest {
    private static final long START = 1_700_000_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aSenderStampsOneReusedBodyOfAFixedSizeAndKeepsEveryMessage() throws IOException {
        AtomicLong count = new AtomicLong();
        IntervalLog delay = new IntervalLog(dir.resolve("delay.hlog"), START / 1000, "test");
        try (RateLogWriter rateLog = RateLogWriter.create(dir.resolve("s.rlog"), START, "test")) {
            SentMessages fixed = new SentMessages(5, SizeMix.parse("100"), START, rateLog, delay, count);
            byte[] first = fixed.body(0, 10, 12, true);
            assertEquals(new MessageStamp(5, 0, START + 10, START + 12, true), MessageStamp.readFrom(first));
            fixed.sent(10, 12, true);
            byte[] second = fixed.body(1, 20, 27, false);
            assertSame(first, second, "one array for a fixed size");
            assertEquals(new MessageStamp(5, 1, START + 20, START + 27, false), MessageStamp.readFrom(second));
            fixed.sent(20, 27, false);
            SentMessages varying = new SentMessages(6, SizeMix.parse("~50 ±20%"), START, rateLog, delay, count);
            byte[] a = varying.body(0, 30, 30, false);
            assertNotSame(a, varying.body(1, 40, 40, false), "a new array for each size drawn");
            assertTrue(a.length >= 40 && a.length <= 60, "size " + a.length);
        }
        delay.close();
        assertEquals(2, count.get());
        assertEquals(1, delay.measured().getTotalCount(), "the warm-up message is left out");
        assertEquals(7, delay.measured().getMaxValue());
        List<long[]> records = new ArrayList<>();
        try (RateLogReader r = RateLogReader.open(dir.resolve("s.rlog"))) {
            r.forEachRemaining((eta, ata) -> records.add(new long[]{eta, ata}));
        }
        assertArrayEquals(new long[]{10, 12, 20, 27}, records.stream().flatMapToLong(java.util.Arrays::stream).toArray());
    }

    /** 1: one connection's thread records (lighter recorders); 4: several do. */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void anHdrLogTicksItsMeasuredAndWarmupSecondsApart(int writers) throws IOException {
        IntervalLog log = new IntervalLog(dir.resolve("l.hlog"), START / 1000, "test", writers);
        log.record(7_200_000_000L, false);
        log.record(-5, false);
        log.record(1_500, true);
        log.tick();
        assertEquals(3, log.lastInterval().getTotalCount(), "the warm-up too");
        assertEquals(2, log.measured().getTotalCount());
        assertTrue(log.measured().valuesAreEquivalent(7_200_000_000L, log.measured().getMaxValue()), "two hours");
        assertEquals(0, log.measured().getMinValue(), "a negative value is held at 0");
        log.record(40, false);
        log.tick();
        assertEquals(1, log.lastInterval().getTotalCount(), "the second interval alone");
        assertEquals(3, log.measured().getTotalCount());
        log.close();
        List<String> tags = new ArrayList<>();
        try (java.io.FileInputStream in = new java.io.FileInputStream(dir.resolve("l.hlog").toFile())) {
            org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
            for (org.HdrHistogram.EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                tags.add(h.getTag() + ":" + ((org.HdrHistogram.Histogram) h).getTotalCount());
            }
        }
        assertEquals(List.of(PeerFiles.WARMUP_TAG + ":1", "null:2", "null:1", "null:0"), tags, "read back by HdrHistogram's own reader");
    }

    @Test
    void logsTickingInTurnKeepTheirOwnIntervalsThoughTheyShareTheirScratchHistograms() throws IOException {
        IntervalLog a = new IntervalLog(dir.resolve("a.hlog"), START / 1000, "a", 1);
        IntervalLog b = new IntervalLog(null, START / 1000, "b", 2);
        a.record(3_000_000, false);
        a.record(10, true);
        b.record(20, false);
        a.tick();
        b.tick();
        assertEquals(2, a.lastInterval().getTotalCount());
        assertTrue(a.lastInterval().valuesAreEquivalent(3_000_000, a.lastInterval().getMaxValue()));
        assertEquals(1, b.lastInterval().getTotalCount(), "none of a's values");
        assertEquals(20, b.lastInterval().getMaxValue());
        b.record(30, false);
        b.tick();
        a.tick();
        assertEquals(0, a.lastInterval().getTotalCount(), "a's second interval is empty");
        assertEquals(1, a.measured().getTotalCount());
        assertEquals(2, b.measured().getTotalCount());
        assertEquals(30, b.measured().getMaxValue());
        a.close();
        b.close();
    }

    @Test
    void aReceiverCountsTimesAndAccountsForEveryStreamWithoutMixingThem() throws IOException {
        AtomicLong messages = new AtomicLong();
        AtomicLong outOfOrder = new AtomicLong();
        Sequences account = new Sequences();
        IntervalLog service = new IntervalLog(dir.resolve("service.hlog"), START / 1000, "test");
        IntervalLog response = new IntervalLog(dir.resolve("response.hlog"), START / 1000, "test");
        SequenceEventsCsv events = SequenceEventsCsv.create(dir);
        try (RateLogWriter rateLog = RateLogWriter.create(dir.resolve("r.rlog"), START, "test")) {
            ReceivedMessages received = new ReceivedMessages(account, rateLog, service, response, events, START, messages, outOfOrder);
            // Stream 1: 0 1 3 2 (2 late: out of order) 3 again (duplicate); stream 2 interleaved: 0 1, then 3 (2 lost).
            long[][] arrivals = {{1, 0}, {2, 0}, {1, 1}, {2, 1}, {1, 3}, {1, 2}, {2, 3}, {1, 3}};
            long t = 0;
            for (long[] a : arrivals) {
                byte[] body = new byte[64];
                MessageStamp.write(body, a[0], a[1], START + t, START + t + 5, false);
                received.record(body, START + t + 105);
                t += 1000;
            }
            assertThrows(IllegalArgumentException.class, () -> received.record(new byte[64], START));
        }
        events.close();
        service.close();
        response.close();
        assertEquals(8, messages.get(), "the foreign body is not counted");
        assertEquals(1, outOfOrder.get());
        assertArrayEquals(new long[]{1, 1}, account.totals(), "{missing: stream 2's 2, duplicated: stream 1's 3}");
        assertEquals(8, service.measured().getTotalCount());
        assertEquals(100, service.measured().getMaxValue());
        assertEquals(105, response.measured().getMaxValue());
        List<String> kinds = new ArrayList<>();
        SequenceEventsCsv.read(dir.resolve(PeerFiles.SEQUENCE_EVENTS_CSV), e -> kinds.add(e.stream() + ":" + e.sequence() + " " + e.kind()));
        assertEquals(List.of("1:2 " + SequenceEventsCsv.OUT_OF_ORDER, "1:3 " + SequenceEventsCsv.DUPLICATE), kinds);
        try (RateLogReader r = RateLogReader.open(dir.resolve("r.rlog"))) {
            assertEquals(8, r.forEachRemaining((eta, ata) -> assertEquals(105, ata - eta)));
        }
    }
}
