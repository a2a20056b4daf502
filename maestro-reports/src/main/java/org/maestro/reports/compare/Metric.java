package org.maestro.reports.compare;

import java.util.ArrayList;
import java.util.List;

import java.util.function.Function;

import org.maestro.results.Summary;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.results.ActionResult;

/**
 * A figure compared between a run and its baseline: where summary.json holds it, which way is better, the
 * smallest change that counts whatever the spread (a relative and an absolute floor), and how to measure it on a
 * slice of the run (to estimate its spread from one baseline).
 *
 * @param name           what the report calls it, e.g. "response time p99"
 * @param unit           msg/s, ms or messages
 * @param higherIsBetter true for rates
 * @param figure         the figure in a run's (or a route's) totals; null (unknown) when they do not hold it or it
 *                       measured nothing; for an action's outage, null
 * @param action         the index of the agent action whose outage this is, or -1
 * @param relativeFloor  changes within this fraction of the baseline are "same" however small the spread
 * @param absoluteFloor  changes within this amount are "same" (scheduler noise below it is meaningless)
 * @param window         how to measure it on a slice of a run, or null when it cannot be
 * @param minusOneIsNever -1 means "never" (a flow that did not resume): worse than any value
 * @param route          the route (summary.json's routes[].name) whose figure it is, read from that route's
 *                       totals; null for the run's
 * @param runToRunLogSpread how much the figure moves between identical runs, as the standard deviation of its
 *                       natural logarithm ({@link #RUN_TO_RUN_P50}, {@link #RUN_TO_RUN_TAIL}); the noise a comparison
 *                       assumes at least while too few baselines show the spread (see {@link MetricChange}); NaN for
 *                       none (rates follow the schedule, counts have no noise)
 */
public record Metric(String name, String unit, boolean higherIsBetter, Function<Summary.Totals, Number> figure, int action,
              double relativeFloor, double absoluteFloor, Window window, boolean minusOneIsNever, String route,
              double runToRunLogSpread) {
    /*
     * How much a latency figure moves between identical runs, measured: bench/compare-noise.sh, 10 identical demo runs
     * of 10 s at 1000 msg/s on an idle 2-core host (2026-11-27), response time p50 0.651 to 0.858 ms, p99 6.183 to
     * 20.37 ms: the standard deviation of ln(figure) over the 10 runs. One 10 s run's slices cannot show this spread (a
     * JIT outcome, a GC or a neighbour's burst moves a whole run); with it alone, one baseline called identical runs
     * worse on 6.7 % of pairs there. The median's spread serves the medians; the p99's serves every figure deeper in the tail: more
     * than p90 moves, and at least (not more than) what p99.9 and the max move, whose wider floors carry the rest.
     * The bench prints this spread for every metric of its identical runs, so that it can be measured again.
     */
    /** ln-spread between identical runs of a median (response time p50: 0.096). */
    static final double RUN_TO_RUN_P50 = 0.096;
    /** ln-spread between identical runs of a tail percentile (response time p99: 0.365). */
    static final double RUN_TO_RUN_TAIL = 0.365;

    /** What a slice of a run yields for a metric. */
    record Window(String source, double percentile) {
        static final String RECEIVED = "received";
        static final String SENT = "sent";
    }

    /** The measures read from the HDR logs, in the order of {@link PeerFiles#HDR_LOGS}. */
    static final String[] HDR_MEASURES = {"responseTime", "serviceTime", "sendDelay"};
    static final String[] HDR_NAMES = {"response time", "service time", "send delay"};
    private static final List<Function<Summary.Totals, Summary.Latency>> HDR_FIGURES =
            List.of(Summary.Totals::responseTime, Summary.Totals::serviceTime, Summary.Totals::sendDelay);

    /**
     * The metrics of a run's totals, then the outage of each agent action, then the totals' metrics of each route both
     * summaries have (same name), e.g. "route core: response time p99".
     */
    public static List<Metric> of(Summary baselineSummary, Summary runSummary) {
        List<Metric> all = totals();
        List<ActionResult> actions = baselineSummary.actions();
        for (int i = 0; i < actions.size(); i++) {
            all.add(new Metric(ActionResult.outageLabel(i, actions.get(i).handler()), "ms",
                    false, null, i, 0.25, 250, null, true, null, Double.NaN));
        }
        List<String> theirs = routeNames(baselineSummary);
        for (String route : routeNames(runSummary)) {
            if (theirs.contains(route)) {
                totals().forEach(m -> all.add(m.ofRoute(route)));
            }
        }
        return all;
    }

    /**
     * The names of a summary's routes compared one by one: none for a test of one route, whose route figures are its
     * totals (it has a route entry when its receivers start late, for their drain): compared twice they would count twice
     * in the family's false-alarm control and say each change twice.
     */
    static List<String> routeNames(Summary summary) {
        return summary.routes().size() < 2 ? List.of() : summary.routes().stream().map(Summary.RouteResult::name).toList();
    }

    /** The same metric of one route. */
    Metric ofRoute(String routeName) {
        return new Metric("route " + routeName + ": " + name, unit, higherIsBetter, figure, action, relativeFloor,
                absoluteFloor, window, minusOneIsNever, routeName, runToRunLogSpread);
    }

    /** The metrics of the totals: rates, latency percentiles, lost / duplicated / out of order. */
    private static List<Metric> totals() {
        List<Metric> all = new ArrayList<>();
        all.add(rate("receive rate", Summary.Totals::receiveRate, Window.RECEIVED));
        all.add(rate("send rate", Summary.Totals::sendRate, Window.SENT));
        double[][] percentiles = {{50, 90, 99, 99.9, 100}, {50, 99}, {99}};
        for (int m = 0; m < HDR_MEASURES.length; m++) {
            for (double q : percentiles[m]) {
                all.add(latency(m, q));
            }
        }
        all.add(count("lost", Summary.Totals::lost));
        all.add(count("duplicated", Summary.Totals::duplicated));
        all.add(count("out of order", Summary.Totals::outOfOrder));
        return all;
    }

    private static Metric count(String name, Function<Summary.Totals, Number> figure) {
        return new Metric(name, "messages", false, figure, -1, 0.10, 0, null, false, null, Double.NaN);
    }

    private static Metric rate(String name, Function<Summary.Totals, Number> figure, String source) {
        return new Metric(name, "msg/s", true, figure, -1, 0.03, 0, new Window(source, 0), false, null, Double.NaN);
    }

    /** Tails move more from run to run than the middle: their floors are wider. */
    private static Metric latency(int measure, double percentile) {
        String label = percentile == 100 ? "max" : percentile == 99.9 ? "p99.9" : "p" + (int) percentile;
        double floor = percentile <= 90 ? 0.10 : percentile <= 99 ? 0.15 : percentile < 100 ? 0.25 : 0.50;
        Function<Summary.Totals, Summary.Latency> of = HDR_FIGURES.get(measure);
        Function<Summary.Totals, Number> figure = t -> {
            Summary.Latency l = Summary.Latency.known(of.apply(t));
            return l == null ? null : l.at(percentile);
        };
        return new Metric(HDR_NAMES[measure] + " " + label, "ms", false, figure, -1, floor, 0.05,
                new Window(HDR_MEASURES[measure], percentile), false, null, percentile <= 50 ? RUN_TO_RUN_P50 : RUN_TO_RUN_TAIL);
    }

    /** This metric's value in a summary, or NaN when the summary does not hold it (or it measured nothing). */
    double valueIn(Summary summary) {
        Number v;
        if (action >= 0) {
            v = action < summary.actions().size() ? summary.actions().get(action).outageMillis() : null;
        } else {
            Summary.Totals totals = route == null ? summary.totals()
                    : summary.route(route) == null ? null : summary.route(route).totals();
            v = totals == null ? null : figure.apply(totals);
        }
        return v == null ? Double.NaN : v.doubleValue();
    }
}
