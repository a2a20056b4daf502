package org.maestro.client;

import java.nio.file.Path;

/**
 * A SUT whose limit is known, to check the limit search against: the SUT URL's {@code throttle} lets each of a sender's
 * {@code connections} send at most {@code throttle} msg/s, so no rate above {@link #limit()} is sustainable, whatever the
 * broker behind could take (a throttle well below the host's capacity makes a limit that does not depend on the load).
 *
 * @param throttle    msg/s per sending connection
 * @param connections connections per worker
 * @param resolution  the resolution the search is asked for, msg/s
 */
record KnownLimit(int throttle, int connections, long resolution) {
    static final Path SCRIPT = Path.of("..", "test-scripts", "find-limit.groovy");
    /** Near the throttle's cap a message may wait for it: the p99 bound of the search and of a run at its limit. */
    static final String P99_BOUND = "p99=200 ms";

    /** msg/s: connections × throttle. */
    long limit() {
        return (long) connections * throttle;
    }

    /**
     * The arguments of {@code maestro run find-limit.groovy --local} against {@code url} (no query) behind the throttle:
     * a climb by {@code step} from {@code step} up to {@code maxRate}, bisected to the resolution, within {@code maxTime};
     * bounds loose enough for a busy 2-core host (send delay 200 ms, {@link #P99_BOUND}).
     */
    String[] searchArgs(String url, Path runs, long step, long maxRate, String stepDuration, String maxTime) {
        return new String[]{"run", SCRIPT.toString(), "--local", "--runs", runs.toString(),
                "-P", "url=" + url + "?throttle=" + throttle, "-P", "connections=" + connections, "-P", "startRate=" + step,
                "-P", "step=" + step, "-P", "maxRate=" + maxRate, "-P", "resolution=" + resolution, "-P", "stepDuration=" + stepDuration,
                "-P", "warmup=1s", "-P", "maxTime=" + maxTime, "-P", "sendDelay=200ms", "-P", "warmupSendDelay=200ms", "-P", P99_BOUND};
    }
}
