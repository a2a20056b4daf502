package org.maestro.results;

/**
 * Where a peer ran and how its clock compared with the client's, measured before the test (see the client's PeerHosts).
 *
 * @param hostName          the peer's own host name
 * @param address           the IP address the client reached the peer's data server at ("" when it did not resolve)
 * @param dataUrl           the data-server URL the peer advertised (GET data.url)
 * @param dataHost          the host part of that URL, as the peer advertised it (--data-address)
 * @param clockOffsetMillis the peer's wall clock minus the client's (best of {@code pings} PINGs); null: no answer,
 *                          or not estimated because the peer reads the client's clock ({@code sameClock})
 * @param roundTripMillis   the round trip of that best PING, client to peer over the control broker and back
 * @param clockOffsetUncertaintyMillis how far off the offset may be: half that round trip (null with the offset)
 * @param sameClock         "same process" or "same host" (the common ClockSource's words) when the peer reads the
 *                          client's own clock, so there is no offset to estimate; null otherwise
 */
public record PeerHost(String peer, String role, String hostName, String address, String dataUrl, String dataHost,
                       Double clockOffsetMillis, Double roundTripMillis, int pings,
                       Double clockOffsetUncertaintyMillis, String sameClock) {
}
