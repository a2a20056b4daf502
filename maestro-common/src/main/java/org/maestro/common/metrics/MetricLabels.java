package org.maestro.common.metrics;

/**
 * The label names of Maestro's metrics, in Prometheus' style (lower snake case), each written once here. See
 * docs/metrics.md for what carries which.
 */
public final class MetricLabels {
    /** The test the figures belong to ("" before the first test). */
    public static final String TEST_ID = "test_id";
    /** The test's phase on this peer (idle, starting, warmup, running, draining, done) on {@code maestro_test_phase}. */
    public static final String PHASE = "phase";
    public static final String PEER_ID = "peer_id";
    public static final String PEER = "peer";
    public static final String ROLE = "role";
    public static final String GROUP = "group";
    /** A percentile as a fraction (0.5, 0.99, 1 for the maximum), as Prometheus' summaries name theirs. */
    public static final String QUANTILE = "quantile";
    /** An agent handler's name, and how its run ended. */
    public static final String HANDLER = "handler";
    public static final String OUTCOME = "outcome";
    /** An inspector data set's name. */
    public static final String DATA_SET = "data_set";
    /** A row of an inspector data set, by its key columns (a queue: its address and name), and one of its columns. */
    public static final String ENTITY = "entity";
    public static final String COLUMN = "column";

    private MetricLabels() {
    }
}
