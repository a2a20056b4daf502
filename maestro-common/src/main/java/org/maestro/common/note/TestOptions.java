package org.maestro.common.note;

/**
 * The names of the SET options peers understand. Values are text in the units of
 * {@code org.maestro.common.units} (durations like {@code 90s} or message counts, sizes like
 * {@code ~1024}, rates per second with 0 = flat out). A peer ignores the names it does not use.
 */
public final class TestOptions {
    /** Unique id of this test run: names the peer's data directory. */
    public static final String TEST_ID = "test.id";
    public static final String TEST_NAME = "test.name";
    /** Duration: a time ({@code 90s}, {@code 1h30m}) or a message count ({@code 1000000}). */
    public static final String DURATION = "duration";
    /** Target messages per second for all senders together; 0 = flat out. */
    public static final String RATE = "rate";
    /** Connections per worker. */
    public static final String PARALLEL_COUNT = "parallel.count";
    /** Message size in bytes; {@code ~1024} varies by ±5 %. */
    public static final String MESSAGE_SIZE = "message.size";
    public static final String SEND_URL = "send.url";
    public static final String RECEIVE_URL = "receive.url";
    /** Warm-up period whose samples are tagged and left out of the summary. */
    public static final String WARMUP = "warmup";
    /** Inspector: the management URL (with credentials) and the inspector kind. */
    public static final String MANAGEMENT_URL = "management.url";
    public static final String INSPECTOR_TYPE = "inspector.type";

    private TestOptions() {
    }
}
