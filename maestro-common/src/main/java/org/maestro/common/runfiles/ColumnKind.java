package org.maestro.common.runfiles;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an inspector CSV column holds, so that the report charts what changes and never an identity. The
 * inspector knows it for the data sets it defines and writes it into {@code test.json} ({@link TestJson.DataSet#kinds()});
 * a report of a CSV without kinds guesses (text a key, a number a gauge).
 */
public enum ColumnKind {
    /** Names the row's entity (queue, address, link): part of every series' label, never charted. */
    KEY,
    /** Describes the entity without naming it usefully (an identity number, a type, a status): never charted. */
    IDENTITY,
    /** A total that only grows while the SUT runs (messages added, deliveries): charted as a rate per second. */
    COUNTER,
    /** A level now, or a setting (queue depth, bytes in use, capacity): charted only when it moves. */
    GAUGE;

    /**
     * Column names in order with their kinds, built kind by kind:
     * {@code ColumnKind.columns().key("address").counter("messagesAdded").gauge("messageCount").build()}.
     */
    public static Columns columns() {
        return new Columns();
    }

    /** An ordered column-to-kind map under construction. */
    public static final class Columns {
        private final Map<String, ColumnKind> kinds = new LinkedHashMap<>();

        private Columns() {
        }

        public Columns key(String... names) {
            return put(KEY, names);
        }

        public Columns identity(String... names) {
            return put(IDENTITY, names);
        }

        public Columns counter(String... names) {
            return put(COUNTER, names);
        }

        public Columns gauge(String... names) {
            return put(GAUGE, names);
        }

        /** The columns in the order given, with their kinds. */
        public Map<String, ColumnKind> build() {
            return Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
        }

        public List<String> names() {
            return List.copyOf(kinds.keySet());
        }

        private Columns put(ColumnKind kind, String... names) {
            for (String n : names) {
                if (kinds.put(n, kind) != null) {
                    throw new IllegalArgumentException("column " + n + " is given twice");
                }
            }
            return this;
        }
    }
}
