package org.maestro.worker.usage;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/** The time this JVM's JIT compilers have spent compiling, from its compilation bean. */
public final class JitTime {
    private static final CompilationMXBean JIT = supported(ManagementFactory.getCompilationMXBean());

    private JitTime() {
    }

    private static CompilationMXBean supported(CompilationMXBean bean) {
        return bean != null && bean.isCompilationTimeMonitoringSupported() ? bean : null;
    }

    /** Milliseconds of compiling since the JVM started, summed over its compiler threads; -1 when the JVM does not tell. */
    public static long totalMillis() {
        return JIT == null ? -1 : JIT.getTotalCompilationTime();
    }
}
