package org.maestro.inspector.jolokia;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/** Key properties of MBean names as Jolokia writes them, read by key so the order of keys does not matter. */
final class MBeanNames {
    private MBeanNames() {
    }

    /** The value of {@code key} in {@code name}, unquoted; "" when the name lacks it or cannot be parsed. */
    static String key(String name, String key) {
        try {
            String value = new ObjectName(name).getKeyProperty(key);
            if (value == null) {
                return "";
            }
            return value.startsWith("\"") ? ObjectName.unquote(value) : value;
        } catch (MalformedObjectNameException | IllegalArgumentException e) {
            return "";
        }
    }
}
