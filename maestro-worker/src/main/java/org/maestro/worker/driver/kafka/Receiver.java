package org.maestro.worker.driver.kafka;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.maestro.worker.driver.DriverException;
import org.maestro.worker.driver.LoadDriver;
import org.maestro.worker.driver.SutUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One receiving connection: a KafkaConsumer in the URL's group, handing out one message at a time.
 *
 * <p>Where it starts: when it opens (before any sender of the test does) it notes each partition's end offset, its
 * start mark. A partition assigned to it is read from that mark, or from the group's committed offset when that
 * is further on (the partition moved from another connection of the group during the test). So it gets every
 * message of this test and none a former test left on the topic, however late the group's rebalance comes.
 *
 * <p>A lost broker: Kafka's consumer just returns nothing while it retries. After {@link #PROBE_AFTER} without a
 * message, the receiver asks for the end offsets; no answer within {@link KafkaDriver#BROKER_TIMEOUT} is a lost
 * connection, and {@link #receive} throws, which fails the test.
 */
final class Receiver implements LoadDriver.Consumer {
    private static final Logger LOG = LoggerFactory.getLogger(Receiver.class);
    private static final long PROBE_AFTER = TimeUnit.SECONDS.toNanos(1);

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final SutUrl url;
    private final Map<TopicPartition, Long> startMarks;
    private Iterator<ConsumerRecord<byte[], byte[]>> fetched = Collections.emptyIterator();
    private long lastHeardNanos = System.nanoTime();
    /**
     * Set by close: the revocation there commits nothing itself. The consumer's close commits within its own
     * timeout, where a commit of ours could wait {@link KafkaDriver#BROKER_TIMEOUT} for a broker that is gone.
     */
    private boolean closing;

    Receiver(KafkaConsumer<byte[], byte[]> consumer, SutUrl url) throws DriverException {
        this.consumer = consumer;
        this.url = url;
        List<PartitionInfo> partitions = consumer.partitionsFor(url.destination(), KafkaDriver.BROKER_TIMEOUT);
        if (partitions.isEmpty()) {
            throw new DriverException("topic " + url.destination() + " has no partitions on " + url);
        }
        this.startMarks = consumer.endOffsets(partitions.stream().map(p -> new TopicPartition(p.topic(), p.partition())).toList(),
                KafkaDriver.BROKER_TIMEOUT);
        consumer.subscribe(List.of(url.destination()), new StartAtMarks());
    }

    @Override
    public byte[] receive(long timeoutMillis) throws DriverException {
        try {
            if (!fetched.hasNext()) {
                fetched = consumer.poll(Duration.ofMillis(timeoutMillis)).iterator();
            }
            long now = System.nanoTime();
            if (fetched.hasNext()) {
                lastHeardNanos = now;
                byte[] body = fetched.next().value();
                return body == null ? new byte[0] : body; // a tombstone: not a Maestro message, counted as such
            }
            if (now - lastHeardNanos >= PROBE_AFTER) {
                probe();
                lastHeardNanos = System.nanoTime();
            }
            return null;
        } catch (KafkaException e) {
            throw new DriverException("connection to " + url + " lost: " + DriverException.reasonOf(e), e);
        }
    }

    /** Throws when the broker does not answer a request for the end offsets within the bound. */
    private void probe() {
        Collection<TopicPartition> partitions = consumer.assignment().isEmpty() ? startMarks.keySet() : consumer.assignment();
        consumer.endOffsets(partitions, KafkaDriver.BROKER_TIMEOUT);
    }

    @Override
    public void close() {
        closing = true;
        try {
            consumer.close(KafkaDriver.CLOSE_TIMEOUT);
        } catch (KafkaException e) {
            LOG.debug("closing the consumer of {}: {}", url, e.toString());
        }
    }

    /** Seeks each partition assigned to this connection to its start mark or the group's offset, whichever is later. */
    private final class StartAtMarks implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(new HashSet<>(partitions));
            for (TopicPartition p : partitions) {
                OffsetAndMetadata c = committed.get(p);
                // A partition added after this connection opened holds only this test's messages: from its start.
                long mark = startMarks.getOrDefault(p, 0L);
                consumer.seek(p, c == null ? mark : Math.max(mark, c.offset()));
            }
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty() || closing) {
                return;
            }
            // The connection that gets them next starts after what this one has taken: no duplicates.
            try {
                consumer.commitSync(KafkaDriver.BROKER_TIMEOUT);
            } catch (KafkaException e) {
                LOG.warn("{}: cannot commit the offsets of partitions moving to another connection ({}): it may receive"
                        + " some messages again", url, DriverException.reasonOf(e));
            }
        }
    }
}
