package org.maestro.client.run.watch;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reproduction 7 of issue 21: the live line's figures mean what they say. */
class ProgressLineTest {
    private static final PeerInfo SENDER = new PeerInfo("s", "sender-1", "vm", Role.SENDER, "");
    private static final PeerInfo RECEIVER = new PeerInfo("r", "receiver-1", "vm", Role.RECEIVER, "");
    private static final List<PeerInfo> PEERS = List.of(SENDER, RECEIVER);

    private static Stats sender(String phase, long messages, double rate, long sendDelayP99Micros) {
        return new Stats("t", Role.SENDER, phase, 10_000, messages, rate, -1, -1, -1, -1, sendDelayP99Micros, 0, 0, 0);
    }

    private static Stats receiver(String phase, long messages, long gaps) {
        return new Stats("t", Role.RECEIVER, phase, 10_000, messages, 990, 800, 900, 1_200, 2_000, -1, gaps, 0, 0);
    }

    @Test
    void gapsStillOpenMidRunArePendingNotLost() {
        String line = ProgressLine.of(9, PEERS, Map.of("s", sender("running", 9_000, 1_000, 150),
                "r", receiver("running", 5_975, 3_025)), 2, true);
        assertTrue(line.contains("| pending 3025 | lost - |"), line);
        String done = ProgressLine.of(21, PEERS, Map.of("s", sender(Stats.DONE, 20_000, 0, 150),
                "r", receiver(Stats.DONE, 20_000, 0)), 2, true);
        assertTrue(done.contains("| pending 0 | lost 0 |"), done);
        String competing = ProgressLine.of(9, PEERS, Map.of("r", receiver("running", 10, 5)), 2, false);
        assertTrue(competing.contains("| pending - | lost - |"), "competing receivers' gaps are each other's: " + competing);
    }

    @Test
    void aFlatOutSenderHasNoSendDelayRatherThanZero() {
        // A flat-out sender reports -1: with no schedule there is no delay to show.
        String line = ProgressLine.of(5, PEERS, Map.of("s", sender("running", 50_000, 10_000, -1)), 2, true);
        assertTrue(line.contains("send delay p99 - |") && line.contains("latency p50 - p99 - max -"), line);
    }

    @Test
    void theLastLineCarriesEachPeersFinalCounts() {
        // The sender's last tick said 19,006; its final progress (phase done) says 20,000, and that is what the line ends with.
        String line = ProgressLine.of(21, PEERS, Map.of("s", sender(Stats.DONE, 20_000, 0, 150),
                "r", receiver(Stats.DONE, 20_000, 0)), 2, true);
        assertTrue(line.contains("send        0 msg/s (20000) | receive") && line.contains("(20000) | latency"), line);
    }

    private static Stats senderAt(long elapsedMillis, long messages) {
        return new Stats("t", Role.SENDER, "running", elapsedMillis, messages, 2042, -1, -1, -1, -1, 150, 0, 0, 0);
    }

    /**
     * Under load the client's tick at 22 s came before the sender's note of that second: the line repeated "send 2042
     * msg/s (16292)". A line waits past its tick, up to its grace, until each running worker told something newer.
     */
    @Test
    void aLineWaitsForTheWorkersNextNoteRatherThanRepeatTheLastSecond() {
        ShownProgress shown = new ShownProgress();
        long tick = 22_000_000_000L;
        java.util.function.Predicate<String> noneEnded = id -> false;
        Map<String, Stats> latest = new java.util.HashMap<>(Map.of("s", senderAt(21_003, 16_292)));
        assertTrue(shown.due(tick - 1_000_000_000L, tick - 1_000_000_000L, PEERS, latest, noneEnded), "a first note is new");
        shown.shown(latest);
        assertTrue(!shown.due(tick, tick + 1_000_000, PEERS, latest, noneEnded), "the 21 s note again: not yet");
        assertTrue(!shown.due(tick, tick - 1, PEERS, latest, noneEnded), "never before the tick");
        latest.put("s", senderAt(22_004, 18_334));
        assertTrue(shown.due(tick, tick + 30_000_000, PEERS, latest, noneEnded), "the 22 s note came: due");
        shown.shown(latest);
        assertTrue(shown.due(tick + 1_000_000_000L, tick + 1_000_000_000L + ShownProgress.GRACE_NANOS, PEERS, latest, noneEnded),
                "a worker silent past the grace keeps its last figures: the line is printed");
        assertTrue(shown.due(tick + 1_000_000_000L, tick + 1_000_000_000L, PEERS, latest, id -> id.equals("s")),
                "an ended worker is not waited for");
        latest.put("s", new Stats("t", Role.SENDER, Stats.DONE, 22_004, 20_000, 0, -1, -1, -1, -1, 150, 0, 0, 0));
        shown.shown(Map.of("s", senderAt(22_004, 18_334)));
        assertTrue(shown.due(tick + 1_000_000_000L, tick + 1_000_000_000L, PEERS, latest, noneEnded),
                "nor is one that said it is done");
    }
}
