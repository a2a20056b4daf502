package org.maestro.client.cli.cluster;

import org.junit.jupiter.api.Test;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** maestro stats prints each peer's figures in the console's words, not a Java record with -1 for "not measured". */
class StatsTextTest {
    @Test
    void eachRoleShowsTheFiguresItMeasuresAndADashForNone() {
        assertEquals("idle", StatsText.of(Stats.idle(Role.INSPECTOR)));
        assertEquals("idle: sent 0 message(s), 0 msg/s, send delay p99 -", StatsText.of(Stats.idle(Role.SENDER)));
        Stats receiver = new Stats("20261127-020000-x", Role.RECEIVER, "running", 12_345, 1200, 100, 1500, 2500, 9000, 12_000,
                -1, 3, 1, 0);
        assertEquals("running, test 20261127-020000-x at 12.3 s: received 1200 message(s), 100 msg/s, latency p50 1.50ms p90 2.50ms"
                + " p99 9.00ms max 12.00ms, pending 3, duplicated 1, out of order 0", StatsText.of(receiver));
        Stats sender = new Stats("t", Role.SENDER, Stats.DONE, 60_000, 6000, 0, -1, -1, -1, -1, 250, 0, 0, 0);
        assertEquals("done, test t at 60.0 s: sent 6000 message(s), 0 msg/s, send delay p99 0.25ms", StatsText.of(sender));
    }
}
