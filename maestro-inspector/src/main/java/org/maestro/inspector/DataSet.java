package org.maestro.inspector;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.PeerFiles;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One kind of figure an inspector reads, written to {@code <name>.csv}: its columns (after the timestamp,
 * which every CSV has first), what kind each column is (so the report charts counters as rates and never an
 * identity) and, for humans, where it comes from.
 *
 * @param name    file-name-safe name, e.g. {@code queues}; the CSV is {@code queues.csv}
 * @param source  where the figures come from, e.g. an MBean pattern or an AMQP entity type
 * @param columns the column names after the timestamp, units in the names ({@code usedBytes})
 * @param kinds   the kind of each column whose kind is known (a subset of {@code columns})
 */
public record DataSet(String name, String source, List<String> columns, Map<String, ColumnKind> kinds) {
    public DataSet {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("data set name '" + name + "' must be letters, digits, '.', '_' or '-'"
                    + " (it names a CSV file)");
        }
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("data set " + name + " has no columns");
        }
        columns = List.copyOf(columns);
        for (String k : kinds.keySet()) {
            if (!columns.contains(k)) {
                throw new IllegalArgumentException("data set " + name + ": kind given for " + k + ", which is not a column");
            }
        }
        kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
    }

    /** A data set of columns whose kinds are not known. */
    public DataSet(String name, String source, List<String> columns) {
        this(name, source, columns, Map.of());
    }

    /** A data set whose columns, in order, are those of {@code kinds}. */
    public DataSet(String name, String source, Map<String, ColumnKind> kinds) {
        this(name, source, List.copyOf(kinds.keySet()), kinds);
    }

    /** The CSV file's name. */
    public String fileName() {
        return PeerFiles.dataSetCsv(name);
    }
}
