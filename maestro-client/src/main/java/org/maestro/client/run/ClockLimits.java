package org.maestro.client.run;

import org.maestro.reports.results.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether each peer's clock is close enough to the client's for the latency it helped measure. A receiver
 * measures latency as its clock's arrival time minus the sender's clock's send time, so an offset between two
 * hosts adds to every figure. The limit is 10 % of the run's p50 response time, and never less than 1 ms:
 * below a millisecond the clocks of a well-kept lab (NTP, PTP) are not worth a warning, and a 0.3 ms offset
 * against a 0.5 ms p50 on loopback would be noise. Offsets are against the client; between a sender and a
 * receiver the error is the difference of their two offsets, at most twice the limit.
 */
final class ClockLimits {
    static final double FLOOR_MILLIS = 1.0;
    static final double SHARE_OF_P50 = 0.10;
    static final String RULE = "|offset| <= max(1 ms, 10 % of the p50 response time)";

    private ClockLimits() {
    }

    /** The limit for a run whose p50 response time was {@code p50Millis} (NaN or null: nothing was measured). */
    static double limitMillis(Double p50Millis) {
        return p50Millis == null || p50Millis.isNaN() ? FLOOR_MILLIS : Math.max(FLOOR_MILLIS, SHARE_OF_P50 * p50Millis);
    }

    /** Checks every peer with an offset against the limit; a warning per peer over it, naming peer, host and both figures. */
    static Summary.ClockCheck check(List<Summary.PeerHost> hosts, Summary.Latency response) {
        Double p50 = response == null || response.count() == 0 ? null : response.p50();
        double limit = limitMillis(p50);
        double max = 0;
        List<String> warnings = new ArrayList<>();
        for (Summary.PeerHost h : hosts) {
            if (h.clockOffsetMillis() == null) {
                continue;
            }
            double offset = h.clockOffsetMillis();
            max = Math.max(max, Math.abs(offset));
            if (Math.abs(offset) > limit) {
                warnings.add(String.format(Locale.ROOT, "the clock of %s on %s is %+.3f ms off the client's (PING round trip"
                                + " %.3f ms), more than the %.3f ms limit (%s%s): latency measured across its host is off by as much;"
                                + " synchronise the clocks (NTP, PTP)", h.peer(), h.hostName(), offset, h.roundTripMillis(), limit,
                        RULE, p50 == null ? ", no latency measured" : String.format(Locale.ROOT, ", p50 %.3f ms", p50)));
            }
        }
        return new Summary.ClockCheck(limit, RULE, Math.round(max * 1000) / 1000.0, warnings);
    }
}
