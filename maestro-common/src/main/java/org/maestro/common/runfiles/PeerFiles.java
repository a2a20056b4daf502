package org.maestro.common.runfiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files in one peer's directory of a test: {@code <data dir>/<test id>/<peer name>/} on the peer, and
 * {@code <run>/peers/<peer name>/} once the client has collected them. Every module names them from here,
 * so the peers that write them and the client and reports that read them cannot drift apart.
 */
public final class PeerFiles {
    /** The test's parameters as this peer saw them ({@link TestJson}). */
    public static final String TEST_JSON = "test.json";
    /** Where the peer ran: host, CPUs, JVM, versions. */
    public static final String SYSTEM_JSON = "system.json";
    /** An agent's handler runs ({@link HandlersCsv}). */
    public static final String HANDLERS_CSV = "handlers.csv";
    /** A sender's delivery mode and how the SUT disposed of its messages ({@link DeliveryJson}), written at its end. */
    public static final String DELIVERY_JSON = "delivery.json";
    /** A receiver's duplicates and out-of-order arrivals. */
    public static final String SEQUENCE_EVENTS_CSV = "sequence-events.csv";
    /**
     * A sender's or receiver's own load, once a second: its process's CPU, its host's CPU and its GC pauses
     * ({@link ResourceUsageCsv}), so that a starved generator is not taken for a slow SUT.
     */
    public static final String RESOURCE_USAGE_CSV = "resource-usage.csv";
    /** The data set in which an inspector logs every sample's read time and outcome ({@code sampling.csv}). */
    public static final String SAMPLING_DATA_SET = "sampling";
    /** A router inspector's data set of links ({@code links.csv}), whose lines the report also sums per link as hop figures. */
    public static final String ROUTER_LINKS_DATA_SET = "links";
    /** Its column naming each link stably (address and direction, or the router at the far end), not by its identity. */
    public static final String ROUTER_LINK_COLUMN = "link";
    /**
     * Qpid Dispatch's type of the links that carry the routers' own protocol (hellos, link state), the first word of
     * such a link's name in that column: not the load, so no hop.
     */
    public static final String ROUTER_CONTROL_LINK_TYPE = "router-control";

    /** A sender's HDR interval log: how late each message left against its schedule. */
    public static final String SEND_DELAY_HLOG = "send-delay.hlog";
    /** A receiver's HDR interval log: arrival against the time the message was actually sent. */
    public static final String LATENCY_SERVICE_HLOG = "latency-service.hlog";
    /** A receiver's HDR interval log: arrival against the time the message was due. */
    public static final String LATENCY_RESPONSE_HLOG = "latency-response.hlog";
    /**
     * A sender's HDR interval log when its route's latency is round trip: a reply's arrival against the message's
     * actual send, both on the sender's clock (org.maestro.common.note.LatencyMode).
     */
    public static final String LATENCY_ROUND_TRIP_HLOG = "latency-round-trip.hlog";
    /** The HDR interval logs, in the order reports show them. */
    public static final List<String> HDR_LOGS = List.of(LATENCY_RESPONSE_HLOG, LATENCY_SERVICE_HLOG, SEND_DELAY_HLOG);
    /** The tag of the HDR intervals recorded during the warm-up, which the figures leave out. */
    public static final String WARMUP_TAG = "warmup";

    private static final String RATE_LOG_SUFFIX = ".rlog";
    private static final String CSV_SUFFIX = ".csv";

    private PeerFiles() {
    }

    /** {@code <dataDir>/<testId>/<peerName>}, where a peer writes a test's files. */
    public static Path directory(Path dataDir, String testId, String peerName) {
        return dataDir.resolve(testId).resolve(peerName);
    }

    /**
     * Where an inspector that samples several management endpoints writes one target's files (its data sets' CSVs and
     * {@code sampling.csv}): {@code <inspector's directory>/<target>} (e.g. {@code peers/inspector-1/router-2/}); the
     * inspector's own directory for the target "" (an inspector of one URL).
     */
    public static Path targetDirectory(Path inspectorDir, String target) {
        return target.isEmpty() ? inspectorDir : inspectorDir.resolve(target);
    }

    /** The same directory as the peer's data server serves it: {@code <testId>/<peerName>}. */
    public static String dataPath(String testId, String peerName) {
        return testId + "/" + peerName;
    }

    /** A sender's rate log for one connection. */
    public static String senderRateLog(int connection) {
        return "sender-" + connection + RATE_LOG_SUFFIX;
    }

    /** A receiver's rate log for one connection. */
    public static String receiverRateLog(int connection) {
        return "receiver-" + connection + RATE_LOG_SUFFIX;
    }

    /** The CSV an inspector writes a data set to. */
    public static String dataSetCsv(String dataSet) {
        return dataSet + CSV_SUFFIX;
    }

    public static boolean isRateLog(Path file) {
        return file.getFileName().toString().endsWith(RATE_LOG_SUFFIX);
    }

    public static boolean isCsv(Path file) {
        return file.getFileName().toString().endsWith(CSV_SUFFIX);
    }

    /** The rate logs in a peer directory, sorted by name; none when the directory does not exist. */
    public static List<Path> rateLogs(Path peerDir) throws IOException {
        if (!Files.isDirectory(peerDir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(peerDir)) {
            return files.filter(PeerFiles::isRateLog).sorted().toList();
        }
    }
}
