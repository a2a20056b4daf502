package org.maestro.worker;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;

/**
 * A worker keeps a heap of 5 to 20 times its live data. By default G1 shrinks the heap to about three times the live
 * data at the end of each concurrent cycle ({@code MaxHeapFreeRatio} 70), and a worker has one ten seconds after it
 * starts, when its classes cross the first metaspace threshold: in bench/generator-cost.sh a worker's heap fell from
 * 256 to 54 MB then and stayed there, so flat-out tests ran on a 25 MB eden with three to four times the bare client's
 * young pauses (the receiver 2.0 µs of pause a message against 0.3), each one a stall of the load. Set here, not in a
 * launcher, so that every way of starting a worker has it (bin/maestro, the image, a test's JVM, a local cluster's).
 * An idle worker still gives back what a big-message test grew (the launcher's periodic GC), down to 20 times its
 * live data.
 */
public final class HeapHeadroom {
    private static final Logger LOG = LoggerFactory.getLogger(HeapHeadroom.class);
    static final String MIN_FREE = "MinHeapFreeRatio";
    static final String MAX_FREE = "MaxHeapFreeRatio";
    /** Free heap after a resize, in percent: at least 80 (5 × live), at most 95 (20 × live). */
    static final int MIN_FREE_PERCENT = 80;
    static final int MAX_FREE_PERCENT = 95;

    private HeapHeadroom() {
    }

    /**
     * Sets both ratios (manageable flags) unless something set either already: the user's choice wins (the command line,
     * JAVA_TOOL_OPTIONS, an options file), and a second call leaves the first's.
     */
    public static void keep() {
        HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        if (vm == null) {
            LOG.debug("not a HotSpot JVM: its heap sizing is left as it is");
            return;
        }
        VMOption min = vm.getVMOption(MIN_FREE);
        VMOption max = vm.getVMOption(MAX_FREE);
        if (min.getOrigin() != VMOption.Origin.DEFAULT || max.getOrigin() != VMOption.Origin.DEFAULT) {
            LOG.debug("{}={} ({}) and {}={} ({}) left as they were set", MIN_FREE, min.getValue(), min.getOrigin(), MAX_FREE,
                    max.getValue(), max.getOrigin());
            return;
        }
        // Max first: the JVM refuses a MinHeapFreeRatio above the MaxHeapFreeRatio in force.
        vm.setVMOption(MAX_FREE, Integer.toString(MAX_FREE_PERCENT));
        vm.setVMOption(MIN_FREE, Integer.toString(MIN_FREE_PERCENT));
    }
}
