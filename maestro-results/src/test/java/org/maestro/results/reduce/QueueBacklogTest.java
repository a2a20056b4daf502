package org.maestro.results.reduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.common.runfiles.QueueColumns;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.common.runfiles.TestJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.maestro.results.Summary;
import org.maestro.results.Sustainability;
import org.maestro.results.Incremental;

/**
 * A step's queue depth as an inspector's queues CSV has it, over the measured span only, and the judgement it gives: a
 * growing backlog is not sustainable even when the rates' ratio looks fine; without an inspector the rates decide.
 */
class QueueBacklogTest {
    private static final long START_MICROS = 1_700_000_000_000_000L;
    private static final int WARMUP_SECONDS = 2;
    private static final int LOAD_SECONDS = 10;

    /** A step directory: a sender (its start and warm-up) and an inspector whose queues CSV holds {@code depth(s)} at second s. */
    private static Path step(Path dir, IntUnaryOperator depth) throws IOException {
        Path sender = Files.createDirectories(RunLayout.peersDir(dir).resolve("sender-1"));
        ObjectNode t = new ObjectMapper().createObjectNode();
        t.put("testId", "t");
        t.putObject("peer").put("role", "sender").put("name", "sender-1").put("host", "h");
        t.put("startEpochMicros", START_MICROS);
        t.put("warmupMicros", WARMUP_SECONDS * 1_000_000L);
        new ObjectMapper().writeValue(sender.resolve("test.json").toFile(), t);
        Path inspector = Files.createDirectories(RunLayout.peersDir(dir).resolve("inspector-1"));
        ColumnKind.Columns columns = ColumnKind.columns().key("address", QueueColumns.QUEUE).gauge(QueueColumns.MESSAGE_COUNT);
        StringBuilder csv = new StringBuilder("timestamp,address,queue,messageCount\n");
        // Sampled from before the load to after the drain; two queues, the second an idle one.
        for (int s = -1; s <= LOAD_SECONDS + 4; s++) {
            String at = Instant.ofEpochMilli(START_MICROS / 1000 + s * 1000L + 300).toString();
            csv.append(at).append(",q,q,").append(depth.applyAsInt(s)).append('\n');
            csv.append(at).append(",DLQ,DLQ,0\n");
        }
        Files.writeString(inspector.resolve("queues.csv"), csv);
        TestJson.write(inspector, TestJson.Inspector.builder().testId("t")
                .peer(new TestJson.Peer("2", "inspector-1", "h", "inspector", ""))
                .start(Instant.ofEpochMilli(START_MICROS / 1000).toString()).inspectorType("artemis-jolokia")
                .managementUrl("http://127.0.0.1:8161").intervalMillis(1000).readTimeoutMillis(1000)
                .dataSets(Map.of("queues", new TestJson.DataSet("queues.csv", "jolokia", columns.names(), columns.build())))
                .options(Map.of()).build());
        return dir;
    }

    private static Summary summary(double sendRate, double receiveRate) {
        Summary.Totals t = new Summary.Totals(10_000L, 10_000L, 0L, 0L, 0L, sendRate, receiveRate, null, null, null);
        return Summary.builder().testId("t").name("s").description("").start("").end("").totals(t)
                .verdict(Summary.PASSED)
                .build();
    }

    @Test
    void aGrowingBacklogIsNotSustainableThoughReceiversSeemToKeepUp(@TempDir Path dir) throws IOException {
        // 100 more messages held every second while loading, then drained: only the measured span counts.
        QueueBacklog b = QueueBacklog.readMeasured(step(dir, s -> s < 0 ? 0 : s <= LOAD_SECONDS ? 100 * s : 0),
                LOAD_SECONDS * 1_000_000L).orElseThrow();
        assertEquals(LOAD_SECONDS - WARMUP_SECONDS, b.samples(), "the samples after the warm-up and before the load's end: " + b);
        assertEquals(100, b.growthPerSecond(), 1e-9);
        assertEquals(200, b.firstMessages());
        assertEquals(900, b.lastMessages());
        Sustainability.Judgement j = Sustainability.DEFAULT.judge(1000, summary(1000, 1000), b);
        assertEquals(false, j.sustainable(), j.toString());
        assertTrue(j.reasons().contains("queue depth grew 100 msg/s (200 to 900 messages in 7 s, 8 samples; bound 30 msg/s, 3 % of the send rate)"),
                j.reasons().toString());
        Incremental.Step step = Incremental.Step.of(1000, Incremental.Step.CLIMB, "steps/x", summary(1000, 1000), b, Sustainability.DEFAULT);
        assertEquals(100.0, step.queueGrowthPerSecond());
        assertEquals(false, step.sustainable());
    }

    @Test
    void aFlatBacklogIsSustainableAndTheQueuesDecideInsteadOfTheRates(@TempDir Path dir) throws IOException {
        QueueBacklog flat = QueueBacklog.readMeasured(step(dir, s -> 40 + (s % 2) * 5), LOAD_SECONDS * 1_000_000L).orElseThrow();
        assertTrue(Math.abs(flat.growthPerSecond()) < 1, flat.toString());
        // Receivers' rate over a shorter span reads 90 % of the send rate; the queues say nothing piles up.
        assertEquals(true, Sustainability.DEFAULT.judge(1000, summary(1000, 900), flat).sustainable());
        assertEquals(false, Sustainability.DEFAULT.judge(1000, summary(1000, 900), null).sustainable(), "without an inspector the rates decide");
    }

    @Test
    void withoutAnInspectorThereIsNoBacklogAndWithTooFewSamplesTheRatesDecideAndTheStepSaysWhy(@TempDir Path dir) throws IOException {
        assertTrue(QueueBacklog.readMeasured(dir, LOAD_SECONDS * 1_000_000L).isEmpty());
        step(dir, s -> 100 * s);
        QueueBacklog few = QueueBacklog.readMeasured(dir, WARMUP_SECONDS * 1_000_000L + 1_500_000L).orElseThrow();
        assertEquals(2, few.samples(), few.toString());
        assertEquals(false, few.judged(), "two samples in a 1.5 s measured span tell no trend");
        // The rates decide (receivers at 90 %: not sustainable), and the step's reasons say the queues were not judged.
        Incremental.Step step = Incremental.Step.of(1000, Incremental.Step.CLIMB, "steps/x", summary(1000, 900), few, Sustainability.DEFAULT);
        assertEquals(null, step.queueGrowthPerSecond());
        assertEquals(false, step.sustainable());
        assertEquals(List.of("receive rate 900 msg/s is 90 % of the send rate", "queue growth not judged: 2 inspector sample(s) in the"
                + " step's span, 3 needed; judged by the rates"), step.reasons());
        // A sustainable step says it too; an inspector of no queues in the span (0 samples) as well.
        assertEquals(List.of("queue growth not judged: 0 inspector sample(s) in the step's span, 3 needed; judged by the rates"),
                Sustainability.DEFAULT.judge(1000, summary(1000, 1000), QueueBacklog.of(Map.of()).orElseThrow()).reasons());
        assertEquals(List.of(), Sustainability.DEFAULT.judge(1000, summary(1000, 1000), null).reasons(), "no inspector: nothing to say");
    }
}
