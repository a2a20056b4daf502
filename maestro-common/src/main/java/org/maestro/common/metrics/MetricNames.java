package org.maestro.common.metrics;

/**
 * The names of Maestro's own metrics (docs/metrics.md describes each), written once here: the roles register
 * them, the tests and the Grafana dashboard's checks read them. Counters are named without {@code _total}, which
 * the client library adds; gauges in seconds without {@code _seconds}, which it adds from the unit.
 */
public final class MetricNames {
    public static final String TEST_PHASE = "maestro_test_phase";

    // Workers
    public static final String MESSAGES_SENT = "maestro_messages_sent";
    public static final String MESSAGES_ACKNOWLEDGED = "maestro_messages_acknowledged";
    public static final String MESSAGES_REFUSED = "maestro_messages_refused";
    public static final String MESSAGES_RELEASED = "maestro_messages_released";
    public static final String MESSAGES_RECEIVED = "maestro_messages_received";
    public static final String MESSAGES_LOST = "maestro_messages_lost";
    public static final String MESSAGES_PENDING = "maestro_messages_pending";
    public static final String MESSAGES_DUPLICATED = "maestro_messages_duplicated";
    public static final String MESSAGES_OUT_OF_ORDER = "maestro_messages_out_of_order";
    public static final String MESSAGE_RATE = "maestro_message_rate_per_second";
    public static final String RESPONSE_TIME = "maestro_response_time";
    public static final String SERVICE_TIME = "maestro_service_time";
    public static final String SEND_DELAY = "maestro_send_delay";
    /** Histograms ({@code _seconds_bucket}, {@code _sum}, {@code _count}) of the test's measured period, which add up across peers. */
    public static final String RESPONSE_TIME_HISTOGRAM = "maestro_response_time_histogram";
    public static final String SERVICE_TIME_HISTOGRAM = "maestro_service_time_histogram";
    public static final String SEND_DELAY_HISTOGRAM = "maestro_send_delay_histogram";
    /** A worker's host: the busy share of its cores in the test's last second, 0 to 1 (resource-usage.csv's figure). */
    public static final String HOST_CPU_BUSY = "maestro_host_cpu_busy_ratio";

    // Inspectors
    public static final String INSPECTOR_SAMPLES = "maestro_inspector_samples";
    public static final String INSPECTOR_SAMPLES_MISSING = "maestro_inspector_samples_missing";
    public static final String INSPECTOR_READ_TIME = "maestro_inspector_read_seconds";
    /** The SUT's own figures as the inspector's last sample read them (queue depth, messages added, CPU...). */
    public static final String SUT_VALUE = "maestro_sut_value";

    // Agents
    public static final String AGENT_HANDLER_RUNS = "maestro_agent_handler_runs";
    public static final String AGENT_HANDLERS_RUNNING = "maestro_agent_handlers_running";
    public static final String AGENT_HANDLER_LAST_END = "maestro_agent_handler_last_end_timestamp";

    private MetricNames() {
    }
}
