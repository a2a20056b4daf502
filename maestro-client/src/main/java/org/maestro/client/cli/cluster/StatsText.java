package org.maestro.client.cli.cluster;

import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;
import org.maestro.common.util.SafeText;

import java.util.Locale;
import org.maestro.client.run.watch.ProgressLine;

/**
 * A peer's STATS reply as {@code maestro stats} prints it: its phase and test, then only the figures its role measures,
 * in the console's units and words ({@link ProgressLine}); a figure it has not measured is "-", never -1.
 */
public final class StatsText {
    private StatsText() {
    }

    public static String of(Stats s) {
        StringBuilder b = new StringBuilder(SafeText.of(s.phase()));
        if (!s.testId().isEmpty()) {
            b.append(String.format(Locale.ROOT, ", test %s at %.1f s", SafeText.of(s.testId()), s.elapsedMillis() / 1000.0));
        }
        if (s.role() == Role.SENDER || s.role() == Role.RECEIVER) {
            b.append(String.format(Locale.ROOT, ": %s %d message(s), %.0f msg/s", s.role() == Role.SENDER ? "sent" : "received",
                    s.messages(), s.ratePerSecond()));
        }
        if (s.role() == Role.SENDER) {
            b.append(", send delay p99 ").append(ProgressLine.ms(s.sendDelayP99Micros()));
        } else if (s.role() == Role.RECEIVER) {
            b.append(", latency p50 ").append(ProgressLine.ms(s.latencyP50Micros())).append(" p90 ")
                    .append(ProgressLine.ms(s.latencyP90Micros())).append(" p99 ").append(ProgressLine.ms(s.latencyP99Micros()))
                    .append(" max ").append(ProgressLine.ms(s.latencyMaxMicros()))
                    .append(String.format(Locale.ROOT, ", %s %d, duplicated %d, out of order %d",
                            Stats.DONE.equals(s.phase()) ? "lost" : "pending", s.lost(), s.duplicated(), s.outOfOrder()));
        }
        return b.toString();
    }
}
