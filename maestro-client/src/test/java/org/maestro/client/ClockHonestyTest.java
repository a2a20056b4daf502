package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.ClockSource;
import org.maestro.common.testing.Integration;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code maestro demo} as a user runs it, every peer in the client's JVM (embedded broker and SUT). Reproductions 4
 * and 7 of issue 21: it warned that those peers' clocks were a millisecond or more off the client's, an offset inside
 * its own uncertainty and of a clock that is the client's own; and its live line ended with the last tick's counts.
 */
@Integration
class ClockHonestyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** "[  12s] running  send      500 msg/s (6000) | receive      500 msg/s (6000) | ...". */
    private static final Pattern LIVE = Pattern.compile("^\\[\\s*\\d+s\\].* send .*\\((\\d+)\\) \\| receive .*\\((\\d+)\\) \\|.*"
            + "\\| pending (\\S+) \\| lost (\\S+) \\|.*$");

    @TempDir
    Path runs;

    @Test
    void theDemosPeersShareTheClientsClockAndItsLiveLineEndsWithTheFinalCounts() throws Exception {
        MaestroCommand.Result r = MaestroCommand.run("demo", "--runs", runs.toString(), "-P", "duration=4s", "-P", "rate=500");
        assertNotEquals(2, r.exitCode(), r.output());
        JsonNode s = JSON.readTree(MaestroCommand.onlyRun(runs).resolve("summary.json").toFile());

        // Same process: not estimated, not warned about, shown as such.
        JsonNode hosts = s.path("peerHosts");
        assertTrue(hosts.size() >= 2, hosts.toString());
        for (JsonNode h : hosts) {
            assertEquals(ClockSource.SAME_PROCESS, h.path("sameClock").asText(), h.toString());
            assertTrue(h.path("clockOffsetMillis").isNull() && h.path("roundTripMillis").asDouble() > 0, h.toString());
        }
        assertFalse(r.output().contains("synchronise the clocks"), r.output());
        assertTrue(r.output().contains("same clock as the client: same process (round trip "), r.output());
        assertEquals(0, s.path("clockCheck").path("warnings").size(), s.path("clockCheck").toString());

        // The live line ends with each peer's final counts: those of summary.json, nothing pending.
        List<Matcher> live = r.output().lines().map(LIVE::matcher).filter(Matcher::matches).toList();
        assertFalse(live.isEmpty(), r.output());
        Matcher last = live.get(live.size() - 1);
        assertEquals(s.path("totals").path("sent").asLong(), Long.parseLong(last.group(1)), last.group());
        assertEquals(s.path("totals").path("received").asLong(), Long.parseLong(last.group(2)), last.group());
        assertEquals("0", last.group(3), "nothing pending once every receiver is done: " + last.group());
        assertEquals(s.path("totals").path("lost").asText(), last.group(4), last.group());
    }
}
