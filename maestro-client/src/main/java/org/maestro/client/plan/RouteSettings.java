package org.maestro.client.plan;

import org.maestro.common.units.Rate;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;

/**
 * What one route sets for itself, each overriding the test's setting of the same name: {@code route 'a', rate: 500,
 * size: '2 KiB', connections: 4, duration: '30s', receiverStartAfter: '5s'}. A null field is the test's.
 *
 * @param rate                    the route's total rate, shared among its own senders; null: the route's senders
 *                                share the test's rate with the other routes that set none
 * @param size                    its message sizes
 * @param connections             connections per worker of the route
 * @param duration                a time, or a message count shared among its senders
 * @param receiverStartAfterMillis how long after the senders its receivers start (0: with them), so that a backlog
 *                                builds up for them to drain
 */
public record RouteSettings(Rate rate, SizeMix size, Integer connections, TestDuration duration,
                            Long receiverStartAfterMillis) {
    /** A route that sets nothing of its own. */
    public static final RouteSettings NONE = new RouteSettings(null, null, null, null, null);

    /** The rate of its senders together, or null when it takes its share of the test's. */
    public Long ownRatePerSecond() {
        return rate == null ? null : rate.perSecond();
    }

    public SizeMix sizeOr(SizeMix test) {
        return size == null ? test : size;
    }

    public int connectionsOr(int test) {
        return connections == null ? test : connections;
    }

    public TestDuration durationOr(TestDuration test) {
        return duration == null ? test : duration;
    }

    public long receiverStartAfterMillisOr(long test) {
        return receiverStartAfterMillis == null ? test : receiverStartAfterMillis;
    }
}
