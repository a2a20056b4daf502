package org.maestro.common.testing;

import com.sun.tools.attach.VirtualMachine;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The heap another JVM of this user (a {@link ChildJvm}) uses after a full GC, read through the attach API
 * and the JVM's own MemoryMXBean: how a test shows a peer process kept its heap bounded.
 */
public final class JvmHeap {
    private JvmHeap() {
    }

    /** Runs a GC in the JVM with this pid and returns the heap it then uses, in bytes. */
    public static long usedAfterGcBytes(long pid) throws IOException {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (com.sun.tools.attach.AttachNotSupportedException e) {
            throw new IOException("cannot attach to JVM " + pid + ": " + e.getMessage(), e);
        }
        try (JMXConnector jmx = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()))) {
            MBeanServerConnection server = jmx.getMBeanServerConnection();
            MemoryMXBean memory = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.MEMORY_MXBEAN_NAME,
                    MemoryMXBean.class);
            memory.gc();
            return memory.getHeapMemoryUsage().getUsed();
        } finally {
            vm.detach();
        }
    }
}
