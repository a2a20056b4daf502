package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.common.testing.Integration;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.Incremental;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limit search with {@code --local} against a SUT whose limit is known: a real Artemis (embedded, in this JVM)
 * behind the SUT URL's {@code throttle}, which lets each sending connection send at most {@value #THROTTLE} msg/s, so
 * one sender of {@value #CONNECTIONS} connections cannot send more than {@value #CONNECTIONS} times that. The search must
 * land within its resolution of that cap. (Artemis's own {@code jms.producerMaxRate} was tried first: its token bucket
 * let through 72 msg/s of a cap of 500.)
 */
@Integration
class FindLimitTest {
    private static final int CONNECTIONS = 2;
    private static final int THROTTLE = 60;
    private static final KnownLimit CAP = new KnownLimit(THROTTLE, CONNECTIONS, 10);
    private static final long LIMIT = CAP.limit();
    private static final long RESOLUTION = CAP.resolution();

    @TempDir
    Path runs;

    /** find-limit.groovy with --local against {@code url} behind the throttle ({@link KnownLimit#searchArgs}). */
    private MaestroCommand.Result search(String url, long step, long maxRate, String stepDuration) {
        return MaestroCommand.run(CAP.searchArgs(url, runs, step, maxRate, stepDuration, "4m"));
    }

    @Test
    void theSearchLandsWithinItsResolutionOfAThrottle() throws Exception {
        try (EmbeddedBroker sut = EmbeddedBroker.start(LoopbackPorts.free(), "CORE")) {
            MaestroCommand.Result r = search("core://127.0.0.1:" + sut.port() + "/find.limit", 50, 300, "5s");
            assertEquals(0, r.exitCode(), r.output());
            JsonNode inc = new ObjectMapper().readTree(MaestroCommand.onlyRun(runs).resolve(RunLayout.INCREMENTAL_JSON).toFile());
            long found = inc.get("sustainableRate").asLong();
            long above = inc.get("unsustainableRate").asLong();
            assertEquals("resolution", inc.get("stoppedBy").asText(), inc.toString());
            assertTrue(above - found <= RESOLUTION, inc.toString());
            // The cap is the true limit: sustainable at or below it, not (beyond the rate tolerance) above it.
            assertTrue(found <= LIMIT * 1.03 && above > LIMIT * 0.97, "found " + found + ".." + above + " for a cap of " + LIMIT
                    + "\n" + r.output());
            for (JsonNode step : inc.get("steps")) {
                assertTrue(step.hasNonNull("receiveRate") && step.hasNonNull("p50Millis") && step.hasNonNull("p999Millis"),
                        "every step is a point of the curve: " + step);
            }
            Incremental read = Incremental.read(MaestroCommand.onlyRun(runs).resolve(RunLayout.INCREMENTAL_JSON));
            assertTrue(r.output().contains("sustainable throughput: " + read.sustainableText()), r.output());
        }
    }

    /** Below the throttle all the way to maxRate: nothing fails, and the result says "at least". */
    @Test
    void whenNothingFailsTheResultIsALowerBound() throws Exception {
        try (EmbeddedBroker sut = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP")) {
            MaestroCommand.Result r = search("amqp://127.0.0.1:" + sut.port() + "/find.limit.below", 40, 80, "3s");
            assertEquals(0, r.exitCode(), r.output());
            Incremental inc = Incremental.read(MaestroCommand.onlyRun(runs).resolve(RunLayout.INCREMENTAL_JSON));
            assertEquals(Incremental.STOPPED_MAX_RATE, inc.stoppedBy(), r.output());
            assertTrue(inc.lowerBound());
            assertEquals("at least 80 msg/s (every step up to 80 msg/s was sustainable)", inc.sustainableText());
            assertTrue(r.output().contains("sustainable throughput: at least 80 msg/s"), r.output());
        }
    }
}
