package org.maestro.agent.script;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Stopping a handler stops its own children, never the one it started in a session of its own (the SUT it restarted). */
class ProcessTreeTest {
    @Test
    void aChildStartedWithSetsidOutlivesTheStopOfItsHandler() throws Exception {
        Process handler = new ProcessBuilder("bash", "-c", "setsid sleep 60 & sleep 60 & wait").start();
        List<ProcessHandle> children = List.of();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < deadline) {
                children = handler.toHandle().children().toList();
                if (children.size() == 2 && children.stream().anyMatch(ProcessTreeTest::leadsItsSession)) {
                    break;
                }
                Thread.sleep(20); // bash starts them when it gets to it: nothing to wait on
            }
            assertEquals(2, children.size(), "the handler's two children: " + children);
            ProcessHandle detached = children.stream().filter(ProcessTreeTest::leadsItsSession).findFirst().orElseThrow();
            ProcessHandle own = children.stream().filter(c -> c.pid() != detached.pid()).findFirst().orElseThrow();

            assertEquals(2, ProcessTree.stop(handler.toHandle(), Duration.ofSeconds(2)), "the handler and its own child");

            // Dead once stop returns; the Process object learns it when the JVM's reaper thread has reaped it.
            assertTrue(handler.waitFor(5, java.util.concurrent.TimeUnit.SECONDS), "the handler stopped");
            own.onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(detached.isAlive(), "the child in a session of its own is spared");
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
            handler.destroyForcibly();
        }
    }

    private static boolean leadsItsSession(ProcessHandle p) {
        return ProcessTree.sessionOf(p.pid()).orElse(-1) == p.pid();
    }
}
