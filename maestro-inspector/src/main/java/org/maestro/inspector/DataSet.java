package org.maestro.inspector;

import org.maestro.common.runfiles.PeerFiles;

import java.util.List;

/**
 * One kind of figure an inspector reads, written to {@code <name>.csv}: its columns (after the timestamp,
 * which every CSV has first) and, for humans, where it comes from.
 *
 * @param name    file-name-safe name, e.g. {@code queues}; the CSV is {@code queues.csv}
 * @param source  where the figures come from, e.g. an MBean pattern or an AMQP entity type
 * @param columns the column names after the timestamp, units in the names ({@code usedBytes})
 */
public record DataSet(String name, String source, List<String> columns) {
    public DataSet {
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException("data set name '" + name + "' must be letters, digits, '.', '_' or '-'"
                    + " (it names a CSV file)");
        }
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("data set " + name + " has no columns");
        }
        columns = List.copyOf(columns);
    }

    /** The CSV file's name. */
    public String fileName() {
        return PeerFiles.dataSetCsv(name);
    }
}
