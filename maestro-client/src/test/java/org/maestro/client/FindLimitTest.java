package org.maestro.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.common.testing.Integration;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.results.Confirmation;
import org.maestro.results.Incremental;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The limit search with {@code --local} against a SUT whose limit is known: a real Artemis (embedded, in this JVM)
 * behind the SUT URL's {@code throttle}, which lets each sending connection send at most {@value #THROTTLE} msg/s, so
 * one sender of {@value #CONNECTIONS} connections cannot send more than {@value #CONNECTIONS} times that. The search must
 * land within its resolution of that cap, confirm a rate at or below it from a cold start (a JVM of its own), and a
 * fixed-rate test at that rate must then pass. (Artemis's own {@code jms.producerMaxRate} was tried first: its token bucket
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
    /** The runs of the user's next step, a fixed-rate test at the limit found. */
    @TempDir
    Path userRuns;

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
            long confirmedRate = theConfirmationIsReported(r, inc, read, found);
            // The user's next step: the test at the confirmed rate, cold, as fixed-rate.groovy runs it by default (its
            // warm-up, rate and loss criteria), against the same throttled SUT; as long as the confirmation, to keep this
            // bounded, and with the p99 bound the search was given.
            MaestroCommand.Result fixed = MaestroCommand.run("run", KnownLimit.SCRIPT.resolveSibling("fixed-rate.groovy").toString(),
                    "--local", "--runs", userRuns.toString(), "-P", "url=core://127.0.0.1:" + sut.port() + "/find.limit.user?throttle="
                            + THROTTLE, "-P", "connections=" + CONNECTIONS, "-P", "rate=" + confirmedRate, "-P", "duration=15s",
                    "-P", KnownLimit.P99_BOUND);
            assertEquals(0, fixed.exitCode(), "fixed-rate.groovy at the confirmed " + confirmedRate + " msg/s:\n" + fixed.output());
        }
    }

    /**
     * The search ended with a confirmation from a cold start (a JVM of its own) for 3 step durations, at or below the
     * steps' rate: incremental.json holds it under "confirmed", the console and the report say it. Returns its rate.
     */
    private long theConfirmationIsReported(MaestroCommand.Result r, JsonNode inc, Incremental read, long found) throws Exception {
        Confirmation confirmed = read.confirmed();
        assertNotNull(confirmed, r.output());
        assertTrue(confirmed.rate() <= found && confirmed.held(), inc.toString());
        assertEquals(15.0, confirmed.durationSeconds(), 0.001, "3 times the 5 s step");
        assertEquals("a cold start", confirmed.start());
        assertEquals(confirmed.rate(), read.limitRate());
        JsonNode json = inc.get("confirmed");
        assertEquals(confirmed.rate(), json.get("rate").asLong(), json.toString());
        for (String figure : List.of("receiveRate", "sendRate", "p50Millis", "p99Millis", "p999Millis", "sendDelayP99Millis", "lost")) {
            assertTrue(json.get("figures").hasNonNull(figure), "the confirmation's " + figure + ": " + json);
        }
        Path top = MaestroCommand.onlyRun(runs);
        Path confirmationRun = top.resolve(confirmed.figures().run());
        assertTrue(Files.isRegularFile(confirmationRun.resolve(RunLayout.SUMMARY_JSON)), confirmationRun.toString());
        assertTrue(r.output().contains(read.confirmedText()) && r.output().contains("limit: " + confirmed.rate() + " msg/s"),
                r.output());
        String report = Files.readString(top.resolve("report.html"));
        assertTrue(report.contains("confirmed rate") && report.contains(read.confirmedText()), "the report's curve marks it");
        return confirmed.rate();
    }

    /** Below the throttle all the way to maxRate: nothing fails, and the result says "at least". */
    @Test
    void whenNothingFailsTheResultIsALowerBound() throws Exception {
        try (EmbeddedBroker sut = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP")) {
            // Without a confirmation (confirmTries 0): the steps' rate is the answer.
            List<String> args = new ArrayList<>(List.of(CAP.searchArgs("amqp://127.0.0.1:" + sut.port() + "/find.limit.below", runs,
                    40, 80, "3s", "4m")));
            args.addAll(List.of("-P", "confirmTries=0"));
            MaestroCommand.Result r = MaestroCommand.run(args.toArray(String[]::new));
            assertEquals(0, r.exitCode(), r.output());
            Incremental inc = Incremental.read(MaestroCommand.onlyRun(runs).resolve(RunLayout.INCREMENTAL_JSON));
            assertEquals(Incremental.STOPPED_MAX_RATE, inc.stoppedBy(), r.output());
            assertTrue(inc.lowerBound());
            assertEquals("at least 80 msg/s (every step up to 80 msg/s was sustainable)", inc.sustainableText());
            assertTrue(r.output().contains("sustainable throughput: at least 80 msg/s"), r.output());
            assertTrue(inc.confirmations().isEmpty() && inc.confirmedText() == null, r.output());
            assertEquals(80L, inc.limitRate());
        }
    }
}
