package org.maestro.inspector;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one read of the SUT's management gave: rows per data set that answered, and a reason per data set
 * that did not. A row holds one value per column of its {@link DataSet} (as text, "" when the SUT gave
 * none), in column order.
 */
public final class Sample {
    private final Map<String, List<List<String>>> rows = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();

    /** Records the rows of one data set (possibly none: e.g. no queue exists yet). */
    public Sample rows(String dataSet, List<List<String>> dataSetRows) {
        rows.put(dataSet, List.copyOf(dataSetRows));
        return this;
    }

    /** Records that one data set could not be read, and why. */
    public Sample failed(String dataSet, String reason) {
        failures.put(dataSet, reason);
        return this;
    }

    /** The rows of {@code dataSet}, or null when it failed or was not read. */
    public List<List<String>> rowsOf(String dataSet) {
        return rows.get(dataSet);
    }

    public Map<String, List<List<String>>> rows() {
        return Collections.unmodifiableMap(rows);
    }

    /** Data set name to the reason it could not be read. */
    public Map<String, String> failures() {
        return Collections.unmodifiableMap(failures);
    }

    public boolean complete() {
        return failures.isEmpty();
    }

    /** A list of values for a row, nulls written as "". */
    public static List<String> row(Object... values) {
        List<String> row = new ArrayList<>(values.length);
        for (Object v : values) {
            row.add(v == null ? "" : v.toString());
        }
        return row;
    }
}
