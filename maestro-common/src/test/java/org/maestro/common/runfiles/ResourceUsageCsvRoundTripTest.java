package org.maestro.common.runfiles;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** resource-usage.csv: what a sender or receiver writes a second at a time, the results model reads back sample for sample. */
class ResourceUsageCsvRoundTripTest {

    @Test
    void samplesReadBackAsWritten(@TempDir Path dir) throws Exception {
        ResourceUsageCsv.Sample busy = new ResourceUsageCsv.Sample(1_769_854_531_002_417L, 1_000_211, 1_570_334, 2, 96.5, 3, 11, 5, 140);
        // No /proc/stat: the host's share is unknown, and so is a process CPU the JVM cannot tell.
        ResourceUsageCsv.Sample unknown = new ResourceUsageCsv.Sample(1_769_854_532_000_000L, 997_583, -1, 1, Double.NaN, 0, 0, 0, -1);
        try (ResourceUsageCsv csv = ResourceUsageCsv.create(dir)) {
            csv.write(busy);
            csv.write(unknown);
        }
        Path file = dir.resolve(PeerFiles.RESOURCE_USAGE_CSV);
        assertEquals(List.of(ResourceUsageCsv.HEADER, "2026-01-31T10:15:31.002417Z,1000211,1570334,2,96.5,3,11,5,140",
                "2026-01-31T10:15:32Z,997583,-1,1,,0,0,0,-1"), Files.readAllLines(file));
        assertEquals(List.of(busy, unknown), ResourceUsageCsv.read(file));
        assertEquals(1.570, busy.processCores(), 0.001);
        assertTrue(Double.isNaN(unknown.processCores()), "unknown, not idle");
        assertEquals(1_769_854_530_502_312L, busy.midEpochMicros());
    }

    @Test
    void aTornLastLineIsSkippedAndTheRestCounts(@TempDir Path dir) throws Exception {
        ResourceUsageCsv.Sample one = new ResourceUsageCsv.Sample(1_769_854_531_000_000L, 1_000_000, 500_000, 2, 40.0, 0, 0, 0, 3);
        try (ResourceUsageCsv csv = ResourceUsageCsv.create(dir)) {
            csv.write(one);
        }
        Path file = dir.resolve(PeerFiles.RESOURCE_USAGE_CSV);
        // A peer killed mid-line: the line is cut short, or its number is.
        Files.writeString(file, "2026-01-31T10:15:32Z,1000000,4\n2026-01-31T10:15:33Z,10x0000,1,2,3.0,0,0,0\n",
                StandardOpenOption.APPEND);
        assertEquals(List.of(one), ResourceUsageCsv.read(file));
    }

    @Test
    void aFileOfAnEarlierVersionHasNoJitFigure(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(PeerFiles.RESOURCE_USAGE_CSV);
        Files.writeString(file, "timestamp,intervalMicros,processCpuMicros,cores,hostBusyPercent,gcPauses,gcPauseMillis,gcMaxPauseMillis\n"
                + "2026-01-31T10:15:32Z,1000000,400000,2,30.0,1,4,4\n");
        assertEquals(List.of(new ResourceUsageCsv.Sample(1_769_854_532_000_000L, 1_000_000, 400_000, 2, 30.0, 1, 4, 4, -1)),
                ResourceUsageCsv.read(file), "unknown, not 0");
    }
}
