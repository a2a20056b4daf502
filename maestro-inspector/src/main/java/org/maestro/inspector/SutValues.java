package org.maestro.inspector;

import org.maestro.common.runfiles.ColumnKind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The SUT's own figures of one sample, as Prometheus series: every number of a {@link ColumnKind#GAUGE} or
 * {@link ColumnKind#COUNTER} column of every data set that answered, named by its data set, its entity (the row's
 * {@link ColumnKind#KEY} columns joined by {@code /}, e.g. {@code perf.queue/perf.queue}; "" for a data set of one
 * row such as {@code os}) and its column. The same values as the sample's CSV rows, not a second read. Two rows
 * of one entity (keys that do not tell them apart) give the first row's: a scrape may not hold a series twice.
 */
final class SutValues {
    /** One figure: e.g. {@code queues}, {@code perf.queue/perf.queue}, {@code messageCount}, 12. */
    record Value(String dataSet, String entity, String column, double value) {
    }

    private SutValues() {
    }

    /** The numbers of {@code sample} (none when it is null); a cell that is not a number is left out. */
    static List<Value> of(List<DataSet> dataSets, Sample sample) {
        List<Value> values = new ArrayList<>();
        Set<List<String>> seen = new HashSet<>();
        if (sample == null) {
            return values;
        }
        for (DataSet d : dataSets) {
            List<List<String>> rows = sample.rowsOf(d.name());
            if (rows == null) {
                continue;
            }
            for (List<String> row : rows) {
                List<String> keys = new ArrayList<>();
                for (int i = 0; i < d.columns().size() && i < row.size(); i++) {
                    if (d.kinds().get(d.columns().get(i)) == ColumnKind.KEY) {
                        keys.add(row.get(i));
                    }
                }
                String entity = String.join("/", keys);
                for (int i = 0; i < d.columns().size() && i < row.size(); i++) {
                    String column = d.columns().get(i);
                    ColumnKind kind = d.kinds().get(column);
                    if ((kind == ColumnKind.GAUGE || kind == ColumnKind.COUNTER) && seen.add(List.of(d.name(), entity, column))) {
                        number(row.get(i)).ifPresent(v -> values.add(new Value(d.name(), entity, column, v)));
                    }
                }
            }
        }
        return values;
    }

    private static OptionalDouble number(String cell) {
        try {
            return cell.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(cell));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
