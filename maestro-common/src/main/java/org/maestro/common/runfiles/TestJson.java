package org.maestro.common.runfiles;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.note.Role;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a peer's {@code test.json} holds: the test's parameters as that peer saw them (passwords masked).
 * Each role writes its own record; all start with the test id and the peer. Written and read here only.
 */
public sealed interface TestJson permits TestJson.Worker, TestJson.Inspector, TestJson.Agent {

    String testId();

    Peer peer();

    /** This test as a sender's or receiver's (the only ones with a start and a warm-up), or empty. */
    default Optional<Worker> asWorker() {
        return this instanceof Worker w ? Optional.of(w) : Optional.empty();
    }

    /** Who wrote the file; {@code role} is the role's wire name. */
    record Peer(String id, String name, String host, String role, String group) {
        public static Peer of(PeerInfo peer) {
            return new Peer(peer.id(), peer.name(), peer.host(), peer.role().wireName(), peer.group());
        }
    }

    /**
     * A sender's or a receiver's test.
     *
     * @param startEpochMicros when the test started (every rate log's times count from it)
     * @param start            the same instant, ISO-8601, for people
     * @param warmupMicros     how long the warm-up was (a sender that waits for its schedule writes the actual length
     *                         once it is known); 0 for none
     * @param sendUrl          "" for a receiver
     * @param receiveUrl       "" for a sender
     * @param warmupGate       a sender whose warm-up waited for its connections to be on schedule: how it ended; null
     *                         for a warm-up of fixed length (and in files of earlier versions)
     * @param startInstant     when START named a common start instant: it and when this peer actually began; null when
     *                         it started at once (and in files of earlier versions)
     */
    record Worker(String testId, String testName, Peer peer, long startEpochMicros, String start, long warmupMicros,
                  String duration, long rate, int connections, String messageSize, String sendUrl, String receiveUrl,
                  Map<String, String> options, @JsonInclude(JsonInclude.Include.NON_NULL) WarmupGate warmupGate,
                  @JsonInclude(JsonInclude.Include.NON_NULL) StartInstant startInstant)
            implements TestJson {
        /** A worker's test.json built component by component (the file has the record's shape). */
        public static Builder builder() {
            return new Builder();
        }

        /** Names each component; one not set is null (false, 0). */
        public static final class Builder {
            private String testId;
            private String testName;
            private Peer peer;
            private long startEpochMicros;
            private String start;
            private long warmupMicros;
            private String duration;
            private long rate;
            private int connections;
            private String messageSize;
            private String sendUrl;
            private String receiveUrl;
            private Map<String, String> options;
            private WarmupGate warmupGate;
            private StartInstant startInstant;

            private Builder() {
            }

            public Builder testId(String testId) {
                this.testId = testId;
                return this;
            }

            public Builder testName(String testName) {
                this.testName = testName;
                return this;
            }

            public Builder peer(Peer peer) {
                this.peer = peer;
                return this;
            }

            public Builder startEpochMicros(long startEpochMicros) {
                this.startEpochMicros = startEpochMicros;
                return this;
            }

            public Builder start(String start) {
                this.start = start;
                return this;
            }

            public Builder warmupMicros(long warmupMicros) {
                this.warmupMicros = warmupMicros;
                return this;
            }

            public Builder duration(String duration) {
                this.duration = duration;
                return this;
            }

            public Builder rate(long rate) {
                this.rate = rate;
                return this;
            }

            public Builder connections(int connections) {
                this.connections = connections;
                return this;
            }

            public Builder messageSize(String messageSize) {
                this.messageSize = messageSize;
                return this;
            }

            public Builder sendUrl(String sendUrl) {
                this.sendUrl = sendUrl;
                return this;
            }

            public Builder receiveUrl(String receiveUrl) {
                this.receiveUrl = receiveUrl;
                return this;
            }

            public Builder options(Map<String, String> options) {
                this.options = options;
                return this;
            }

            public Builder warmupGate(WarmupGate warmupGate) {
                this.warmupGate = warmupGate;
                return this;
            }

            public Builder startInstant(StartInstant startInstant) {
                this.startInstant = startInstant;
                return this;
            }

            public Worker build() {
                return new Worker(testId, testName, peer, startEpochMicros, start, warmupMicros, duration, rate,
                        connections, messageSize, sendUrl, receiveUrl, options, warmupGate, startInstant);
            }
        }
    }

    /**
     * A peer's start at the test's common instant, both times on the peer's own clock (epoch microseconds), so its
     * lateness needs no clock offset.
     *
     * @param intendedEpochMicros the common instant, translated to this peer's clock by the client
     * @param begunEpochMicros    when the last of its connections began; null until they all have (or never did: a
     *                            test stopped before its instant)
     */
    record StartInstant(long intendedEpochMicros, Long begunEpochMicros) {
        /** How late the peer began, microseconds; null when it never began. */
        @JsonIgnore
        public Long latenessMicros() {
            return begunEpochMicros == null ? null : begunEpochMicros - intendedEpochMicros;
        }
    }

    /**
     * How a sender's warm-up ended when it waited for every connection's send delay to stay below a bound for a second.
     *
     * @param configuredMicros     the shortest warm-up (the configured one)
     * @param maxMicros            the longest: the cap
     * @param sendDelayBoundMicros the bound
     * @param onSchedule           true: it ended with every connection on schedule; false: at its cap (or when sending
     *                             ended) with a connection behind; null: it has not ended yet
     * @param connection           when it ended off schedule, the connection furthest behind in its last second; else -1
     * @param sendDelayMicros      that connection's worst send delay in its last late stretch, else 0
     * @param jitMillisPerSecond   the sender's JVM's JIT compile time in the last second before it ended (it waits for
     *                             that to fall below {@link ResourceUsageCsv#COMPILING_MILLIS_PER_SECOND}); null: unknown
     */
    record WarmupGate(long configuredMicros, long maxMicros, long sendDelayBoundMicros, Boolean onSchedule, int connection,
                      long sendDelayMicros, Long jitMillisPerSecond) {
        /** Ended, with a connection still behind its schedule. */
        @JsonIgnore
        public boolean offSchedule() {
            return Boolean.FALSE.equals(onSchedule);
        }

        /**
         * How the warm-up ended, for people, given its length: "on schedule after 7.2 s" or "connection 1 send delay
         * 812.000 ms when the warm-up hit its 15.0 s cap".
         */
        public String describe(long warmupMicros) {
            if (onSchedule == null) {
                return "still waiting for the schedule";
            }
            if (onSchedule) {
                boolean compiling = jitMillisPerSecond != null && jitMillisPerSecond >= ResourceUsageCsv.COMPILING_MILLIS_PER_SECOND;
                return String.format(Locale.ROOT, "on schedule after %.1f s", warmupMicros / 1e6) + (compiling
                        ? String.format(Locale.ROOT, ", the JIT still compiling %d ms a second", jitMillisPerSecond) : "");
            }
            if (endedWithSending(warmupMicros) || connection < 0) {
                // A connection counts as late from the start until it sends: within the first second a delay of 0 says
                // only that, not that it was behind.
                return String.format(Locale.ROOT, "sending ended %.1f s in, before the warm-up could end%s",
                        warmupMicros / 1e6, connection < 0 || sendDelayMicros == 0 ? "" : String.format(Locale.ROOT,
                                " (connection %d send delay %.3f ms)", connection, sendDelayMicros / 1000.0));
            }
            return String.format(Locale.ROOT, "connection %d send delay %.3f ms when the warm-up hit its %.1f s cap",
                    connection, sendDelayMicros / 1000.0, maxMicros / 1e6);
        }

        /**
         * Sending ended (a message count reached, a stop) before the warm-up of {@code warmupMicros} could end: every
         * message of the sender was warm-up, nothing of it was measured, so whether it got on schedule is not known.
         */
        public boolean endedWithSending(long warmupMicros) {
            return offSchedule() && warmupMicros < maxMicros;
        }
    }

    /**
     * An inspector's test: what it reads, how often, and the CSV of each data set. An inspector of one URL has its
     * CSVs beside this file and no {@code targets}; one of several (a list in {@code managementUrl}) has {@code targets},
     * each with its own directory ({@link PeerFiles#targetDirectory}), management URL and data sets, and no top-level
     * {@code dataSets}. Readers take {@link #inspected()} for either.
     *
     * @param targets null for an inspector of one URL (and in files of earlier versions)
     */
    record Inspector(String testId, Peer peer, String start, String inspectorType, String managementUrl,
                     long intervalMillis, long readTimeoutMillis, Map<String, DataSet> dataSets,
                     Map<String, String> options, List<Target> targets) implements TestJson {

        /** An inspector's test.json built component by component (the file has the record's shape). */
        public static Builder builder() {
            return new Builder();
        }

        /** Names each component; one not set is null (0); {@code targets} null for an inspector of one URL. */
        public static final class Builder {
            private String testId;
            private Peer peer;
            private String start;
            private String inspectorType;
            private String managementUrl;
            private long intervalMillis;
            private long readTimeoutMillis;
            private Map<String, DataSet> dataSets;
            private Map<String, String> options;
            private List<Target> targets;

            private Builder() {
            }

            public Builder testId(String testId) {
                this.testId = testId;
                return this;
            }

            public Builder peer(Peer peer) {
                this.peer = peer;
                return this;
            }

            public Builder start(String start) {
                this.start = start;
                return this;
            }

            public Builder inspectorType(String inspectorType) {
                this.inspectorType = inspectorType;
                return this;
            }

            public Builder managementUrl(String managementUrl) {
                this.managementUrl = managementUrl;
                return this;
            }

            public Builder intervalMillis(long intervalMillis) {
                this.intervalMillis = intervalMillis;
                return this;
            }

            public Builder readTimeoutMillis(long readTimeoutMillis) {
                this.readTimeoutMillis = readTimeoutMillis;
                return this;
            }

            public Builder dataSets(Map<String, DataSet> dataSets) {
                this.dataSets = dataSets;
                return this;
            }

            public Builder options(Map<String, String> options) {
                this.options = options;
                return this;
            }

            public Builder targets(List<Target> targets) {
                this.targets = targets;
                return this;
            }

            public Inspector build() {
                return new Inspector(testId, peer, start, inspectorType, managementUrl, intervalMillis,
                        readTimeoutMillis, dataSets, options, targets);
            }
        }

        /** What it sampled, each with its data sets: its targets, or itself as one target named "" (its own directory). */
        public List<Target> inspected() {
            return targets == null || targets.isEmpty() ? List.of(new Target("", managementUrl, dataSets == null ? Map.of() : dataSets))
                    : targets;
        }
    }

    /**
     * One management endpoint of an inspector that samples several.
     *
     * @param name its directory under the inspector's ({@link PeerFiles#targetDirectory}); "" for the inspector's own
     */
    record Target(String name, String managementUrl, Map<String, DataSet> dataSets) {
        /** Its directory, given the inspector's. */
        public Path directory(Path inspectorDir) {
            return PeerFiles.targetDirectory(inspectorDir, name);
        }
    }

    /**
     * One inspector data set: its CSV file, where its figures come from, its columns after the timestamp and what
     * kind each column is (keys, identities, counters, gauges; a column missing from {@code kinds} is of unknown
     * kind, and a file written before kinds existed has none).
     */
    record DataSet(String file, String source, List<String> columns, Map<String, ColumnKind> kinds) {
        public DataSet {
            kinds = kinds == null ? Map.of() : kinds;
        }

        /** The kind of {@code column}, or null when not known. */
        public ColumnKind kindOf(String column) {
            return kinds.get(column);
        }
    }

    /** An agent's test: its handler timeout and the sources it may fetch handlers from. */
    record Agent(String testId, Peer peer, String handlerTimeout, String allowedSources, Map<String, String> options)
            implements TestJson {
    }

    /** Writes {@code <dir>/test.json}. */
    static void write(Path dir, TestJson test) throws IOException {
        RunJson.write(dir.resolve(PeerFiles.TEST_JSON), test);
    }

    /**
     * Reads {@code <dir>/test.json}, the record chosen by the peer's role; empty when the directory has none.
     *
     * @throws IOException when the file is not JSON or names no role this version knows
     */
    static Optional<TestJson> read(Path dir) throws IOException {
        Path file = dir.resolve(PeerFiles.TEST_JSON);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode tree = RunJson.MAPPER.readTree(file.toFile());
        String role = tree.path("peer").path("role").asText("");
        Class<? extends TestJson> type;
        try {
            type = switch (Role.parse(role)) {
                case SENDER, RECEIVER -> Worker.class;
                case INSPECTOR -> Inspector.class;
                case AGENT -> Agent.class;
            };
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": peer.role: " + e.getMessage(), e);
        }
        return Optional.of(RunJson.MAPPER.treeToValue(tree, type));
    }

    /** A sender's or receiver's test.json; empty for another role or a directory without one. */
    static Optional<Worker> worker(Path dir) throws IOException {
        return read(dir).flatMap(TestJson::asWorker);
    }
}
