package org.maestro.client.run.publish;

import org.junit.jupiter.api.Test;
import org.maestro.results.Summary;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.maestro.client.run.Console;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's end table with figures of no sample (issue 21, reproduction 5): a latency that is null (the results
 * model's unknown) or of no value (how summaries before it wrote one) and a null rate read "unknown", never 0.000;
 * an inspector's row, which has no such figures, stays blank.
 */
class SummaryTableTest {
    private static String print(Summary.Latency latency) {
        Summary.PeerResult receiver = Summary.PeerResult.builder().name("receiver-1").role("receiver").host("vm")
                .messages(0L)
                .responseTime(latency).serviceTime(latency).lost(0L).duplicated(0L).outOfOrder(0L).ok(true)
                .end("received 0 message(s)").files(List.of()).build();
        Summary.PeerResult inspector = Summary.PeerResult.builder().name("inspector-1").role("inspector").host("vm")
                .messages(3L)
                .ok(true).end("3 sample(s)").files(List.of()).build();
        Summary.Totals totals = new Summary.Totals(10L, 0L, 10L, 0L, 0L, 100.0, null, latency, latency, latency);
        Summary s = Summary.builder().testId("t").name("nothing").description("").start("2026-01-01T00:00:00Z")
                .end("2026-01-01T00:00:01Z").parameters(Map.of()).peers(List.of(receiver, inspector)).totals(totals)
                .verdict(Summary.ERROR).build();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8));
        SummaryTable.print(s, console);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aFigureWithNoSampleIsUnknownNeverZero() {
        for (Summary.Latency none : new Summary.Latency[] {null, new Summary.Latency(0, 0, 0, 0, 0, 0)}) {
            String table = print(none);
            assertTrue(table.matches("(?s).*\nreceiver-1 +receiver +0 +unknown +unknown +unknown +unknown +0\n.*"), table);
            assertTrue(table.matches("(?s).*\ninspector-1 +inspector +3 *\n.*"), "no figures of a worker on an inspector: " + table);
            assertTrue(table.contains("send 100.0 msg/s, receive unknown msg/s; response time p50 unknown / p99 unknown /"
                    + " p99.9 unknown / max unknown ms (sender-side send delay p99 unknown ms)"), table);
            assertFalse(table.contains("0.000"), table);
        }
    }
}
