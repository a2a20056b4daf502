package org.maestro.worker.driver.kafka;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Apache Kafka with its own client (kafka-clients): one KafkaProducer or KafkaConsumer per connection. A worker
 * that finds the topic missing creates it (Admin client) with the URL's {@code partitions}.
 *
 * <p>Every message of a sending connection (one Maestro stream) has that connection's name as its key, so a
 * stream stays in one partition and in order there; receivers account for sequences per stream as on AMQP.
 *
 * <p>The Kafka client reconnects by itself and says nothing when the broker is gone, so the bounds below are what
 * turns a lost broker into a failed test: a send not acknowledged within {@link #BROKER_TIMEOUT} fails, and a
 * receiver that hears nothing for a second asks the broker for the topic's end offsets, which must answer within
 * the same bound.
 */
public final class KafkaDriver implements LoadDriver {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaDriver.class);
    /** How long the broker may stay silent (unreachable, or not acknowledging) before the test fails. */
    static final Duration BROKER_TIMEOUT = Duration.ofSeconds(10);
    /** Each request's own bound, a part of {@link #BROKER_TIMEOUT} so a retry fits in it. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** How long closing a producer or consumer may take (it flushes or commits; the broker may be gone). */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);
    /** Topics known to exist ("host:port/topic"): one admin round trip per test, not one per connection. */
    private final Set<String> topicsSeen = ConcurrentHashMap.newKeySet();

    @Override
    public Producer openProducer(SutUrl url, String clientName) throws DriverException {
        KafkaSettings settings = settingsWithTopic(url);
        Map<String, Object> config = common(url, clientName, ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) BROKER_TIMEOUT.toMillis());
        int linger = settings.lingerMs() == null ? 0 : settings.lingerMs();
        // The client insists on delivery.timeout.ms >= linger.ms + request.timeout.ms.
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) BROKER_TIMEOUT.toMillis() + linger);
        putIfGiven(config, ProducerConfig.ACKS_CONFIG, settings.acks());
        putIfGiven(config, ProducerConfig.LINGER_MS_CONFIG, settings.lingerMs());
        putIfGiven(config, ProducerConfig.BATCH_SIZE_CONFIG, settings.batchSize());
        putIfGiven(config, ProducerConfig.COMPRESSION_TYPE_CONFIG, settings.compression());
        try {
            return new Sender(new KafkaProducer<>(config), url, clientName.getBytes(StandardCharsets.UTF_8));
        } catch (KafkaException e) {
            throw DriverException.of("cannot create a producer for", url, e);
        }
    }

    /**
     * A topic of each sender connection's own, read as {@code type=topic} (a consumer group of the reading connection's
     * own): never a member of the receivers' group, which a new member would make rebalance during the load.
     */
    @Override
    public SutUrl replyUrl(SutUrl url, long stream) {
        return url.replyTo(LoadDriver.super.replyUrl(url, stream).destination(), true);
    }

    @Override
    public Consumer openConsumer(SutUrl url, String clientName) throws DriverException {
        KafkaSettings settings = settingsWithTopic(url);
        Map<String, Object> config = common(url, clientName, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupOf(url, clientName));
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) BROKER_TIMEOUT.toMillis());
        // Where a partition starts is decided by Receiver's start marks, never by the client's reset policy.
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        KafkaConsumer<byte[], byte[]> consumer;
        try {
            consumer = new KafkaConsumer<>(config);
        } catch (KafkaException e) {
            throw DriverException.of("cannot create a consumer for", url, e);
        }
        try {
            return new Receiver(consumer, url);
        } catch (KafkaException e) {
            consumer.close(CLOSE_TIMEOUT);
            throw DriverException.of("cannot subscribe to", url, e);
        } catch (DriverException e) {
            consumer.close(CLOSE_TIMEOUT);
            throw e;
        }
    }

    /** What producer, consumer and admin client share: where the broker is, who we are, how long to wait. */
    private static Map<String, Object> common(SutUrl url, String clientName) {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, url.host() + ":" + url.port());
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, clientName);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REQUEST_TIMEOUT.toMillis());
        return config;
    }

    /** {@link #common} for a producer or consumer: its key and value (de)serializer, both {@code serde}. */
    private static Map<String, Object> common(SutUrl url, String clientName, String keyConfig, String valueConfig, Class<?> serde) {
        Map<String, Object> config = common(url, clientName);
        config.put(keyConfig, serde);
        config.put(valueConfig, serde);
        return config;
    }

    private static void putIfGiven(Map<String, Object> config, String key, Object value) {
        if (value != null) {
            config.put(key, value);
        }
    }

    /** The URL's settings, once its topic exists (made on the first producer or consumer of a test that needs it). */
    private KafkaSettings settingsWithTopic(SutUrl url) throws DriverException {
        KafkaSettings settings = KafkaSettings.of(url);
        if (!topicsSeen.contains(url.toString())) {
            ensureTopic(url, settings);
            topicsSeen.add(url.toString());
        }
        return settings;
    }

    /** Creates the topic with the URL's partitions when it does not exist; bounded by {@link #BROKER_TIMEOUT}. */
    static void ensureTopic(SutUrl url, KafkaSettings settings) throws DriverException {
        Map<String, Object> config = common(url, "maestro-admin");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) BROKER_TIMEOUT.toMillis());
        try (Admin admin = Admin.create(config)) {
            try {
                admin.describeTopics(List.of(url.destination())).allTopicNames().get(BROKER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                return;
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            try {
                admin.createTopics(List.of(new NewTopic(url.destination(), Optional.of(settings.partitions()), Optional.empty())))
                        .all().get(BROKER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                LOG.info("created topic {} with {} partition(s) on {}:{}", url.destination(), settings.partitions(), url.host(), url.port());
            } catch (ExecutionException e) {
                // Another worker (the receiver, a second sender) created it meanwhile: as good.
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        } catch (ExecutionException e) {
            throw DriverException.of("cannot connect to", url, e.getCause());
        } catch (TimeoutException e) {
            throw new DriverException("cannot connect to " + url + ": no answer within " + BROKER_TIMEOUT.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while connecting to " + url, e);
        } catch (KafkaException e) {
            throw DriverException.of("cannot connect to", url, e);
        }
    }


    /** One producer; each message keyed by the connection, so one stream stays in one partition, in order. */
    private static final class Sender implements Producer {
        private final KafkaProducer<byte[], byte[]> producer;
        private final SutUrl url;
        private final byte[] key;

        Sender(KafkaProducer<byte[], byte[]> producer, SutUrl url, byte[] key) {
            this.producer = producer;
            this.url = url;
            this.key = key;
        }

        @Override
        public void send(byte[] body, Completion done) throws DriverException {
            try {
                producer.send(new ProducerRecord<>(url.destination(), key, body), (metadata, error) -> done.completed(
                        error == null ? null : new DriverException(url + " did not acknowledge a message: " + DriverException.reasonOf(error), error)));
            } catch (KafkaException e) {
                // send() itself fails only when the client cannot take the message (no metadata within max.block.ms).
                throw DriverException.of("cannot send to", url, e);
            }
        }

        @Override
        public void close() {
            producer.close(CLOSE_TIMEOUT);
        }
    }
}
