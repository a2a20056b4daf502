package org.maestro.inspector;

import org.junit.jupiter.api.Test;
import org.maestro.common.runfiles.ColumnKind;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SutValuesTest {
    private static final DataSet QUEUES = new DataSet("queues", "test",
            ColumnKind.columns().key("address", "queue").identity("routingType").gauge("messageCount").counter("messagesAdded").build());
    private static final DataSet OS = new DataSet("os", "test", ColumnKind.columns().gauge("systemCpuLoad").build());

    @Test
    void numbersOfGaugeAndCounterColumnsByEntityAndColumn() {
        Sample sample = new Sample()
                .rows("queues", List.of(Sample.row("a", "q1", "anycast", 3, 10), Sample.row("a", "q2", "anycast", "", "x"),
                        Sample.row("a", "q1", "multicast", 7, 70)))
                .rows("os", List.of(Sample.row(0.25)));
        assertEquals(List.of(new SutValues.Value("queues", "a/q1", "messageCount", 3), new SutValues.Value("queues", "a/q1", "messagesAdded", 10),
                        new SutValues.Value("os", "", "systemCpuLoad", 0.25)),
                SutValues.of(List.of(QUEUES, OS), sample),
                "identities and text left out; an empty or non-numeric cell gives no series; a repeated entity keeps its first row");
    }

    @Test
    void aDataSetThatFailedOrNoSampleGivesNothing() {
        assertEquals(List.of(), SutValues.of(List.of(QUEUES, OS), new Sample().failed("queues", "timeout").failed("os", "timeout")));
        assertEquals(List.of(), SutValues.of(List.of(QUEUES, OS), null));
    }
}
