package org.maestro.results;

import java.util.List;

/**
 * Whether the clocks were close enough for the latency measured across hosts (see the client's ClockLimits).
 *
 * @param limitMillis        the largest offset that passes without a warning
 * @param rule               how the limit was chosen
 * @param maxAbsOffsetMillis the largest offset measured, in absolute value
 * @param warnings           one per peer over the limit
 * @param peersOverLimit     the peers warned about, by name (what the report marks)
 */
public record ClockCheck(double limitMillis, String rule, double maxAbsOffsetMillis, List<String> warnings,
                         List<String> peersOverLimit) {
}
