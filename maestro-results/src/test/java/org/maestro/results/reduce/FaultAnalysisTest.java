package org.maestro.results.reduce;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Outage, recovery and loss on a timeline whose answer is known. */
class FaultAnalysisTest {
    private static final long ORIGIN = 1_700_000_000_000_000L;

    @Test
    void aBrokerRestartCostsItsOutageAndTheMessagesDueDuringIt() {
        // 1000 msg/s = 100 per 100 ms bucket for 20 s; the fault at 5.0 s; nothing arrives from 5.0 s
        // to 7.5 s; messages due then are lost (never arrive); the backlog-free rate is back at once.
        Timeline t = Timeline.empty(ORIGIN, 200);
        for (int i = 0; i < 200; i++) {
            t.sentByIntended[i] = 100;
            boolean down = i >= 50 && i < 75;
            t.receivedByIntended[i] = down ? 0 : 100;
            t.receivedByArrival[i] = down ? 0 : 100;
        }
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 5_000_000, ORIGIN + 20_000_000, 1000);
        assertEquals(2500, a.lost());
        assertEquals(2500, a.outageMillis());
        assertEquals(2500, a.recoveryMillis(), "back at the full rate from the first second after the outage");
        assertEquals(1, a.stops());
        assertEquals(2500, a.lastResumeMillis(), "one stop: it resumed at the end of the outage");
    }

    @Test
    void aSlowRecoveryIsMeasuredFromTheFault() {
        Timeline t = Timeline.empty(ORIGIN, 300);
        for (int i = 0; i < 300; i++) {
            t.sentByIntended[i] = 100;
            t.receivedByIntended[i] = 100;
            // stopped from 10 s to 12 s, then half rate until 15 s, then full rate
            t.receivedByArrival[i] = i >= 100 && i < 120 ? 0 : i >= 120 && i < 150 ? 50 : 100;
        }
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 10_000_000, ORIGIN + 30_000_000, 1000);
        assertEquals(0, a.lost(), "everything arrived in the end");
        assertEquals(2000, a.outageMillis());
        // A one-second window needs 9 of its 10 buckets at full rate (500 + 50k >= 950): it starts at 14.9 s.
        assertEquals(4900, a.recoveryMillis());
    }

    @Test
    void duplicatesAndReorderingAreCountedInTheirWindowAndDoNotHideLoss() {
        Timeline t = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 100; i++) {
            t.sentByIntended[i] = 10;
            t.receivedByIntended[i] = 10;
            t.receivedByArrival[i] = 10;
        }
        // Window 2 s..6 s: 3 messages lost, 2 others delivered twice (so "received" looks short by only 1).
        t.receivedByIntended[30] = 9;
        t.receivedByIntended[31] = 10 - 2 + 2;
        t.receivedByIntended[40] = 8 + 2;
        t.receivedByIntended[41] = 10 - 2;
        t.duplicatedByArrival[40] = 2;
        t.outOfOrderByArrival[45] = 4;
        t.outOfOrderByArrival[80] = 7; // after the window: another action's
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 2_000_000, ORIGIN + 6_000_000, 0);
        assertEquals(2, a.duplicated());
        assertEquals(4, a.outOfOrder());
        assertEquals(5, a.lost(), "1 + 2 short by intended time, plus the 2 duplicates that filled in for lost ones");
    }

    @Test
    void aFlowThatNeverResumesIsSaidSo() {
        Timeline t = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 100; i++) {
            t.sentByIntended[i] = 50;
            t.receivedByIntended[i] = i < 30 ? 50 : 0;
            t.receivedByArrival[i] = i < 30 ? 50 : 0;
        }
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 2_000_000, ORIGIN + 10_000_000, 500);
        assertEquals(new FaultAnalysis(3500, 0, 0, -1, -1, 1, -1), a);
    }

    @Test
    void aHarmlessActionCostsNothing() {
        Timeline t = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 100; i++) {
            t.sentByIntended[i] = 10;
            t.receivedByIntended[i] = 10;
            t.receivedByArrival[i] = i % 7 == 0 ? 0 : 10;
        }
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 2_000_000, ORIGIN + 9_000_000, 0);
        assertEquals(new FaultAnalysis(0, 0, 0, 0, -1, 0, 0), a, "single empty buckets are jitter, not an outage; no target, no recovery");
    }

    /**
     * A router on the cheap path killed at 5 s: the flow stops 300 ms while the traffic goes round it, runs in full
     * through the costlier path, and stops again for 1.2 s at 11 s when the traffic comes back to the cheap path. The
     * outage is the longest stop, not the time to the end of the second one, which is the last resume.
     */
    @Test
    void aFaultSurvivedThroughAnotherPathStopsTheFlowTwiceAndTheOutageIsTheLongerStop() {
        Timeline t = Timeline.empty(ORIGIN, 200);
        for (int i = 0; i < 200; i++) {
            t.sentByIntended[i] = 20;
            t.receivedByIntended[i] = 20;
            boolean goingRound = i >= 50 && i < 53;
            boolean comingBack = i >= 110 && i < 122;
            t.receivedByArrival[i] = goingRound || comingBack ? 0 : i == 53 || i == 122 ? 60 : 20;
        }
        FaultAnalysis a = FaultAnalysis.of(t, ORIGIN + 5_000_000, ORIGIN + 20_000_000, 200);
        assertEquals(2, a.stops());
        assertEquals(1200, a.outageMillis(), "the longer of the two stops");
        assertEquals(7200, a.lastResumeMillis(), "the flow as it then stayed: from 12.2 s");
        assertEquals(300, a.recoveryMillis(), "in full again through the other path once the first stop ended");
        assertEquals(0, a.lost());
    }

    /**
     * The last action's window ends at the run's last record. A flow that stalls 300 ms just before it and catches up
     * in that last bucket resumed; and a silence after the load ended (nothing due in it, nothing lost) is no stop at
     * all. Both read "did not resume" before (LabIT's broker restart: outage -1, lost 0).
     */
    @Test
    void aStallCaughtUpInTheLastBucketResumedAndSilenceAfterTheLoadIsNoStop() {
        Timeline t = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 100; i++) {
            t.sentByIntended[i] = 30;
            t.receivedByIntended[i] = 30;
            t.receivedByArrival[i] = i >= 96 && i < 99 ? 0 : i == 99 ? 120 : 30;
        }
        long lastRecord = ORIGIN + 9_950_000;
        FaultAnalysis stalled = FaultAnalysis.of(t, ORIGIN + 4_000_000, lastRecord, 300);
        assertEquals(1, stalled.stops());
        assertEquals(300, stalled.outageMillis(), "the stall, caught up in the last bucket");
        assertEquals(5_900, stalled.lastResumeMillis());

        Timeline ended = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 90; i++) {
            ended.sentByIntended[i] = 30;
            ended.receivedByIntended[i] = 30;
            ended.receivedByArrival[i] = 30;
        }
        // The load ended at 9.0 s; the window runs to 9.95 s (a later action planned after the load).
        FaultAnalysis quiet = FaultAnalysis.of(ended, ORIGIN + 4_000_000, lastRecord, 300);
        assertEquals(0, quiet.stops(), "nothing was due after 9.0 s: the load had ended");
        assertEquals(0, quiet.outageMillis());
        assertEquals(0, quiet.lost());

        // Flat out, the broker gone at 6.0 s for good: a blocked sender records nothing after it (its intended time is
        // its send: nothing is due in the silence), and the 1,000 messages sent in its last second never arrive (what
        // arrived until 6.0 s was sent a second earlier). The flow owes them: it did not resume.
        Timeline gone = Timeline.empty(ORIGIN, 100);
        for (int i = 0; i < 60; i++) {
            gone.sentByIntended[i] = 100;
            gone.receivedByIntended[i] = i < 50 ? 100 : 0;
            gone.receivedByArrival[i] = 100;
        }
        FaultAnalysis never = FaultAnalysis.of(gone, ORIGIN + 5_000_000, lastRecord, 0);
        assertEquals(new FaultAnalysis(1000, 0, 0, -1, -1, 1, -1), never);
    }
}
