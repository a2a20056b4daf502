package org.maestro.client.run.watch;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the watch calls a test stuck for want of progress ({@link LoadWatch#silentTooLong}): the silence counts from the
 * peers' last progress, the load's start or the client's return to the control broker, whichever came last. Before
 * the fix it counted from before discovery, and a run whose SET and PREPARE took longer than the limit (100 peers at a
 * load of 25-60) ended right after START.
 */
class LoadWatchSilenceTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);
    /** A clock far from 0, as System.nanoTime is. */
    private static final long T0 = 1_000_000 * S;
    private static final long NEVER_AWAY = 0;
    private static final long LIMIT = LoadWatch.SILENCE_LIMIT_NANOS;

    @Test
    void setUpLongerThanTheLimitIsNotSilenceOfTheLoad() {
        long lastProgressBeforeDiscovery = T0;
        long loadStarted = T0 + LIMIT + 10 * S;
        assertFalse(LoadWatch.silentTooLong(loadStarted + S, lastProgressBeforeDiscovery, loadStarted, NEVER_AWAY));
        assertFalse(LoadWatch.silentTooLong(loadStarted + LIMIT, lastProgressBeforeDiscovery, loadStarted, NEVER_AWAY));
        assertTrue(LoadWatch.silentTooLong(loadStarted + LIMIT + S, lastProgressBeforeDiscovery, loadStarted, NEVER_AWAY));
    }

    @Test
    void silenceCountsFromTheLastProgressDuringTheLoad() {
        long loadStarted = T0;
        long lastProgress = T0 + 10 * S;
        assertFalse(LoadWatch.silentTooLong(lastProgress + LIMIT, lastProgress, loadStarted, NEVER_AWAY));
        assertTrue(LoadWatch.silentTooLong(lastProgress + LIMIT + S, lastProgress, loadStarted, NEVER_AWAY));
    }

    @Test
    void silenceWhileTheClientWasWithoutTheBrokerIsNotThePeers() {
        long loadStarted = T0;
        long lastProgress = T0 + 5 * S;
        long brokerBack = T0 + 2 * LIMIT;
        assertFalse(LoadWatch.silentTooLong(brokerBack + LIMIT, lastProgress, loadStarted, brokerBack));
        assertTrue(LoadWatch.silentTooLong(brokerBack + LIMIT + S, lastProgress, loadStarted, brokerBack));
    }
}
