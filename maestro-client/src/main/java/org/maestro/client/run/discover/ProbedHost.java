package org.maestro.client.run.discover;

import java.util.List;

import org.maestro.results.PeerHost;

/**
 * Where a peer runs and how its clock compares with the client's, as the probe before the test found it: the client's
 * own fact while the run goes on (the common start instant reads each peer's offset), written into summary.json's
 * {@code peerHosts} ({@link PeerHost}) only when the summary is made.
 *
 * @param dataUrl  the data server's URL the peer advertised ("" when none)
 * @param dataHost that URL's host ("" when none)
 * @param address  the address that host resolved to ("" when unknown)
 */
public record ProbedHost(String peer, String role, String hostName, String address, String dataUrl, String dataHost,
                         Clock clock) {

    /**
     * The peer's clock against the client's, from its best PING.
     *
     * @param offsetMillis      the peer's clock minus the client's; null when not estimated (no answer, or the peer
     *                          reads the client's own clock)
     * @param roundTripMillis   the best PING's round trip; null when the peer did not answer
     * @param pings             how many PINGs it answered
     * @param uncertaintyMillis how far off the offset may be; null with no offset
     * @param sameClock         how the peer shares the client's clock (same process, same host); null otherwise
     */
    public record Clock(Double offsetMillis, Double roundTripMillis, int pings, Double uncertaintyMillis,
                        String sameClock) {
    }

    /** As summary.json holds it. */
    public PeerHost toSummary() {
        return new PeerHost(peer, role, hostName, address, dataUrl, dataHost, clock.offsetMillis(),
                clock.roundTripMillis(), clock.pings(), clock.uncertaintyMillis(), clock.sameClock());
    }

    /** Every host as summary.json holds them, in the same order. */
    public static List<PeerHost> toSummary(List<ProbedHost> hosts) {
        return hosts.stream().map(ProbedHost::toSummary).toList();
    }
}
