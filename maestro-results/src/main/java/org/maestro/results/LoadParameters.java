package org.maestro.results;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The keys of summary.json's {@code parameters} that make a run's load: what the senders were asked to send (rate,
 * message size, connections, duration, warm-up) and each route's share of it (its peers and own settings; its URLs are
 * not load: another SUT under the same load is what a comparison is for). The client writes them under these names; a
 * comparison whose load differs from every baseline's is "not comparable" ({@link #differences}).
 */
public final class LoadParameters {
    public static final String RATE = "rate";
    public static final String MESSAGE_SIZE = "messageSize";
    public static final String CONNECTIONS = "connections";
    public static final String DURATION = "duration";
    public static final String WARMUP = "warmup";
    public static final String ROUTES = "routes";
    /** A route's URLs: where the load goes, not what it is. */
    public static final List<String> ROUTE_ENDPOINTS = List.of("sendUrl", "receiveUrl");
    public static final List<String> ALL = List.of(RATE, MESSAGE_SIZE, CONNECTIONS, DURATION, WARMUP, ROUTES);

    private LoadParameters() {
    }

    /**
     * The load parameters that differ between a baseline's parameters and a run's, as "messageSize 1KiB → 64KiB"; empty
     * when the load is the same (a parameter neither has is the same).
     */
    public static List<String> differences(Map<String, Object> baseline, Map<String, Object> run) {
        return ALL.stream().filter(k -> !Objects.equals(load(k, baseline.get(k)), load(k, run.get(k))))
                .map(k -> k + " " + Objects.requireNonNullElse(load(k, baseline.get(k)), "(none)") + " \u2192 "
                        + Objects.requireNonNullElse(load(k, run.get(k)), "(none)")).toList();
    }

    /** The value as compared and shown: a route without its endpoints, its settings in order of name. */
    private static String load(String key, Object value) {
        if (value == null) {
            return null;
        }
        if (!ROUTES.equals(key) || !(value instanceof List<?> routes)) {
            return value.toString();
        }
        return routes.stream().map(r -> {
            if (!(r instanceof Map<?, ?> m)) {
                return String.valueOf(r);
            }
            Map<String, String> kept = new TreeMap<>();
            m.forEach((k, v) -> {
                if (!ROUTE_ENDPOINTS.contains(String.valueOf(k))) {
                    kept.put(String.valueOf(k), String.valueOf(v));
                }
            });
            return kept.toString();
        }).toList().toString();
    }
}
