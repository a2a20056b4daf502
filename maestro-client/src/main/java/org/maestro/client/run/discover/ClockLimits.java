package org.maestro.client.run.discover;

import org.maestro.results.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.maestro.results.ClockCheck;

/**
 * Whether each peer's clock is close enough to the client's for the latency it helped measure. A receiver
 * measures latency as its clock's arrival time minus the sender's clock's send time, so an offset between two
 * hosts adds to every figure. The limit is 10 % of the run's p50 response time, and never less than 1 ms:
 * below a millisecond the clocks of a well-kept lab (NTP, PTP) are not worth a warning, and a 0.3 ms offset
 * against a 0.5 ms p50 on loopback would be noise. Offsets are against the client; between a sender and a
 * receiver the error is the difference of their two offsets, at most twice the limit.
 *
 * <p>An offset is an estimate, good only to within half its PING's round trip: a peer is warned about when even
 * the smallest offset that estimate allows ({@code |offset| - uncertainty}) is over the limit, never for an offset
 * inside its own uncertainty. A peer that reads the client's own clock (same process, same host) has no offset to
 * estimate and is not checked.
 */
public final class ClockLimits {
    static final double FLOOR_MILLIS = 1.0;
    static final double SHARE_OF_P50 = 0.10;
    static final String RULE = "|offset| - uncertainty <= max(1 ms, 10 % of the p50 response time)";

    private ClockLimits() {
    }

    /** The limit for a run whose p50 response time was {@code p50Millis} (NaN or null: nothing was measured). */
    static double limitMillis(Double p50Millis) {
        return p50Millis == null || p50Millis.isNaN() ? FLOOR_MILLIS : Math.max(FLOOR_MILLIS, SHARE_OF_P50 * p50Millis);
    }

    /** How far off the client's clock the peer's is at least: its offset less the offset's uncertainty, never below 0. */
    static double leastOffsetMillis(ProbedHost h) {
        double uncertainty = h.clock().uncertaintyMillis() == null ? 0 : h.clock().uncertaintyMillis();
        return Math.max(0, Math.abs(h.clock().offsetMillis()) - uncertainty);
    }

    /** Checks every peer with an offset against the limit; a warning per peer over it, naming peer, host and the figures. */
    public static ClockCheck check(List<ProbedHost> hosts, Summary.Latency response) {
        Double p50 = response == null || response.count() == 0 ? null : response.p50();
        double limit = limitMillis(p50);
        double max = 0;
        List<String> warnings = new ArrayList<>();
        List<String> over = new ArrayList<>();
        for (ProbedHost h : hosts) {
            if (h.clock().offsetMillis() == null) {
                continue;   // no answer, or the client's own clock
            }
            double offset = h.clock().offsetMillis();
            max = Math.max(max, Math.abs(offset));
            double least = leastOffsetMillis(h);
            if (least > limit) {
                over.add(h.peer());
                warnings.add(String.format(Locale.ROOT, "the clock of %s on %s is %s off the client's, at least %.3f ms, more than"
                                + " the %.3f ms limit (%s%s): latency measured across its host is off by as much;"
                                + " synchronise the clocks (NTP, PTP)", h.peer(), h.hostName(), PeerHosts.offsetText(h), least, limit,
                        RULE, p50 == null ? ", no latency measured" : String.format(Locale.ROOT, ", p50 %.3f ms", p50)));
            }
        }
        return new ClockCheck(limit, RULE, Math.round(max * 1000) / 1000.0, warnings, over);
    }
}
