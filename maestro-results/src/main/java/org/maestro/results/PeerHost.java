package org.maestro.results;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /** Its clock against the client's as the PINGs estimated it: 0 on the client's own clock; null when unknown. */
    public Double offsetMillis() {
        return sameClock != null ? Double.valueOf(0) : clockOffsetMillis;
    }

    /** Each peer's {@link #offsetMillis} in microseconds, by peer name; 0 when unknown (the best guess there is). */
    public static Map<String, Long> offsetsMicros(List<PeerHost> hosts) {
        Map<String, Long> offsets = new HashMap<>();
        hosts.forEach(h -> offsets.put(h.peer(), h.offsetMillis() == null ? 0 : Math.round(h.offsetMillis() * 1000)));
        return offsets;
    }
}
