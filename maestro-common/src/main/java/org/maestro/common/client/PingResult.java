package org.maestro.common.client;

import org.maestro.common.note.PeerInfo;

/**
 * One peer's answer to PING.
 *
 * @param peer              who answered
 * @param roundTripMicros   time from sending the ping to reading the answer, by the client's monotonic clock
 * @param clockOffsetMicros the peer's wall clock minus the client's, assuming the answer was
 *                          written half-way through the round trip
 */
public record PingResult(PeerInfo peer, long roundTripMicros, long clockOffsetMicros) {
}
