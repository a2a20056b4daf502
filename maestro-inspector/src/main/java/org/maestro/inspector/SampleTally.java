package org.maestro.inspector;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Counts of a run's samples, safe to read from any thread: how many were taken, how many were missing (at
 * least one data set could not be read), per data set, how long reads took, and the last failure.
 */
public final class SampleTally {
    private final Map<String, Long> missingPerDataSet = new LinkedHashMap<>();
    private long samples;
    private long missing;
    private long readMillisTotal;
    private long readMillisMax;
    private String lastFailure = "";

    public SampleTally(List<DataSet> dataSets) {
        dataSets.forEach(d -> missingPerDataSet.put(d.name(), 0L));
    }

    /** One sample: how long its read took, and the data sets that could not be read with why. */
    public synchronized void record(long readMillis, Map<String, String> failures) {
        samples++;
        readMillisTotal += readMillis;
        readMillisMax = Math.max(readMillisMax, readMillis);
        if (!failures.isEmpty()) {
            missing++;
            failures.keySet().forEach(d -> missingPerDataSet.merge(d, 1L, Long::sum));
            lastFailure = failures.values().iterator().next();
        }
    }

    public synchronized long samples() {
        return samples;
    }

    public synchronized long missing() {
        return missing;
    }

    /** The time every read took, added up. */
    public synchronized long readMillisTotal() {
        return readMillisTotal;
    }

    public synchronized long missing(String dataSet) {
        return missingPerDataSet.getOrDefault(dataSet, 0L);
    }

    /** E.g. {@code 12 samples, 2 missing (queues 2, os 1); last failure: ...; read time mean 14 ms, max 40 ms}. */
    public synchronized String summary() {
        StringBuilder s = new StringBuilder().append(samples).append(samples == 1 ? " sample" : " samples")
                .append(", ").append(missing).append(" missing");
        if (missing > 0) {
            s.append(" (").append(missingPerDataSet.entrySet().stream().filter(e -> e.getValue() > 0)
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))).append(")")
                    .append("; last failure: ").append(lastFailure);
        }
        if (samples > 0) {
            s.append("; read time mean ").append(readMillisTotal / samples).append(" ms, max ").append(readMillisMax).append(" ms");
        }
        return s.toString();
    }
}
