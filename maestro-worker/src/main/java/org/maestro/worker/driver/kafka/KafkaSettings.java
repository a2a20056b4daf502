package org.maestro.worker.driver.kafka;

import org.maestro.common.runfiles.DeliveryMode;
import org.maestro.common.util.SafeText;
import org.maestro.common.util.UrlParts;
import org.maestro.worker.driver.SutUrl;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The options of a {@code kafka://host:port/topic?options} SUT URL, checked when the URL is parsed (at SET), so a
 * bad one is refused there with the option's name. Each is optional; an option not given leaves the Kafka client's
 * default (e.g. acks=all). The names are Kafka's own client settings where there is one.
 *
 * @param acks         producer {@code acks}: 0, 1, all (or -1); null for the client's default. 0 makes the URL's
 *                     delivery presettled ({@link #deliveryOf}): the sender's figures say nothing was acknowledged
 * @param lingerMs     producer {@code linger.ms}; null for the client's default
 * @param batchSize    producer {@code batch.size} in bytes; null for the client's default
 * @param compression  producer {@code compression.type}; null for the client's default (none)
 * @param groupId      the consumer group of this URL's receivers ({@value #DEFAULT_GROUP} unless given)
 * @param partitions   how many partitions the topic gets when a worker creates it (it exists: left as it is)
 */
public record KafkaSettings(String acks, Integer lingerMs, Integer batchSize, String compression, String groupId,
                            int partitions) {
    public static final String SCHEME = "kafka";
    public static final int DEFAULT_PORT = 9092;
    static final String DEFAULT_GROUP = "maestro";

    static final String ACKS = "acks";
    static final String LINGER_MS = "linger.ms";
    static final String BATCH_SIZE = "batch.size";
    static final String COMPRESSION = "compression.type";
    static final String GROUP_ID = "group.id";
    static final String PARTITIONS = "partitions";
    /** Maestro's: {@code type=topic} gives each receiving connection a group of its own (see {@link #groupOf}). */
    static final String TYPE = "type";
    private static final List<String> NAMES = List.of(ACKS, LINGER_MS, BATCH_SIZE, COMPRESSION, GROUP_ID, PARTITIONS, TYPE);
    private static final Set<String> ACKS_VALUES = Set.of("0", "1", "all", "-1");
    private static final Set<String> COMPRESSIONS = Set.of("none", "gzip", "snappy", "lz4", "zstd");

    /**
     * The SutUrl of a {@code kafka://} URI whose host and topic {@link SutUrl#parse} has checked: the options are
     * checked here and kept as the URL's client options.
     *
     * @param shown the URL as an error message may show it (password masked)
     */
    public static SutUrl parse(URI uri, String topic, String shown) {
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': kafka:// takes no user or password"
                    + " (Maestro speaks to Kafka over PLAINTEXT only)");
        }
        Map<String, String> options = new LinkedHashMap<>(UrlParts.options(uri));
        for (String key : options.keySet()) {
            if (!NAMES.contains(key)) {
                throw new IllegalArgumentException("bad SUT URL '" + shown + "': unknown option '" + SafeText.of(key)
                        + "' (kafka:// takes " + String.join(", ", NAMES) + ")");
            }
        }
        boolean topicType = SutUrl.isTopicType(options.remove(TYPE), shown);
        try {
            of(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad SUT URL '" + shown + "': " + e.getMessage(), e);
        }
        int port = uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort();
        return SutUrl.builder().scheme(SCHEME).host(uri.getHost()).port(port).destination(topic).topic(topicType)
                .username("")
                .password("").clientOptions(Map.copyOf(options)).delivery(deliveryOf(options.get(ACKS))).build();
    }

    /**
     * What a sender's counts mean under {@code acks}: 0 is fire-and-forget (the broker answers nothing, the client calls
     * a send complete once it left), so it is presettled, never "acknowledged"; 1 and all wait for the broker (settled).
     */
    static DeliveryMode deliveryOf(String acks) {
        return "0".equals(acks) ? DeliveryMode.PRESETTLED : DeliveryMode.SETTLED;
    }

    /** The settings of a URL {@link #parse} made. */
    static KafkaSettings of(SutUrl url) {
        return of(url.clientOptions());
    }

    private static KafkaSettings of(Map<String, String> o) {
        String acks = o.get(ACKS);
        if (acks != null && !ACKS_VALUES.contains(acks)) {
            throw new IllegalArgumentException(ACKS + " must be 0, 1 or all, not '" + SafeText.of(acks) + "'");
        }
        String compression = o.get(COMPRESSION);
        if (compression != null && !COMPRESSIONS.contains(compression)) {
            throw new IllegalArgumentException(COMPRESSION + " must be one of none, gzip, snappy, lz4, zstd, not '"
                    + SafeText.of(compression) + "'");
        }
        String group = o.getOrDefault(GROUP_ID, DEFAULT_GROUP);
        if (group.isBlank()) {
            throw new IllegalArgumentException(GROUP_ID + " is empty");
        }
        Integer partitions = number(o, PARTITIONS, 1);
        return new KafkaSettings(acks, number(o, LINGER_MS, 0), number(o, BATCH_SIZE, 0), compression, group,
                partitions == null ? 1 : partitions);
    }

    private static Integer number(Map<String, String> o, String key, int min) {
        String v = o.get(key);
        if (v == null) {
            return null;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= min) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a whole number of at least " + min + ", not '" + SafeText.of(v) + "'");
    }

    /**
     * The consumer group of one receiving connection. A queue (the default) is one group for all of them, so they
     * share the topic's partitions as a queue's consumers share its messages; {@code type=topic} gives each
     * connection a group of its own, so each gets every message, as a topic's subscribers do.
     */
    String groupOf(SutUrl url, String clientName) {
        return url.topic() ? groupId + "." + clientName : groupId;
    }
}
