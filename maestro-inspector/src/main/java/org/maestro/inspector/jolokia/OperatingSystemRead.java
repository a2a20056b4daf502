package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.databind.JsonNode;
import org.maestro.common.runfiles.ColumnKind;
import org.maestro.inspector.DataSet;
import org.maestro.inspector.Sample;

import java.util.List;

/**
 * The {@code os} data set, one row per sample: load average, processors, free and total memory and swap,
 * open and maximum file descriptors, and CPU load (0 to 1) of the process and of the machine. Every
 * attribute is read, with errors ignored, because their names changed across JDKs
 * ({@code FreePhysicalMemorySize} became {@code FreeMemorySize}) and some exist on Unix only.
 */
final class OperatingSystemRead implements JolokiaRead {
    static final DataSet DATA_SET = new DataSet("os", "java.lang:type=OperatingSystem",
            ColumnKind.columns().gauge("loadAverage", "availableProcessors", "freeMemoryBytes", "totalMemoryBytes", "freeSwapBytes",
                    "totalSwapBytes", "openFileDescriptors", "maxFileDescriptors", "processCpuLoad", "systemCpuLoad").build());

    public DataSet dataSet() {
        return DATA_SET;
    }

    public String mbean() {
        return "java.lang:type=OperatingSystem";
    }

    public List<String> attributes() {
        return List.of();
    }

    @Override
    public boolean ignoreErrors() {
        return true;
    }

    public List<List<String>> rows(JsonNode v) {
        return List.of(Sample.row(
                JsonValues.first(v, "SystemLoadAverage"),
                JsonValues.first(v, "AvailableProcessors"),
                JsonValues.first(v, "FreeMemorySize", "FreePhysicalMemorySize"),
                JsonValues.first(v, "TotalMemorySize", "TotalPhysicalMemorySize"),
                JsonValues.first(v, "FreeSwapSpaceSize"),
                JsonValues.first(v, "TotalSwapSpaceSize"),
                JsonValues.first(v, "OpenFileDescriptorCount"),
                JsonValues.first(v, "MaxFileDescriptorCount"),
                JsonValues.first(v, "ProcessCpuLoad"),
                JsonValues.first(v, "CpuLoad", "SystemCpuLoad")));
    }
}
