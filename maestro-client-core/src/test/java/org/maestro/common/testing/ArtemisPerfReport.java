package org.maestro.common.testing;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code artemis perf client --json}'s report, as the benches that set Maestro beside it read it (worker-throughput.sh,
 * find-limit.sh): an array of one-second samples and a summary.
 */
public final class ArtemisPerfReport {
    private ArtemisPerfReport() {
    }

    /**
     * The end-to-end rate, msg/s: the total received over the time from the start of the first interval (its time
     * minus one second) to the summary. Resolution: about one second of a run of many.
     *
     * @param expectedCount the messages the run was to receive; a summary with another total is refused (-1: any)
     */
    public static double throughput(JsonNode report, long expectedCount) {
        long first = -1;
        JsonNode summary = null;
        for (JsonNode sample : report) {
            if ("interval".equals(sample.path("sampleType").asText()) && first < 0) {
                first = sample.path("time").asLong() - 1_000;
            } else if ("summary".equals(sample.path("sampleType").asText())) {
                summary = sample;
            }
        }
        if (first < 0 || summary == null || (expectedCount >= 0 && summary.path("totalReceived").asLong() != expectedCount)) {
            throw new IllegalStateException("artemis perf's report lacks intervals or a full summary: " + report);
        }
        return summary.path("totalReceived").asLong() / ((summary.path("time").asLong() - first) / 1e3);
    }
}
