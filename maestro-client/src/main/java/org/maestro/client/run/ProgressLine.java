package org.maestro.client.run;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;
import org.maestro.common.note.Stats;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The one-second console line: rates per role, latency, send delay, loss, peers alive. */
final class ProgressLine {
    private ProgressLine() {
    }

    /** @param gapsAreLoss false for competing receivers, whose gaps are each other's messages: no live loss then */
    static String of(long elapsedSeconds, List<PeerInfo> peers, Map<String, Stats> latest, int alive, boolean gapsAreLoss) {
        double sendRate = 0;
        double receiveRate = 0;
        long sent = 0;
        long received = 0;
        long lost = 0;
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
                lost += s.lost();
                p50 = Math.max(p50, s.latencyP50Micros());
                p99 = Math.max(p99, s.latencyP99Micros());
                max = Math.max(max, s.latencyMaxMicros());
            }
        }
        return String.format(Locale.ROOT, "[%4ds] %-8s send %8.0f msg/s (%d) | receive %8.0f msg/s (%d) | latency p50 %s p99 %s max %s"
                        + " | send delay p99 %s | lost %s | peers %d/%d",
                elapsedSeconds, phase, sendRate, sent, receiveRate, received, ms(p50), ms(p99), ms(max), ms(delay),
                gapsAreLoss ? Long.toString(lost) : "-",
                alive, peers.size());
    }

    private static String ms(long micros) {
        return micros < 0 ? "-" : String.format(Locale.ROOT, "%.2fms", micros / 1000.0);
    }
}
