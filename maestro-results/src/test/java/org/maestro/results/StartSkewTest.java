package org.maestro.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.TestJson;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The start skew from the peers' own test.json records: begins put on the client's clock, lateness on each peer's. */
class StartSkewTest {
    private static final long INSTANT = 1_700_000_000_000_000L;

    private static StartSkew.Worker worker(Path run, String name, String role, Long begunMicrosAfter, long offsetMicros)
            throws Exception {
        Path dir = Files.createDirectories(run.resolve(name));
        TestJson.StartInstant start = new TestJson.StartInstant(INSTANT + offsetMicros,
                begunMicrosAfter == null ? null : INSTANT + offsetMicros + begunMicrosAfter);
        TestJson.write(dir, new TestJson.Worker("t", "n", new TestJson.Peer("1", name, "h", role, ""),
                INSTANT + offsetMicros, "x", 0, "5s", 10, 1, "1 KiB", "", "", Map.of(), null, start));
        return new StartSkew.Worker(name, role, dir);
    }

    private static PeerHost host(String peer, Double offsetMillis, Double uncertaintyMillis) {
        return new PeerHost(peer, "sender", "h", "", "", "", offsetMillis, 1.0, 5, uncertaintyMillis, null);
    }

    @Test
    void theSkewIsTheSpreadOfTheBeginsOnTheClientsClockWithTheOffsetsUncertainty(@TempDir Path run) throws Exception {
        // s1's clock is 250 ms ahead of the client's: its begin, 1.2 ms after its instant, is 1.2 ms after the client's.
        List<StartSkew.Worker> workers = List.of(worker(run, "s1", "sender", 1_200L, 250_000), worker(run, "r1", "receiver", 300L, 0),
                worker(run, "s2", "sender", null, 0));
        Summary.StartSkew s = StartSkew.of(workers, List.of(host("s1", 250.0, 0.4), host("r1", 0.0, 0.1), host("s2", null, null)));
        assertEquals(0.9, s.skewMillis(), 1e-9);
        assertEquals(0.5, s.uncertaintyMillis(), 1e-9, "the two largest uncertainties");
        assertEquals("s1", s.latestPeer());
        assertEquals(1.2, s.latestLatenessMillis(), 1e-9);
        assertEquals(1, s.neverBegan());
        assertNull(s.peers().get(2).latenessMillis());
        assertEquals("start skew 0.900 ms (\u00b1 0.500 ms from the clock offsets) across 2 peer(s); latest s1, 1.200 ms after the instant; 1 never began",
                StartSkew.describe(s));
    }

    @Test
    void peersThatStartedAtOnceHaveNoStartSkew(@TempDir Path run) throws Exception {
        Path dir = Files.createDirectories(run.resolve("s1"));
        TestJson.write(dir, new TestJson.Worker("t", "n", new TestJson.Peer("1", "s1", "h", "sender", ""),
                INSTANT, "x", 0, "5s", 10, 1, "1 KiB", "", "", Map.of(), null, null));
        assertNull(StartSkew.of(List.of(new StartSkew.Worker("s1", "sender", dir)), List.of()));
    }
}
