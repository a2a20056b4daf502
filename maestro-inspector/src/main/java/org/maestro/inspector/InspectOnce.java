package org.maestro.inspector;

import org.maestro.common.runfiles.CsvReader;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One sample of every data set, printed: what {@code maestro inspect --type … --url … --once} does so a user
 * can check a management URL and its credentials before a test. Each data set is printed as a heading and
 * CSV lines (header, then rows); a data set that cannot be read is printed with the reason.
 *
 * <p>Exit codes: {@value #OK} every data set was read; {@value #PARTIAL} some could not be; {@value #FAILED}
 * nothing could be read or the arguments are wrong (the reason is printed).
 */
public final class InspectOnce {
    public static final int OK = 0;
    public static final int PARTIAL = 1;
    public static final int FAILED = 2;
    /** How long the one read may take. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private InspectOnce() {
    }

    /** One sample with the default data sets and timeout. */
    public static int run(String type, String url, PrintStream out) {
        return run(type, url, "", DEFAULT_TIMEOUT, out);
    }

    /**
     * @param dataSets amqp-management: a preset or a data set list, "" for the default (see {@code inspector.datasets})
     */
    public static int run(String type, String url, String dataSets, Duration timeout, PrintStream out) {
        Inspector inspector;
        try {
            inspector = InspectorKind.parse(type).create(url, dataSets, timeout);
        } catch (IllegalArgumentException e) {
            out.println("FAILED: " + e.getMessage());
            return FAILED;
        }
        try (inspector) {
            long t0 = System.nanoTime();
            Sample sample;
            try {
                sample = inspector.sample();
            } catch (InspectorException e) {
                out.println("FAILED: " + inspector.describe() + ": " + e.getMessage());
                return FAILED;
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            for (DataSet d : inspector.dataSets()) {
                print(d, sample, out);
            }
            Map<String, String> failures = sample.failures();
            out.println();
            if (failures.isEmpty()) {
                out.println("OK: " + inspector.describe() + ": " + inspector.dataSets().size() + " data sets read in " + millis + " ms");
                return OK;
            }
            out.println("PARTIAL: " + inspector.describe() + ": " + failures.size() + " of " + inspector.dataSets().size()
                    + " data sets could not be read: " + String.join(", ", failures.keySet()));
            return PARTIAL;
        }
    }

    private static void print(DataSet d, Sample sample, PrintStream out) {
        List<List<String>> rows = sample.rowsOf(d.name());
        out.println();
        if (rows == null) {
            out.println("== " + d.name() + " (" + d.source() + "): FAILED: " + sample.failures().get(d.name()));
            return;
        }
        out.println("== " + d.name() + " (" + d.source() + "): " + rows.size() + (rows.size() == 1 ? " row" : " rows"));
        out.println(line(d.columns()));
        rows.forEach(r -> out.println(line(r)));
    }

    private static String line(List<String> values) {
        StringBuilder s = new StringBuilder();
        for (String v : values) {
            s.append(s.length() == 0 ? "" : ",").append(CsvReader.field(v));
        }
        return s.toString();
    }
}
