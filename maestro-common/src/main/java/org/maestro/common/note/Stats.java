package org.maestro.common.note;

/**
 * A worker's figures at one moment: carried by the STATS reply and by the one-second progress
 * notification. Latency figures are microseconds, -1 where the role does not measure them
 * (a sender has no end-to-end latency; a receiver has no send delay).
 *
 * @param testId              the test these figures belong to ("" before any test)
 * @param role                who measured them
 * @param phase               idle, warmup, running, draining or done
 * @param elapsedMillis       time since the test started on this peer
 * @param messages            messages sent or received so far (warm-up included)
 * @param ratePerSecond       messages in the last second
 * @param latencyP50Micros    response time (from intended send time), 50th percentile
 * @param latencyP90Micros    90th percentile
 * @param latencyP99Micros    99th percentile
 * @param latencyMaxMicros    maximum
 * @param sendDelayP99Micros  sender: actual minus intended send time, 99th percentile (-1 flat out: no schedule)
 * @param lost                receiver: messages not seen, from sequence gaps: while the test runs, gaps still open
 *                            (a late message fills its gap), pending rather than lost; lost once the phase is done
 * @param duplicated          receiver: messages seen more than once
 * @param outOfOrder          receiver: messages that arrived after a later one of the same sender
 */
public record Stats(String testId, Role role, String phase, long elapsedMillis, long messages, double ratePerSecond,
                    long latencyP50Micros, long latencyP90Micros, long latencyP99Micros, long latencyMaxMicros,
                    long sendDelayP99Micros, long lost, long duplicated, long outOfOrder) {

    /** The phase of a test that has ended: its figures are final. */
    public static final String DONE = "done";

    /** The figures of a peer that has not run a test yet. */
    public static Stats idle(Role role) {
        return new Stats("", role, "idle", 0, 0, 0, -1, -1, -1, -1, -1, 0, 0, 0);
    }
}
