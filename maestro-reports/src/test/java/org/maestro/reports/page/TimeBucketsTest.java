package org.maestro.reports.page;

import org.maestro.results.reduce.TimeBuckets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.reports.Series;

/** Counting into time buckets, and how wide they get for a long run. */
class TimeBucketsTest {

    @Test
    void countsIntoBucketsOnBothSidesOfTheOrigin() {
        long origin = 1_000_000_000_000L;
        TimeBuckets b = new TimeBuckets(origin, 1);
        b.add(origin);
        b.add(origin + 999_999);
        b.add(origin - 1);
        b.add(origin + 500 * 1_000_000L);
        assertEquals(-1, b.minSecond());
        assertEquals(500, b.maxSecond());
        assertEquals(2, b.get(0));
        assertEquals(1, b.get(-1));
        assertEquals(1, b.get(500));
        assertEquals(4, b.total());
        Series s = Series.of("x", b);
        assertEquals(502, s.size(), "empty seconds included as zero");
        assertEquals(-1.0, s.x(0));
    }

    @Test
    void wideBucketsGiveAnAverageRate() {
        long origin = 0;
        TimeBuckets b = new TimeBuckets(origin, 5);
        for (int i = 0; i < 100; i++) {
            b.add(i * 100_000L); // 10 s at 10 msg/s
        }
        Series s = Series.of("x", b);
        assertEquals(2, s.size());
        assertEquals(0.0, s.x(0));
        assertEquals(5.0, s.x(1));
        assertEquals(10.0, s.y(0), 1e-9);
        assertEquals(10.0, s.y(1), 1e-9);
        TimeBuckets total = new TimeBuckets(origin, 5);
        total.addAll(b);
        total.addAll(b);
        assertEquals(200, total.total());
    }

    @Test
    void aLongRunGetsWiderBuckets() {
        assertEquals(1, ReportData.bucketSeconds(0, 3600));
        assertEquals(1, ReportData.bucketSeconds(3_599_000_000L, 3600));
        assertEquals(24, ReportData.bucketSeconds(86_399_000_000L, 3600), "a day in 3600 points");
        for (long seconds : new long[] {3_600, 7_201, 86_400, 1_000_000}) {
            int width = ReportData.bucketSeconds(seconds * 1_000_000L, 3600);
            assertTrue((seconds + 1 + width - 1) / width <= 3600, seconds + " s in buckets of " + width + " s");
        }
    }
}
