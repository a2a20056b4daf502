package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** handlers.csv: what the agent appends, the reports read back field for field. */
class HandlersCsvRoundTripTest {

    @Test
    void handlersCsvQuotesWhatNeedsIt(@TempDir Path dir) throws Exception {
        HandlersCsv.append(dir, HandlersCsv.Row.of(1_700_000_000_123_456L, 1_700_000_001_000_000L, "r1", "h.sh",
                List.of("a,b", "say \"hi\""), "failed", 3, "exit status 3; last output: x, y"));
        List<String> lines = Files.readAllLines(dir.resolve(PeerFiles.HANDLERS_CSV));
        assertEquals("start,end,runId,handler,args,outcome,exitStatus,reason", lines.get(0));
        assertEquals("2023-11-14T22:13:20.123456Z,2023-11-14T22:13:21Z,r1,h.sh,\"[\"\"a,b\"\",\"\"say \\\"\"hi\\\"\"\"\"]\",failed,3,"
                + "\"exit status 3; last output: x, y\"", lines.get(1));
        assertEquals("[\"line\\nbreak\",\"tab\\t\",\"\\u0001\"]", RunJson.strings(List.of("line\nbreak", "tab\t", "\u0001")));
    }

    @Test
    void rowsReadBackAsAppended(@TempDir Path dir) throws Exception {
        HandlersCsv.Row first = HandlersCsv.Row.of(1_700_000_000_000_001L, 1_700_000_002_000_000L, "r1", "restart.sh",
                List.of("broker, east", "line\nbreak"), "succeeded", 0, "");
        HandlersCsv.Row second = HandlersCsv.Row.of(1_700_000_003_000_000L, 1_700_000_003_000_000L, "r2", "x.groovy",
                List.of(), "refused", -1, "not allowed: \"x.groovy\"\nsee the allowlist");
        HandlersCsv.append(dir, first);
        HandlersCsv.append(dir, second);
        assertEquals(List.of(first, second), HandlersCsv.read(dir.resolve(PeerFiles.HANDLERS_CSV)));
    }

    @Test
    void shortLinesAndBadExitStatusesAreToleratedAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(PeerFiles.HANDLERS_CSV);
        Files.writeString(file, HandlersCsv.HEADER + "\nonly,three,fields\na,b,r,h,[],failed,oops,why\n");
        assertEquals(List.of(new HandlersCsv.Row("a", "b", "r", "h", "[]", "failed", -1, "why")), HandlersCsv.read(file));
    }
}
