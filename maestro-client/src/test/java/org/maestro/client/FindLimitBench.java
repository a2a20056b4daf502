package org.maestro.client;

import org.maestro.common.testing.ArtemisPerfReport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.TestLab;
import org.maestro.results.Incremental;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * bench/find-limit.sh: on one standalone Artemis 2.44, in one run, Maestro's flat-out achieved rate, {@code artemis perf
 * client}'s flat-out rate, and Maestro's search for the highest sustainable rate ({@code test-scripts/find-limit.groovy},
 * {@code --local} workers in this JVM) between a quarter of the flat-out rate and four times it, side by side; then the curve.
 * AMQP, 1 KiB, 2 connections.
 *
 * <p>Not a test (no assertion, minutes long): surefire runs it only when named, {@code -Dtest=FindLimitBench}.
 * System properties: {@code maestro.bench.stepDuration} (10s), {@code maestro.bench.maxTime} (10m),
 * {@code maestro.bench.perfMessages} (100000).
 */
class FindLimitBench {
    private static final Path SCRIPTS = Path.of("..", "test-scripts");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OUT = "find-limit: ";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto().withArtemis();

    @TempDir
    Path work;

    @Test
    void searchBesideFlatOut() throws Exception {
        String stepDuration = System.getProperty("maestro.bench.stepDuration", "10s");
        String maxTime = System.getProperty("maestro.bench.maxTime", "10m");
        int perfMessages = Integer.getInteger("maestro.bench.perfMessages", 100_000);
        JsonNode flat = JSON.readTree(run("flat-out", "fixed-rate.groovy", "rate=max", "duration=15s", "warmup=3s",
                "p99=60 s").resolve(RunLayout.SUMMARY_JSON).toFile()).get("totals");
        double flatOut = flat.get("receiveRate").asDouble();
        print("maestro flat out (15 s, 3 s warm-up): sent %.0f msg/s, received %.0f msg/s", flat.get("sendRate").asDouble(), flatOut);
        double perf = artemisPerf(perfMessages);
        print("artemis perf client --protocol AMQP, flat out, %d messages: %.0f msg/s", perfMessages, perf);
        long quarter = Math.max(10, Math.round(flatOut / 4 / 10) * 10);
        long resolution = Math.max(5, Math.round(flatOut / 40 / 5) * 5);
        // Up to four times flat out: flat out lets a backlog build, which can slow the broker below what it sustains
        // when paced (on a quiet host: flat out 2,743 msg/s, every paced step up to 5,520 sustainable, the search
        // stopped "at least" by a cap of twice flat out).
        Path search = run("search", "find-limit.groovy", "startRate=" + quarter, "step=" + quarter, "maxRate=" + 16 * quarter,
                "resolution=" + resolution, "stepDuration=" + stepDuration, "maxTime=" + maxTime,
                // The broker's queues through Jolokia: each step's backlog judged by their depth (QueueBacklog).
                "jolokia=" + lab.sut().jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD));
        JsonNode inc = JSON.readTree(search.resolve(RunLayout.INCREMENTAL_JSON).toFile());
        print("");
        print("AMQP, 1 KiB, 2 connections, standalone Artemis 2.44 on this host (2 cores, shared with other builds)");
        print("%-58s %12s", "", "msg/s");
        print("%-58s %12.0f", "artemis perf client, flat out", perf);
        print("%-58s %12.0f", "maestro, flat out (received)", flatOut);
        print("%-58s %12s", "maestro, highest sustainable rate", inc.get("sustainableRate").isNull() ? "unknown" : inc.get("sustainableRate").asText());
        print("search: %s; stopped by %s after %.0f s, %d steps",
                Incremental.read(search.resolve(RunLayout.INCREMENTAL_JSON)).sustainableText(), inc.get("stoppedBy").asText(),
                inc.get("elapsedSeconds").asDouble(), inc.get("steps").size());
        if (!inc.get("sustainableRate").isNull()) {
            print("sustainable / maestro flat out: %.2f; sustainable / artemis perf: %.2f", inc.get("sustainableRate").asDouble() / flatOut,
                    inc.get("sustainableRate").asDouble() / perf);
        }
        print("%-6s %-7s %10s %10s %10s %10s %10s %12s %12s  %s", "step", "phase", "target", "achieved", "p50 ms", "p99 ms", "p99.9 ms",
                "send dly p99", "queue grew/s", "verdict");
        int n = 0;
        for (JsonNode s : inc.get("steps")) {
            print("%-6d %-7s %10d %10s %10s %10s %10s %12s %12s  %s%s", ++n, s.get("phase").asText(), s.get("rate").asLong(), num(s, "receiveRate"),
                    num(s, "p50Millis"), num(s, "p99Millis"), num(s, "p999Millis"), num(s, "sendDelayP99Millis"), num(s, "queueGrowthPerSecond"),
                    s.get("sustainable").asBoolean() ? "sustainable" : "NOT sustainable", s.get("borderline").asBoolean() ? " (borderline)" : "");
        }
        print("report: %s", search.resolve("report.html").toAbsolutePath());
    }

    private static String num(JsonNode step, String field) {
        JsonNode v = step.get(field);
        return v == null || v.isNull() ? "unknown" : String.format(Locale.ROOT, "%.1f", v.asDouble());
    }

    /** One {@code maestro run SCRIPT --local} against the standalone Artemis; gives its run directory. */
    private Path run(String label, String script, String... params) throws Exception {
        Path runs = work.resolve("runs-" + label);
        List<String> args = new ArrayList<>(List.of("run", SCRIPTS.resolve(script).toString(), "--local", "--runs", runs.toString(),
                "-P", "url=" + lab.sut().amqpUrl("bench.limit." + label), "-P", "connections=2", "-P", "size=1024"));
        for (String p : params) {
            args.add("-P");
            args.add(p);
        }
        MaestroCommand.Result r = MaestroCommand.run(args.toArray(String[]::new));
        if (r.exitCode() == 2) {
            throw new IllegalStateException(label + " could not run:\n" + r.output());
        }
        return MaestroCommand.onlyRun(runs);
    }

    /** {@code artemis perf client} flat out, end to end, as bench/worker-throughput.sh measures it (its JSON report). */
    private double artemisPerf(int count) throws Exception {
        Path report = work.resolve("perf.json");
        Path home = Path.of(System.getProperty(ArtemisBroker.HOME_PROPERTY));
        Process p = new ProcessBuilder(home.resolve("bin/artemis").toString(), "perf", "client", "--silent", "--protocol", "AMQP",
                "--url", lab.sut().amqpUrl(), "--user", ArtemisBroker.USER, "--password", ArtemisBroker.PASSWORD,
                "--message-count", Integer.toString(count), "--message-size", "1024", "--max-pending", "1000",
                "--json", report.toString(), "queue://bench.limit.perf")
                .redirectErrorStream(true).redirectOutput(work.resolve("perf.log").toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("artemis perf failed: " + Files.readString(work.resolve("perf.log")));
        }
        return ArtemisPerfReport.throughput(JSON.readTree(report.toFile()), count);
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
