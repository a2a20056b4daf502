package org.maestro.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.local.EmbeddedBroker;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.util.LoopbackPorts;
import org.maestro.results.Incremental;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * bench/find-limit-accuracy.sh: the limit search's accuracy table. Against SUTs whose limit is known (an embedded Artemis
 * behind the SUT URL's {@code throttle}, {@link KnownLimit}: 2 connections × 60 = 120 msg/s and 2 × 200 = 400 msg/s),
 * {@code test-scripts/find-limit.groovy --local} is run REPEATS times each; then once with {@code maxRate} below the
 * 400 msg/s limit, where nothing fails and the result must be "at least". Per run: the result (sustainable ..
 * unsustainable), the error of the sustainable rate against the known limit in resolutions, the steps and the time
 * used against the cap, and the host's load average before and after (the host is shared: a limit made by a throttle far
 * below what the host can carry should not move with the load; the table shows whether it did).
 *
 * <p>Not a test (no assertion, minutes long): surefire runs it only when named, {@code -Dtest=FindLimitAccuracyBench}.
 * System properties: {@code maestro.bench.repeats} (3), {@code maestro.bench.stepDuration} (5s),
 * {@code maestro.bench.maxTime} (4m, each search's cap).
 */
class FindLimitAccuracyBench {
    private static final String OUT = "find-limit-accuracy: ";

    /** A known limit and how the search climbs towards it: by {@code step} from {@code step} to {@code maxRate}. */
    private record Case(KnownLimit cap, long step, long maxRate) {
        boolean belowTheLimit() {
            return maxRate < cap.limit();
        }
    }

    /** One search's outcome, as its incremental.json has it, and the load average around it. */
    private record Row(Case c, int run, Incremental result, double loadBefore, double loadAfter) {
    }

    @TempDir
    Path work;

    @Test
    void accuracyTable() throws Exception {
        int repeats = Integer.getInteger("maestro.bench.repeats", 3);
        String stepDuration = System.getProperty("maestro.bench.stepDuration", "5s");
        String maxTime = System.getProperty("maestro.bench.maxTime", "4m");
        KnownLimit low = new KnownLimit(60, 2, 10);
        KnownLimit high = new KnownLimit(200, 2, 25);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            cases.add(new Case(low, 50, 300));
        }
        for (int i = 0; i < repeats; i++) {
            cases.add(new Case(high, 150, 1000));
        }
        cases.add(new Case(high, 150, 300));
        List<Row> rows = new ArrayList<>();
        try (EmbeddedBroker sut = EmbeddedBroker.start(LoopbackPorts.free(), "AMQP")) {
            for (Case c : cases) {
                int run = rows.size() + 1;
                Path runs = work.resolve("runs-" + run);
                double before = loadAverage();
                MaestroCommand.Result r = MaestroCommand.run(c.cap().searchArgs("amqp://127.0.0.1:" + sut.port() + "/accuracy." + run,
                        runs, c.step(), c.maxRate(), stepDuration, maxTime));
                if (r.exitCode() == 2) {   // 1 is a search with no sustainable step: a row of the table all the same
                    throw new IllegalStateException("search " + run + " could not run:\n" + r.output());
                }
                Incremental inc = Incremental.read(MaestroCommand.onlyRun(runs).resolve(RunLayout.INCREMENTAL_JSON));
                rows.add(new Row(c, run, inc, before, loadAverage()));
                print("search %d of %d: %s", run, cases.size(), inc.sustainableText());
            }
        }
        print("");
        print("find-limit.groovy --local, AMQP, 1 KiB, 2 connections, step %s, embedded Artemis behind the URL's throttle;"
                + " %d cores, shared with other builds", stepDuration, Runtime.getRuntime().availableProcessors());
        print("%-6s %-5s %-4s %-11s %-12s %-11s %8s %6s %-15s %-11s", "limit", "res.", "run", "result", "stopped by", "error", "|err|/res",
                "steps", "time / cap", "load 1 min");
        for (Row row : rows) {
            Incremental inc = row.result();
            Long found = inc.sustainableRate();
            String result = found == null ? "unknown" : inc.lowerBound() ? ">= " + found
                    : found + ".." + (inc.unsustainableRate() == null ? "?" : inc.unsustainableRate());
            String error = "";
            String ratio = "";
            if (found != null && !row.c().belowTheLimit()) {
                long e = found - row.c().cap().limit();
                error = String.format(Locale.ROOT, "%+d", e);
                ratio = String.format(Locale.ROOT, "%.2f", Math.abs(e) / (double) row.c().cap().resolution());
            } else if (row.c().belowTheLimit()) {
                error = "max " + row.c().maxRate();
                ratio = "n/a";
            }
            print("%-6d %-5d %-4d %-11s %-12s %-11s %8s %6d %-15s %.1f -> %.1f", row.c().cap().limit(), row.c().cap().resolution(), row.run(),
                    result, inc.stoppedBy(), error, ratio, inc.steps().size(),
                    String.format(Locale.ROOT, "%.0f s / %.0f s", inc.elapsedSeconds(), inc.maxSeconds()), row.loadBefore(), row.loadAfter());
        }
        for (KnownLimit cap : List.of(low, high)) {
            List<Row> of = rows.stream().filter(row -> row.c().cap().equals(cap) && !row.c().belowTheLimit()).toList();
            long within = of.stream().filter(row -> row.result().sustainableRate() != null
                    && Math.abs(row.result().sustainableRate() - cap.limit()) <= cap.resolution()).count();
            long inTime = of.stream().filter(row -> row.result().elapsedSeconds() <= row.result().maxSeconds()).count();
            print("limit %d msg/s: %d of %d searches within the resolution (%d msg/s), %d of %d within the time cap", cap.limit(), within,
                    of.size(), cap.resolution(), inTime, of.size());
        }
        print("error: the sustainable rate found minus the known limit (a target up to the rate tolerance, 3 %%, above the limit"
                + " can still pass: the senders then fall behind by less than the tolerance within a step)");
    }

    /** The host's load average over the last minute (/proc/loadavg); NaN where there is none. */
    private static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (Exception e) {
            return Double.NaN;
        }
    }

    private static void print(String format, Object... args) {
        System.out.println(OUT + String.format(Locale.ROOT, format, args));
    }
}
