package org.maestro.common.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * A peer's /metrics page as a scraper without a token gets it (Prometheus text format), and the value of one of
 * its samples.
 */
public record MetricsPage(int status, String text) {

    public static MetricsPage get(URI metricsUrl) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(metricsUrl).build(),
                HttpResponse.BodyHandlers.ofString());
        return new MetricsPage(r.statusCode(), r.body());
    }

    /**
     * The value of the sample written exactly {@code series} ({@code name{label="value",...}} with the labels in the
     * client library's order, by name), NaN when there is none.
     */
    public double value(String series) {
        return text.lines().filter(l -> l.startsWith(series + " ")).map(l -> l.substring(series.length() + 1).strip())
                .map(v -> v.split(" ")[0]).mapToDouble(Double::parseDouble).findFirst().orElse(Double.NaN);
    }
}
