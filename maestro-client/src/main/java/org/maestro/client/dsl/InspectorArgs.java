package org.maestro.client.dsl;

import org.maestro.client.plan.TestPlan;
import org.maestro.common.note.ManagementTarget;
import org.maestro.common.note.TestOptions;
import org.maestro.inspector.InspectorOptions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An {@code inspector} line read into the options its peer is SET (its endpoint, kind, interval, data sets), refused
 * on the line for what the peer would refuse; {@code router:} names routers of the script's topology.
 */
final class InspectorArgs {
    private InspectorArgs() {
    }

    /** The inspector {@code args} describe; {@code topology} is the script's, null without one. */
    static TestPlan.InspectorSpec of(Map<String, Object> args, String type, ScriptTopology topology) {
        if (!type.equals("jolokia") && !type.equals("amqp-management")) {
            throw new IllegalArgumentException("inspector type must be 'jolokia' or 'amqp-management', not '" + type + "'");
        }
        Set<String> known = Set.of("url", "interval", "datasets", "router", "peers");
        for (String key : args.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("inspector '" + type + "': unknown setting '" + key + "' (known: " + known + ")");
            }
        }
        boolean atRouter = args.get("router") != null;
        if (atRouter) {
            // Routers of the topology --local starts (or all of them): their management URLs are known once they run.
            if (args.get("url") != null || topology == null || !type.equals("amqp-management")) {
                throw new IllegalArgumentException("inspector '" + type + "', router: '" + args.get("router") + "': router names"
                        + " routers of the topology --local starts (or 'all'), so it needs type 'amqp-management', no url, and"
                        + " topology given before it");
            }
            args = new LinkedHashMap<>(args);
            Object peers = args.remove("peers");
            args.put("url", ScriptTopology.inspectorPlaceholder(names(args.remove("router")), peers));
        } else if (args.get("peers") != null) {
            throw new IllegalArgumentException("inspector '" + type + "', peers: '" + args.get("peers") + "': peers goes with router"
                    + " (routers of the topology --local starts); a list of URLs is always one peer");
        } else if (args.get("url") instanceof Collection<?> urls) {
            // One inspector peer sampling several endpoints: the option's list form.
            args = new LinkedHashMap<>(args);
            args.put("url", String.join(ManagementTarget.SEPARATOR, names(urls)));
        }
        if (args.get("url") == null) {
            throw new IllegalArgumentException("inspector '" + type + "' needs url: the management endpoint (or, with a"
                    + " topology, router: a router's name or 'all')");
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put(TestOptions.INSPECTOR_TYPE, type);
        options.put(TestOptions.MANAGEMENT_URL, args.get("url").toString());
        if (args.containsKey("interval")) {
            options.put(TestOptions.INSPECTOR_INTERVAL, args.get("interval").toString());
        }
        if (args.containsKey("datasets")) {
            options.put(TestOptions.INSPECTOR_DATASETS, args.get("datasets").toString());
        }
        if (!atRouter) {
            inspectorRefusal(type, options); // a router's placeholder becomes its management URL once --local started it
        }
        return new TestPlan.InspectorSpec(type, args.get("url").toString(), options);
    }

    /** A list's items, or a text's comma-separated words, as strings. */
    private static List<String> names(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof Collection<?> c) {
            c.forEach(x -> out.add(String.valueOf(x).strip()));
        } else {
            for (String part : value.toString().split(ManagementTarget.SEPARATOR)) {
                out.add(part.strip());
            }
        }
        return out;
    }

    /**
     * Refuses, on the script's line, what the inspector peer would refuse at SET, read by its own parser: a router's
     * amqp:// URL where a Jolokia http:// URL belongs costs no peer.
     */
    private static void inspectorRefusal(String type, Map<String, String> options) {
        try {
            InspectorOptions.parse(options);
        } catch (IllegalArgumentException e) {
            String url = options.get(TestOptions.MANAGEMENT_URL).strip().toLowerCase(Locale.ROOT);
            String hint = type.equals("jolokia") && url.startsWith("amqp") ? "; an amqp:// URL is AMQP management:"
                    + " inspector 'amqp-management'" : "";
            throw new IllegalArgumentException("inspector '" + type + "': " + e.getMessage() + hint, e);
        }
    }
}
