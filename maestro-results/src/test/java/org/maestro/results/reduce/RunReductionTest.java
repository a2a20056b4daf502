package org.maestro.results.reduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The run's frame: one rule for the origin (written, else derived), the warm-up boundaries and routes beside it. */
class RunReductionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T = 1_800_000_000_000_000L;

    @TempDir
    Path run;

    @Test
    void theOriginIsTheFirstSendersStartEvenWhenAReceiverStartedBefore() throws IOException {
        List<WarmupBoundary.Worker> workers = List.of(worker("receiver-1", false, "a", T), worker("sender-2", true, "b", T + 3_000),
                worker("sender-1", true, "a", T + 2_000));
        RunReduction.Frame frame = RunReduction.Frame.of(workers, null, 7);
        assertEquals(T + 2_000, frame.originMicros());
        assertEquals(T, frame.firstStart(w -> true), "the first worker's start is not the origin");
        assertEquals(T + 2_000 + 1_000_000, frame.boundary("receiver-1"), "a receiver's boundary is its own route's senders'");
        assertEquals(T + 3_000 + 1_000_000, frame.boundary("sender-2"));
        assertEquals("b", frame.route("sender-2"));
    }

    @Test
    void aReceiversSpanStartsAtItsBoundaryMovedToItsOwnClock() throws IOException {
        List<WarmupBoundary.Worker> workers = List.of(worker("sender-1", true, null, T, -3_000),
                worker("receiver-1", false, null, T, 400_000), worker("sender-2", true, "b", T, 0));
        RunReduction.Frame frame = RunReduction.Frame.of(workers, null, 7);
        long end = T + 1_000_000;
        assertEquals(end, frame.boundary("receiver-1"), "what is due before the sender's warm-up end is warm-up");
        assertEquals(end + 403_000, frame.spanStart("receiver-1"), "on the receiver's clock, 403 ms ahead of the sender's");
        assertEquals(end, frame.spanStart("sender-1"), "a sender's own boundary is on its own clock");
        assertEquals(end, frame.spanStart("sender-2"));
    }

    @Test
    void withoutASenderTheFirstReceiverElseTheRunsStart() throws IOException {
        assertEquals(T + 5, RunReduction.Frame.of(List.of(worker("receiver-1", false, null, T + 5),
                missing("sender-1", true)), null, 7).originMicros());
        assertEquals(7, RunReduction.Frame.of(List.of(missing("receiver-2", false), missing("sender-2", true)), null, 7)
                .originMicros(), "no worker said when it started");
    }

    @Test
    void anOriginSummaryJsonHoldsIsTheOrigin() throws IOException {
        List<WarmupBoundary.Worker> workers = List.of(worker("sender-1", true, null, T));
        assertEquals(T - 9, RunReduction.Frame.of(workers, T - 9, 7).originMicros());
    }

    private WarmupBoundary.Worker worker(String name, boolean sender, String route, long start) throws IOException {
        return worker(name, sender, route, start, 0);
    }

    private WarmupBoundary.Worker worker(String name, boolean sender, String route, long start, long clockOffsetMicros)
            throws IOException {
        Path dir = Files.createDirectories(run.resolve(name));
        ObjectNode t = JSON.createObjectNode();
        t.put("testId", "t");
        ObjectNode peer = t.putObject("peer");
        peer.put("role", sender ? "sender" : "receiver");
        peer.put("name", name);
        peer.put("host", "lab");
        t.put("startEpochMicros", start);
        t.put("warmupMicros", 1_000_000L);
        t.put("rate", 100);
        JSON.writeValue(dir.resolve("test.json").toFile(), t);
        return new WarmupBoundary.Worker(name, sender, route, dir, clockOffsetMicros);
    }

    private WarmupBoundary.Worker missing(String name, boolean sender) {
        return new WarmupBoundary.Worker(name, sender, null, run.resolve(name), 0);
    }
}
