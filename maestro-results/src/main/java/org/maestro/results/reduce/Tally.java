package org.maestro.results.reduce;

import org.HdrHistogram.Histogram;
import org.maestro.common.note.Stats;
import org.maestro.common.runfiles.PeerFiles;

import java.util.ArrayList;
import java.util.List;
import org.maestro.results.Summary;

/**
 * The figures of a set of senders and receivers (the whole run, or one route of it) added up peer by peer: counts
 * summed, HDR histograms merged, rates (each peer's after its warm-up) summed. One sum for both, so that a route's
 * figures are computed exactly as the run's.
 */
public final class Tally {
    public final Histogram response = new Histogram(3);
    public final Histogram service = new Histogram(3);
    public final Histogram delay = new Histogram(3);
    /** Whose data is missing, by the role that needs it: the figures that depend on it are unknown. */
    public final List<String> sendersMissing = new ArrayList<>();
    public final List<String> receiversMissing = new ArrayList<>();
    private long sent;
    private long received;
    private long gaps;
    private long duplicated;
    private long outOfOrder;
    private double sendRate;
    private double receiveRate;
    /** Whether any sender (receiver) measured a rate: a peer with nothing after the warm-up adds nothing to the sum. */
    private boolean sendRateKnown;
    private boolean receiveRateKnown;
    /** A sender without a schedule (flat out) was added: no send delay to speak of. */
    private boolean unscheduled;

    /** @param sendDelay null for a sender without a schedule (flat out): then the sum has no send delay either */
    public void sender(long records, double rate, Histogram sendDelay) {
        if (sendDelay == null) {
            unscheduled = true;
        } else {
            delay.add(sendDelay);
        }
        sent += records;
        if (!Double.isNaN(rate)) {
            sendRate += rate;
            sendRateKnown = true;
        }
    }

    /** A sender's figures after its warm-up, as the model reduced its files. */
    public void sender(PeerReduction p) {
        sender(p.rateLogs().messages(), p.rate(), p.measured(PeerFiles.SEND_DELAY_HLOG));
    }

    /** A receiver's figures after its warm-up, with its sequence accounting (its final figures). */
    public void receiver(PeerReduction p, Stats s) {
        receiver(p.rateLogs().messages(), p.rate(), p.measured(PeerFiles.LATENCY_RESPONSE_HLOG),
                p.measured(PeerFiles.LATENCY_SERVICE_HLOG), s);
    }

    public void receiver(long records, double rate, Histogram responseTime, Histogram serviceTime, Stats s) {
        response.add(responseTime);
        service.add(serviceTime);
        received += records;
        if (!Double.isNaN(rate)) {
            receiveRate += rate;
            receiveRateKnown = true;
        }
        gaps += s.lost();
        duplicated += s.duplicated();
        outOfOrder += s.outOfOrder();
    }

    public void missing(boolean sender, String why) {
        (sender ? sendersMissing : receiversMissing).add(why);
    }

    /**
     * The totals; each is null (unknown) when a peer it depends on has no data. On a queue every message goes to one
     * receiver: what was sent and never arrived is lost, the tail included. On a topic each subscriber's gaps are
     * what can be counted.
     */
    public Summary.Totals totals(boolean topic, boolean competing) {
        boolean sendersKnown = sendersMissing.isEmpty();
        boolean receiversKnown = receiversMissing.isEmpty();
        Long lost = !receiversKnown || (!topic && !sendersKnown) ? null
                : topic ? gaps : competing ? Math.max(0, sent - (received - duplicated))
                : Math.max(gaps, sent - (received - duplicated));
        return new Summary.Totals(sendersKnown ? sent : null, receiversKnown ? received : null, lost,
                receiversKnown ? duplicated : null, receiversKnown ? outOfOrder : null,
                sendersKnown && sendRateKnown ? round(sendRate) : null, receiversKnown && receiveRateKnown ? round(receiveRate) : null,
                receiversKnown ? Summary.Latency.of(response) : null, receiversKnown ? Summary.Latency.of(service) : null,
                sendersKnown && !unscheduled ? Summary.Latency.of(delay) : null);
    }

    public static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
