package org.maestro.worker.bench;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.worker.driver.kafka.KafkaBroker;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.SimpleDateFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Flat-out throughput through one single-node Kafka, side by side in one run: Kafka's own ProducerPerformance and
 * ConsumerPerformance (kafka-tools, run together) against a Maestro sender and receiver
 * (kafka:// driver), same message count and size, one producer and one consumer, a fresh one-partition topic per
 * run, alternating rounds. Both figures are end to end: messages received over the time from the first send to the
 * last receive. Kafka's tools print no first-send time, so it is the first record's CreateTime, which the producer
 * stamps when it sends; the last receive is ConsumerPerformance's end time (it stops once it has them all).
 * Needs Maven profile {@code kafka-bench} (kafka-tools on the class path); see bench/driver-vs-kafka-perf.sh.
 */
public final class KafkaThroughputBench {
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(10);
    /** ConsumerPerformance's times, in this format (its default), in this JVM's time zone as in its own. */
    private static final String DATE_FORMAT = "yyyy-MM-dd HH:mm:ss:SSS";

    private KafkaThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 300_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int size = 1024;
        int inFlight = 1000;
        Path work = Files.createTempDirectory("maestro-kafka-throughput-");
        List<Double> tools = new ArrayList<>();
        List<Double> maestro = new ArrayList<>();
        try (KafkaBroker kafka = KafkaBroker.launch();
             // The control plane (SET, START, stats) only: off the measured path, so any MQTT broker does.
             MosquittoBroker control = MosquittoBroker.launch();
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap()))) {
            for (int round = 0; round < rounds; round++) {
                String perfTopic = "bench.perf." + round;
                tools.add(kafkaPerf(kafka, admin, perfTopic, count, size));
                deleteTopic(admin, perfTopic);
                String maestroTopic = "bench.maestro." + round;
                maestro.add(ThroughputBench.maestroRun(kafka.url(maestroTopic + "?partitions=1"), control, work, count, size,
                        inFlight, round));
                deleteTopic(admin, maestroTopic);
                System.out.printf(Locale.ROOT, "round %d: kafka perf tools %.0f msg/s, maestro %.0f msg/s%n", round + 1,
                        tools.get(round), maestro.get(round));
            }
        }
        double k = ThroughputBench.median(tools);
        double m = ThroughputBench.median(maestro);
        System.out.printf(Locale.ROOT, "%n%d messages of %d bytes, flat out, 1 producer + 1 consumer, one partition, Kafka client"
                + " defaults (maestro: %d in flight), median of %d rounds%n", count, size, inFlight, rounds);
        System.out.printf(Locale.ROOT, "%-46s %12s%n", "tool", "msg/s");
        System.out.printf(Locale.ROOT, "%-46s %12.0f%n", "Kafka ProducerPerformance + ConsumerPerformance", k);
        System.out.printf(Locale.ROOT, "%-46s %12.0f%n", "maestro sender + receiver (kafka://)", m);
        System.out.printf(Locale.ROOT, "%-46s %12.2f%n", "maestro / kafka perf tools", m / k);
    }

    /**
     * One run of Kafka's tools, consumer started first, both in this JVM as Maestro's peers are (so both sides
     * run under the same conditions: one client JVM beside the broker's); returns the end-to-end rate.
     */
    private static double kafkaPerf(KafkaBroker kafka, Admin admin, String topic, int count, int size) throws Exception {
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        String group = "perf-" + topic;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream console = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Tool consumer = Tool.start("ConsumerPerformance", "--bootstrap-server", kafka.bootstrap(), "--topic", topic,
                    "--num-records", Integer.toString(count), "--group", group, "--timeout", "60000", "--date-format", DATE_FORMAT);
            // As Maestro's receiver is open before its sender starts, the consumer's start is not timed.
            awaitMember(admin, group, consumer);
            Tool.start("ProducerPerformance", "--bootstrap-server", kafka.bootstrap(), "--topic", topic,
                    "--num-records", Integer.toString(count), "--record-size", Integer.toString(size), "--throughput", "-1").await();
            consumer.await();
        } finally {
            System.setOut(console);
        }
        // ConsumerPerformance's figures: the line that starts with a date (ProducerPerformance's lines go between).
        String line = captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.matches("\\d{4}-\\d\\d-\\d\\d .*"))
                .findFirst().orElseThrow(() -> new IllegalStateException("ConsumerPerformance printed no figures: " + captured));
        // start.time, end.time, MB, MB/s, nMsg, ...
        String[] figures = line.split(",\\s*");
        if (Long.parseLong(figures[4]) != count) {
            throw new IllegalStateException("ConsumerPerformance consumed " + figures[4] + " of " + count);
        }
        long lastReceiveMillis = new SimpleDateFormat(DATE_FORMAT, Locale.ROOT).parse(figures[1]).getTime();
        return count / ((lastReceiveMillis - firstSendMillis(kafka, topic)) / 1e3);
    }

    /** One of Kafka's perf tools running its main in a thread of this JVM. */
    private record Tool(String name, Thread thread, AtomicReference<Throwable> failure) {
        static Tool start(String name, String... args) throws ClassNotFoundException, NoSuchMethodException {
            Method main = Class.forName("org.apache.kafka.tools." + name).getMethod("main", String[].class);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread t = new Thread(() -> {
                try {
                    main.invoke(null, (Object) args);
                } catch (InvocationTargetException e) {
                    failure.set(e.getCause());
                } catch (ReflectiveOperationException | RuntimeException e) {
                    failure.set(e);
                }
            }, name);
            t.start();
            return new Tool(name, t, failure);
        }

        boolean isAlive() {
            return thread.isAlive();
        }

        void await() throws InterruptedException {
            thread.join(TOOL_TIMEOUT.toMillis());
            if (thread.isAlive() || failure.get() != null) {
                throw new IllegalStateException(name + " failed or did not end: " + failure.get());
            }
        }
    }

    /** Waits until the consumer group has a member with a partition: the consumer is in place. */
    private static void awaitMember(Admin admin, String group, Tool consumer) throws Exception {
        long deadline = System.nanoTime() + TOOL_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && consumer.isAlive()) {
            try {
                ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);
                if (d.members().stream().anyMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
                    return;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
                // not formed yet
            }
            Thread.sleep(50); // polling interval of a bounded wait
        }
        throw new IllegalStateException("ConsumerPerformance did not join group " + group + ": " + consumer.failure().get());
    }

    /** The CreateTime of the topic's first record: when the producer sent it. */
    private static long firstSendMillis(KafkaBroker kafka, String topic) {
        TopicPartition p = new TopicPartition(topic, 0);
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1))) {
            c.assign(List.of(p));
            c.seekToBeginning(List.of(p));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                    return r.timestamp();
                }
            }
        }
        throw new IllegalStateException("cannot read the first record of " + topic);
    }

    private static void deleteTopic(Admin admin, String topic) throws Exception {
        admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }
}
