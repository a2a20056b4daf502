package org.maestro.client.dsl;

import groovy.lang.Closure;
import org.maestro.client.plan.RouteSettings;
import org.maestro.client.plan.TestPlan;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.note.LatencyMode;
import org.maestro.common.units.Rate;
import org.maestro.common.units.TestDuration;
import org.maestro.common.util.NearestName;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import static org.maestro.client.dsl.DslValues.bounded;
import static org.maestro.client.dsl.DslValues.connectionCount;
import static org.maestro.client.dsl.DslValues.positive;
import static org.maestro.client.dsl.DslValues.time;

/** A {@code route} line read into a route of the plan: its URLs, peers and the settings it overrides. */
final class RouteArgs {
    private RouteArgs() {
    }

    /** The route {@code args} describe, named {@code name}; an unknown or bad setting is refused naming the route. */
    static TestPlan.Route of(Map<String, Object> args, String name) {
        Topics.checkLevel("route group", name);
        Set<String> known = new TreeSet<>(Set.of("url", "sendUrl", "receiveUrl", "senders",
                "receivers", "protocol", "rate", "size", "connections", "duration", "receiverStartAfter", "senderStartAfter", "stages",
                "latency", "latencySample"));
        for (String key : args.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("route '" + name + "': unknown setting '" + key + "'"
                        + NearestName.hint(key, known, "a route sets"));
            }
        }
        try {
            return routeOf(args, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("route '" + name + "': " + e.getMessage(), e);
        }
    }

    /** The route {@code args} describe; a bad setting is refused naming it ({@code rate: ...}). */
    private static TestPlan.Route routeOf(Map<String, Object> args, String name) {
        // The protocol --local's embedded SUT is spoken in when the route names no URL of its own.
        String protocol = String.valueOf(args.getOrDefault("protocol", TestPlan.Route.LOCAL_SCHEME));
        if (!TestPlan.Route.LOCAL_SCHEMES.contains(protocol)) {
            throw new IllegalArgumentException("protocol '" + protocol + "' is not one --local's embedded SUT"
                    + " speaks (" + String.join(", ", TestPlan.Route.LOCAL_SCHEMES) + ")");
        }
        Object url = args.get("url");
        Object send = args.getOrDefault("sendUrl", url);
        Object receive = args.getOrDefault("receiveUrl", url);
        RouteSettings settings = new RouteSettings(
                setting(args, "rate", v -> bounded("rate", Rate.parse(String.valueOf(v)))),
                setting(args, "size", DslValues::sizes),
                setting(args, "connections", v -> connectionCount(v)),
                setting(args, "duration", v -> TestDuration.parse(String.valueOf(v))),
                setting(args, "receiverStartAfter", v -> time("receiverStartAfter", v).toMillis()),
                setting(args, "senderStartAfter", v -> time("senderStartAfter", v).toMillis()),
                setting(args, "stages", v -> StagesSpec.profile(v instanceof Closure<?> c ? c : null)),
                latencyOf(args));
        if (settings.stages() != null && (settings.rate() != null || settings.duration() != null)) {
            throw new IllegalArgumentException("stages: and " + (settings.rate() != null ? "rate:" : "duration:")
                    + " both set the route's " + (settings.rate() != null ? "rate" : "length") + ": give one or the other");
        }
        return new TestPlan.Route(name, send == null ? null : send.toString(), receive == null ? null : receive.toString(),
                positive("senders", args.getOrDefault("senders", 1)), positive("receivers", args.getOrDefault("receivers", 1)),
                protocol, settings);
    }

    /** The route's {@code latency:} and {@code latencySample:}; null when it sets neither (the test's). */
    private static LatencyMode latencyOf(Map<String, Object> args) {
        if (!args.containsKey("latency") && !args.containsKey("latencySample")) {
            return null;
        }
        Integer every = setting(args, "latencySample", v -> positive("latencySample", v));
        try {
            return LatencyMode.of(String.valueOf(args.getOrDefault("latency", LatencyMode.ONE_WAY)), every == null ? 1 : every);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("latency: " + e.getMessage(), e);
        }
    }

    /** The route's {@code key} read by {@code parser}, or null when not given; an error names the setting. */
    private static <T> T setting(Map<String, Object> args, String key, Function<Object, T> parser) {
        if (!args.containsKey(key)) {
            return null;
        }
        Object value = args.get(key);
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            // A message that starts with the setting's name already points at it.
            throw new IllegalArgumentException(message.startsWith(key) ? message : key + ": " + message, e);
        }
    }
}
