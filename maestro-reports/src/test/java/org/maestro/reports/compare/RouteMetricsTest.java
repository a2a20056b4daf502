package org.maestro.reports.compare;

import org.junit.jupiter.api.Test;
import org.maestro.results.Summary;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which routes a comparison judges one by one: a test of one route (with a route entry for its late receivers' drain)
 * has none, since its route's figures are its totals; a test of several has each route both runs have.
 */
class RouteMetricsTest {
    private static Summary withRoutes(String... names) {
        Summary.Totals t = new Summary.Totals(1000L, 1000L, 0L, 0L, 0L, 100.0, 100.0, null, null, null);
        List<Summary.RouteResult> routes = java.util.Arrays.stream(names).map(n -> new Summary.RouteResult(n, "amqp", "amqp://h/" + n,
                List.of("sender-" + n), t, n.equals("late") ? new Summary.Drain(2000, 200, 150.0, 1.0) : null)).toList();
        return Summary.builder().testId("t").name("s").description("").start("").end("").totals(t).routes(routes)
                .verdict(Summary.PASSED).build();
    }

    @Test
    void oneRouteWithLateReceiversAddsNoRouteMetricsThatRepeatTheTotals() {
        Summary one = withRoutes("late");
        List<Metric> metrics = Metric.of(one, one);
        assertTrue(metrics.stream().noneMatch(m -> m.name().startsWith("route ")), metrics.toString());
        assertEquals(List.of(), Metric.routeNames(one));
        Summary two = withRoutes("late", "fast");
        List<Metric> both = Metric.of(two, two);
        assertEquals(3 * Metric.of(one, one).size(), both.size(), "the totals, then each of the two routes' own");
        assertTrue(both.stream().anyMatch(m -> m.name().equals("route fast: receive rate")), both.toString());
    }
}
