package org.maestro.reports.page;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.CsvReader;
import org.maestro.results.reduce.CounterGrowth;

/**
 * The kind of every column of an inspector CSV: as the inspector gave it in test.json, else guessed from the
 * values in one pass over the file (a column of numbers is a gauge, any other a key), as reports did before
 * inspectors wrote kinds.
 */
final class CsvColumnKinds {
    private CsvColumnKinds() {
    }

    /** Index 0, the timestamp, has none. */
    static ColumnKind[] of(Path file, List<String> header, Map<String, ColumnKind> given) throws IOException {
        ColumnKind[] kind = new ColumnKind[header.size()];
        boolean guess = false;
        for (int i = 1; i < header.size(); i++) {
            kind[i] = given.get(header.get(i));
            guess |= kind[i] == null;
        }
        if (!guess) {
            return kind;
        }
        boolean[] numeric = new boolean[header.size()];
        boolean[] text = new boolean[header.size()];
        try (CsvReader csv = CsvReader.open(file)) {
            csv.next();
            List<String> row;
            while ((row = csv.next()) != null) {
                for (int i = 1; i < row.size() && i < header.size(); i++) {
                    String v = row.get(i).trim();
                    if (!v.isEmpty()) {
                        boolean isNumber = number(v) != null;
                        numeric[i] |= isNumber;
                        text[i] |= !isNumber;
                    }
                }
            }
        }
        for (int i = 1; i < header.size(); i++) {
            if (kind[i] == null) {
                kind[i] = numeric[i] && !text[i] ? ColumnKind.GAUGE : ColumnKind.KEY;
            }
        }
        return kind;
    }

    /** A finite number, or null. */
    static Double number(String v) {
        return CounterGrowth.value(v);
    }
}
