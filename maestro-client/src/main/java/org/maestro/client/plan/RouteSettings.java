package org.maestro.client.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.units.Rate;
import org.maestro.common.units.RateProfile;
import org.maestro.common.units.SizeMix;
import org.maestro.common.units.TestDuration;

/**
 * What one route sets for itself, each overriding the test's setting of the same name: {@code route 'a', rate: 500,
 * size: '2 KiB', connections: 4, duration: '30s', receiverStartAfter: '5s', senderStartAfter: '10s',
 * stages: { step 100, '5s'; ramp 100, 300, '5s' }, latency: 'round-trip', latencySample: 10}. A null field is the test's.
 *
 * @param rate                    the route's total rate, shared among its own senders; null: the route's senders
 *                                share the test's rate with the other routes that set none
 * @param messageSize             its message sizes
 * @param connections             connections per worker of the route
 * @param duration                a time, or a message count shared among its senders
 * @param receiverStartAfterMillis how long after the senders its receivers start (0: with them), so that a backlog
 *                                builds up for them to drain
 * @param senderStartAfterMillis  how long after the test's common start instant its senders begin (0: at it)
 * @param stages                  its own rate profile, shared among its own senders (then {@code rate} is null: the
 *                                profile is the route's rate, its length the route's duration)
 * @param latency                 how its latency is measured, one way or round trip ({@link LatencyMode})
 */
public record RouteSettings(Rate rate, @JsonProperty(TestPlan.SIZE_KEY) SizeMix messageSize, Integer connections, TestDuration duration,
                            Long receiverStartAfterMillis, Long senderStartAfterMillis, RateProfile stages,
                            LatencyMode latency) {
    /** A route that sets nothing of its own. */
    public static final RouteSettings NONE = new RouteSettings(null, null, null, null, null, null, null, null);

    /** Whether its senders share a rate of their own (a rate or a profile) rather than the test's. */
    public boolean ownRate() {
        return rate != null || stages != null;
    }

    /** The same settings with the test's {@code senderStartAfter} when the route sets none. */
    public RouteSettings withSenderStartAfterMillis(long test) {
        return senderStartAfterMillis != null ? this
                : new RouteSettings(rate, messageSize, connections, duration, receiverStartAfterMillis, test, stages, latency);
    }

    /** The rate of its senders together, or null when it takes its share of the test's. */
    public Long ownRatePerSecond() {
        if (stages != null) {
            return meanPerSecond(stages);
        }
        return rate == null ? null : rate.perSecond();
    }

    /** A profile's mean rate, rounded up (a profile's senders are never flat out). */
    public static long meanPerSecond(RateProfile profile) {
        return Math.max(1, (long) Math.ceil(profile.messages() / (profile.duration().toNanos() / 1e9)));
    }

    public SizeMix messageSizeOr(SizeMix test) {
        return messageSize == null ? test : messageSize;
    }

    public int connectionsOr(int test) {
        return connections == null ? test : connections;
    }

    /** Its duration: its profile's length, its own, else the test's. */
    public TestDuration durationOr(TestDuration test) {
        return stages != null ? new TestDuration.ByTime(stages.duration()) : duration == null ? test : duration;
    }

    public LatencyMode latencyOr(LatencyMode test) {
        return latency == null ? test : latency;
    }

    public long receiverStartAfterMillisOr(long test) {
        return receiverStartAfterMillis == null ? test : receiverStartAfterMillis;
    }

    public long senderStartAfterMillisOr(long test) {
        return senderStartAfterMillis == null ? test : senderStartAfterMillis;
    }
}
