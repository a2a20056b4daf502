package org.maestro.client.topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * qdrouterd.conf read back the way qdrouterd reads it (sections of {@code key: value} lines, '#' comments), so a test
 * checks what a generated configuration means rather than how it is spelled.
 */
record ConfSections(List<Section> sections) {
    record Section(String type, Map<String, String> attributes) {
        String get(String key) {
            return attributes.get(key);
        }
    }

    static ConfSections parse(String text) {
        List<Section> sections = new ArrayList<>();
        String type = null;
        Map<String, String> attributes = null;
        int n = 0;
        for (String raw : text.split("\n")) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (type == null) {
                if (!line.matches("[A-Za-z]+ \\{")) {
                    throw new AssertionError("line " + n + ": expected 'section {', got '" + raw + "'");
                }
                type = line.substring(0, line.indexOf(' '));
                attributes = new LinkedHashMap<>();
            } else if (line.equals("}")) {
                sections.add(new Section(type, attributes));
                type = null;
            } else {
                int colon = line.indexOf(':');
                if (colon < 1) {
                    throw new AssertionError("line " + n + ": expected 'key: value', got '" + raw + "'");
                }
                if (attributes.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip()) != null) {
                    throw new AssertionError("line " + n + ": attribute given twice: " + raw);
                }
            }
        }
        if (type != null) {
            throw new AssertionError("section " + type + " is not closed");
        }
        return new ConfSections(sections);
    }

    List<Section> of(String type) {
        return sections.stream().filter(s -> s.type().equals(type)).toList();
    }

    Section only(String type) {
        List<Section> all = of(type);
        if (all.size() != 1) {
            throw new AssertionError("expected one " + type + " section, found " + all.size());
        }
        return all.get(0);
    }

    /** The listener of {@code role}. */
    Section listener(String role) {
        return of("listener").stream().filter(s -> role.equals(s.get("role"))).reduce((a, b) -> {
            throw new AssertionError("two " + role + " listeners");
        }).orElseThrow(() -> new AssertionError("no " + role + " listener"));
    }
}
