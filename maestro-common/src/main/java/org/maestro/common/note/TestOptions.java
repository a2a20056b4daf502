package org.maestro.common.note;

/**
 * The names of the SET options peers understand. Values are text in the units of
 * {@code org.maestro.common.units} (durations like {@code 90s} or message counts, sizes like
 * {@code ~1024}, rates per second with 0 = flat out). A peer ignores the names it does not use. A sender's or
 * receiver's options, typed and with their defaults, are a {@link LoadOptions}.
 */
public final class TestOptions {
    /** Unique id of this test run: names the peer's data directory. */
    public static final String TEST_ID = "test.id";
    public static final String TEST_NAME = "test.name";
    /** Duration: a time ({@code 90s}, {@code 1h30m}) or a message count ({@code 1000000}). */
    public static final String DURATION = "duration";
    /**
     * Target messages per second of the worker that receives it; 0 = flat out. The client divides
     * a test's total rate among its senders.
     */
    public static final String RATE = "rate";
    /**
     * A sender's rate profile (org.maestro.common.units.RateProfile's text form, its share of the test's); absent for
     * one rate. {@link #RATE} then holds its mean rate, {@link #DURATION} its length.
     */
    public static final String RATE_STAGES = "rate.stages";
    /** Connections per worker. */
    public static final String CONNECTIONS = "connections";
    /** Message size in bytes; {@code ~1024} varies by ±5 %. */
    public static final String MESSAGE_SIZE = "message.size";
    public static final String SEND_URL = "send.url";
    public static final String RECEIVE_URL = "receive.url";
    /** Warm-up period whose samples are tagged and left out of the summary. */
    public static final String WARMUP = "warmup";
    /**
     * Sender: the warm-up ends once every connection's send delay has stayed below this for a whole second, never
     * before {@link #WARMUP} nor after {@link #WARMUP_MAX}; {@code off} for a warm-up of fixed length.
     */
    public static final String WARMUP_SEND_DELAY = "warmup.send.delay";
    /** Sender: the longest a warm-up waits for its connections to be on schedule (a time). */
    public static final String WARMUP_MAX = "warmup.max";
    /**
     * Sender: how its warm-up raises the rate to the target, a start share and a time ({@code 10% 5s}; within the
     * warm-up, see org.maestro.common.units.WarmupRamp), or {@code off} for the target from the first message.
     */
    public static final String WARMUP_RAMP = "warmup.ramp";
    /**
     * Sender: most messages sent but not yet accepted by the SUT, per connection (back-pressure); lowered for big
     * messages so that their bodies in flight stay within 64 MiB a connection (WorkerOptions.IN_FLIGHT_BYTES).
     */
    public static final String MAX_IN_FLIGHT = "max.in.flight";
    /**
     * Sender and receiver: how latency is measured, {@code one-way} (the default: the receiver's arrival time against
     * the sender's send time, two clocks) or {@code round-trip} (each receiver sends the message back and the sender
     * times it on its own clock): {@link LatencyMode}.
     */
    public static final String LATENCY = "latency";
    /** With {@link #LATENCY} {@code round-trip}: 1 message in this many is sent back (default 1: every one). */
    public static final String LATENCY_SAMPLE = "latency.sample";
    /** Receiver: after it is told to stop, it ends once no message arrived for this long. */
    public static final String DRAIN_QUIET = "drain.quiet";
    /** Inspector: the management URL (with credentials) and the inspector kind. */
    public static final String MANAGEMENT_URL = "management.url";
    /** Inspector kind: {@code jolokia} or {@code amqp-management}. */
    public static final String INSPECTOR_TYPE = "inspector.type";
    /** Inspector: time between two samples of the SUT's management (default 5s, at least 1s). */
    public static final String INSPECTOR_INTERVAL = "inspector.interval";
    /**
     * Inspector, amqp-management: the data sets to query, a preset ({@code qpid-dispatch}, the default, also
     * named {@code router} and {@code skupper}: a router of either kind; or {@code qpid-broker-j}) or {@code name=entityType:attribute,attribute;name=...}.
     */
    public static final String INSPECTOR_DATASETS = "inspector.datasets";
    /**
     * Agent: how long one handler run may take (a time, e.g. {@code 30s}, {@code 5m}) before the agent
     * kills it and reports it timed out; overrides the agent's {@code --handler-timeout} for the runs
     * started after this SET.
     */
    public static final String AGENT_HANDLER_TIMEOUT = "agent.handler.timeout";

    private TestOptions() {
    }

    /**
     * A test id names a directory on every peer: it must be one safe path segment.
     *
     * @throws IllegalArgumentException naming the option and the bad value
     */
    public static String checkTestId(String testId) {
        if (testId.isEmpty() || testId.equals(".") || testId.equals("..") || !testId.matches("[A-Za-z0-9._@:+=-]+")) {
            throw new IllegalArgumentException("option " + TEST_ID + ": '" + testId + "' cannot name a directory;"
                    + " use letters, digits and . _ - @ : + =");
        }
        return testId;
    }
}
