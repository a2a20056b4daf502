package org.maestro.client.run.watch;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one-second console line: rates per role, latency, send delay, loss, peers alive. Each figure means what it says
 * while the test runs: a receiver's open sequence gaps are "pending" until it is done (a late message fills its gap;
 * only then are they "lost"); a latency or send delay no peer measured (none yet, or flat out: no schedule) is "-",
 * never 0; and the line printed after the last peer ended carries each peer's final counts (its last progress note,
 * phase done).
 */
public final class ProgressLine {
    private ProgressLine() {
    }

    /** @param gapsAreLoss false for competing receivers, whose gaps are each other's messages: no live loss then */
    static String of(long elapsedSeconds, List<PeerInfo> peers, Map<String, Stats> latest, int alive, boolean gapsAreLoss) {
        double sendRate = 0;
        double receiveRate = 0;
        long sent = 0;
        long received = 0;
        long lost = 0;
        long pending = 0;
        boolean anyReceiverDone = false;
        long p50 = -1;
        long p99 = -1;
        long max = -1;
        long delay = -1;
        String phase = "";
        for (PeerInfo p : peers) {
            Stats s = latest.get(p.id());
            if (s == null) {
                continue;
            }
            if (p.role() == Role.SENDER) {
                sendRate += s.ratePerSecond();
                sent += s.messages();
                delay = Math.max(delay, s.sendDelayP99Micros());
                phase = s.phase();
            } else if (p.role() == Role.RECEIVER) {
                receiveRate += s.ratePerSecond();
                received += s.messages();
                if (Stats.DONE.equals(s.phase())) {
                    lost += s.lost();
                    anyReceiverDone = true;
                } else {
                    pending += s.lost();
                }
                p50 = Math.max(p50, s.latencyP50Micros());
                p99 = Math.max(p99, s.latencyP99Micros());
                max = Math.max(max, s.latencyMaxMicros());
            }
        }
        return String.format(Locale.ROOT, "[%4ds] %-8s send %8.0f msg/s (%d) | receive %8.0f msg/s (%d) | latency p50 %s p99 %s max %s"
                        + " | send delay p99 %s | pending %s | lost %s | peers %d/%d",
                elapsedSeconds, phase, sendRate, sent, receiveRate, received, ms(p50), ms(p99), ms(max), ms(delay),
                gapsAreLoss ? Long.toString(pending) : "-", gapsAreLoss && anyReceiverDone ? Long.toString(lost) : "-",
                alive, peers.size());
    }

    public static String ms(long micros) {
        return micros < 0 ? "-" : String.format(Locale.ROOT, "%.2fms", micros / 1000.0);
    }
}
