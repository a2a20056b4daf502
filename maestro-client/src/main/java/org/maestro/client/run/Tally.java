package org.maestro.client.run;

import org.maestro.reports.results.Summary;
import org.HdrHistogram.Histogram;
import org.maestro.common.note.Stats;

import java.util.ArrayList;
import java.util.List;

/**
 * The figures of a set of senders and receivers (the whole run, or one route of it) added up peer by peer: counts
 * summed, HDR histograms merged. One sum for both, so that a route's figures are computed exactly as the run's.
 */
final class Tally {
    final Histogram response = new Histogram(3);
    final Histogram service = new Histogram(3);
    final Histogram delay = new Histogram(3);
    /** Whose data is missing, by the role that needs it: the figures that depend on it are unknown. */
    final List<String> sendersMissing = new ArrayList<>();
    final List<String> receiversMissing = new ArrayList<>();
    private long sent;
    private long received;
    private long gaps;
    private long duplicated;
    private long outOfOrder;
    private double sendRate;
    private double receiveRate;
    private boolean unscheduled;

    /** @param sendDelay null for a sender without a schedule (flat out): then the sum has no send delay either */
    void sender(long records, double rate, Histogram sendDelay) {
        if (sendDelay == null) {
            unscheduled = true;
        } else {
            delay.add(sendDelay);
        }
        sent += records;
        sendRate += rate;
    }

    void receiver(long records, double rate, Histogram responseTime, Histogram serviceTime, Stats s) {
        response.add(responseTime);
        service.add(serviceTime);
        received += records;
        receiveRate += rate;
        gaps += s.lost();
        duplicated += s.duplicated();
        outOfOrder += s.outOfOrder();
    }

    void missing(boolean sender, String why) {
        (sender ? sendersMissing : receiversMissing).add(why);
    }

    /**
     * The totals; each is null (unknown) when a peer it depends on has no data. On a queue every message goes to one
     * receiver: what was sent and never arrived is lost, the tail included. On a topic each subscriber's gaps are
     * what can be counted.
     */
    Summary.Totals totals(boolean topic, boolean competing) {
        boolean sendersKnown = sendersMissing.isEmpty();
        boolean receiversKnown = receiversMissing.isEmpty();
        Long lost = !receiversKnown || (!topic && !sendersKnown) ? null
                : topic ? gaps : competing ? Math.max(0, sent - (received - duplicated))
                : Math.max(gaps, sent - (received - duplicated));
        return new Summary.Totals(sendersKnown ? sent : null, receiversKnown ? received : null, lost,
                receiversKnown ? duplicated : null, receiversKnown ? outOfOrder : null,
                sendersKnown ? round(sendRate) : null, receiversKnown ? round(receiveRate) : null,
                receiversKnown ? HdrFiles.latency(response) : null, receiversKnown ? HdrFiles.latency(service) : null,
                sendersKnown && !unscheduled ? HdrFiles.latency(delay) : null);
    }

    static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
