package org.maestro.agent.handler;

import java.util.List;
import java.util.Map;

/** The little JSON the agent writes (handlers.csv arguments, test.json): strings, lists and maps of them. */
public final class Json {
    private Json() {
    }

    public static String string(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    public static String strings(List<String> list) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < list.size(); i++) {
            out.append(i == 0 ? "" : ",").append(string(list.get(i)));
        }
        return out.append(']').toString();
    }

    /** An object whose values are strings, numbers, booleans, lists of strings or nested maps (pretty, two spaces). */
    public static String object(Map<String, ?> map) {
        return object(map, "");
    }

    private static String object(Map<String, ?> map, String indent) {
        StringBuilder out = new StringBuilder("{");
        int i = 0;
        for (Map.Entry<String, ?> e : map.entrySet()) {
            out.append(i++ == 0 ? "\n" : ",\n").append(indent).append("  ").append(string(e.getKey())).append(": ")
                    .append(value(e.getValue(), indent + "  "));
        }
        return out.append(map.isEmpty() ? "" : "\n" + indent).append('}').toString();
    }

    @SuppressWarnings("unchecked")
    private static String value(Object v, String indent) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        if (v instanceof Map<?, ?> m) {
            return object((Map<String, ?>) m, indent);
        }
        if (v instanceof List<?> l) {
            return strings(l.stream().map(String::valueOf).toList());
        }
        return string(v.toString());
    }
}
