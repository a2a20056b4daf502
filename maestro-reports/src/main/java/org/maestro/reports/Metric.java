package org.maestro.reports;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.maestro.common.runfiles.PeerFiles;

/**
 * A figure compared between a run and its baseline: where summary.json holds it, which way is better, the
 * smallest change that counts whatever the spread (a relative and an absolute floor), and how to measure it on a
 * slice of the run (to estimate its spread from one baseline).
 *
 * @param name           what the report calls it, e.g. "response time p99"
 * @param unit           msg/s, ms or messages
 * @param higherIsBetter true for rates
 * @param pointer        JSON pointer into summary.json
 * @param countPointer   when this count is 0 the figure was not measured (a latency of nothing), or null
 * @param relativeFloor  changes within this fraction of the baseline are "same" however small the spread
 * @param absoluteFloor  changes within this amount are "same" (scheduler noise below it is meaningless)
 * @param window         how to measure it on a slice of a run, or null when it cannot be
 * @param minusOneIsNever -1 means "never" (a flow that did not resume): worse than any value
 * @param route          the route (summary.json's routes[].name) whose figure it is, its pointers taken from that
 *                       route's entry; null for the run's
 */
record Metric(String name, String unit, boolean higherIsBetter, String pointer, String countPointer, double relativeFloor,
              double absoluteFloor, Window window, boolean minusOneIsNever, String route) {

    Metric(String name, String unit, boolean higherIsBetter, String pointer, String countPointer, double relativeFloor,
           double absoluteFloor, Window window, boolean minusOneIsNever) {
        this(name, unit, higherIsBetter, pointer, countPointer, relativeFloor, absoluteFloor, window, minusOneIsNever, null);
    }

    /** What a slice of a run yields for a metric. */
    record Window(String source, double percentile) {
        static final String RECEIVED = "received";
        static final String SENT = "sent";
    }

    /** The measures read from the HDR logs, in the order of {@link PeerFiles#HDR_LOGS}. */
    static final String[] HDR_MEASURES = {"responseTime", "serviceTime", "sendDelay"};
    static final String[] HDR_NAMES = {"response time", "service time", "send delay"};

    /**
     * The metrics of a run's totals, then the outage of each agent action, then the totals' metrics of each route both
     * summaries have (same name), e.g. "route core: response time p99".
     */
    static List<Metric> of(JsonNode baselineSummary, JsonNode runSummary) {
        List<Metric> all = totals();
        JsonNode actions = baselineSummary.path("actions");
        for (int i = 0; i < actions.size(); i++) {
            all.add(new Metric("outage after action " + (i + 1) + " (" + actions.get(i).path("handler").asText() + ")", "ms",
                    false, "/actions/" + i + "/outageMillis", null, 0.25, 250, null, true));
        }
        List<String> theirs = routeNames(baselineSummary);
        for (String route : routeNames(runSummary)) {
            if (theirs.contains(route)) {
                totals().forEach(m -> all.add(m.ofRoute(route)));
            }
        }
        return all;
    }

    /** The names of a summary's routes (none for a test of one route). */
    static List<String> routeNames(JsonNode summary) {
        List<String> names = new ArrayList<>();
        summary.path("routes").forEach(r -> names.add(r.path("name").asText()));
        return names;
    }

    /** The same metric of one route. */
    Metric ofRoute(String routeName) {
        return new Metric("route " + routeName + ": " + name, unit, higherIsBetter, pointer, countPointer, relativeFloor,
                absoluteFloor, window, minusOneIsNever, routeName);
    }

    /** The metrics of the totals: rates, latency percentiles, lost / duplicated / out of order. */
    private static List<Metric> totals() {
        List<Metric> all = new ArrayList<>();
        all.add(rate("receive rate", "/totals/receiveRate", Window.RECEIVED));
        all.add(rate("send rate", "/totals/sendRate", Window.SENT));
        double[][] percentiles = {{50, 90, 99, 99.9, 100}, {50, 99}, {99}};
        for (int m = 0; m < HDR_MEASURES.length; m++) {
            for (double q : percentiles[m]) {
                all.add(latency(m, q));
            }
        }
        for (String count : new String[] {"lost", "duplicated", "outOfOrder"}) {
            all.add(new Metric(count.equals("outOfOrder") ? "out of order" : count, "messages", false, "/totals/" + count,
                    null, 0.10, 0, null, false));
        }
        return all;
    }

    private static Metric rate(String name, String pointer, String source) {
        return new Metric(name, "msg/s", true, pointer, null, 0.03, 0, new Window(source, 0), false);
    }

    /** Tails move more from run to run than the middle: their floors are wider. */
    private static Metric latency(int measure, double percentile) {
        String label = percentile == 100 ? "max" : percentile == 99.9 ? "p99.9" : "p" + (int) percentile;
        String field = percentile == 100 ? "max" : percentile == 99.9 ? "p999" : "p" + (int) percentile;
        double floor = percentile <= 90 ? 0.10 : percentile <= 99 ? 0.15 : percentile < 100 ? 0.25 : 0.50;
        String base = "/totals/" + HDR_MEASURES[measure];
        return new Metric(HDR_NAMES[measure] + " " + label, "ms", false, base + "/" + field, base + "/count", floor, 0.05,
                new Window(HDR_MEASURES[measure], percentile), false);
    }

    /** This metric's value in a summary, or NaN when the summary does not hold it (or it measured nothing). */
    double valueIn(JsonNode summary) {
        JsonNode from = summary;
        if (route != null) {
            from = MissingNode.getInstance();
            for (JsonNode r : summary.path("routes")) {
                if (route.equals(r.path("name").asText())) {
                    from = r;
                }
            }
        }
        if (countPointer != null && from.at(countPointer).asLong(0) == 0) {
            return Double.NaN;
        }
        JsonNode v = from.at(pointer);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }
}
