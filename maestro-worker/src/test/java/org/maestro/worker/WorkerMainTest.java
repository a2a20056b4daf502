package org.maestro.worker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.client.Address;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PingResult;
import org.maestro.common.note.Payload;
import org.maestro.common.note.Role;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The maestro-worker command as a user runs it: a process of its own. */
class WorkerMainTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void aWorkerProcessJoinsTheClusterAndHaltsOnRequest(@TempDir Path data) throws Exception {
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "receiver", "--broker", lab.controlUrl().toString(),
                     "--name", "r-proc", "--group", "east", "--data-dir", data.toString());
             ControlClient client = new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10))) {
            String ready = worker.awaitLine("maestro-worker: ", 30);
            assertTrue(ready.contains("receiver 'r-proc'") && ready.contains("in group east"), ready);
            List<PingResult> pings = client.ping(Address.group("east"), Duration.ofSeconds(2));
            assertEquals(1, pings.size());
            assertEquals(Role.RECEIVER, pings.get(0).peer().role());
            assertTrue(client.request(Address.peer(pings.get(0).peer().id()), new Payload.Halt(),
                    List.of(pings.get(0).peer()), Duration.ofSeconds(10)).allOk());
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS), "the process exits after HALT");
            assertEquals(0, worker.process().exitValue());
        }
    }

    @Test
    void anUnreachableBrokerIsSaidPlainlyWithExitCode2() throws Exception {
        int closed = LoopbackPorts.free();
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker",
                "mqtt://127.0.0.1:" + closed, "--name", "s1")) {
            String line = worker.awaitLine("maestro-worker: cannot connect", 30);
            assertTrue(line.contains("mqtt://127.0.0.1:" + closed) && line.contains("connection refused"), line);
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(2, worker.process().exitValue());
        }
    }

    @Test
    void aBadRoleIsAUsageError() throws Exception {
        try (ChildJvm worker = ChildJvm.start(WorkerMain.class, "--role", "inspector", "--broker", "mqtt://127.0.0.1:1",
                "--name", "x")) {
            String line = worker.awaitLine("--role must be sender or receiver", 30);
            assertTrue(line.contains("inspector"), line);
            assertTrue(worker.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(2, worker.process().exitValue());
        }
    }
}
