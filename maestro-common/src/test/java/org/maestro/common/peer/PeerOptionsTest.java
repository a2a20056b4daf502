package org.maestro.common.peer;

import org.junit.jupiter.api.Test;
import org.maestro.common.mqtt.BrokerUrl;
import org.maestro.common.note.Role;
import org.maestro.common.util.HostNames;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The peer options as a command that mixes them in sees them. */
class PeerOptionsTest {

    @Command(name = "maestro-test-peer")
    static final class TestPeer implements Callable<Integer> {
        @Mixin
        PeerOptions peer = new PeerOptions();
        PeerProcess.Launch launch;

        @Override
        public Integer call() {
            launch = peer.launch("maestro-test-peer", Role.RECEIVER);
            return 0;
        }
    }

    @Test
    void givenOptionsAndDefaultsMakeTheLaunch() {
        TestPeer command = new TestPeer();
        assertEquals(0, new CommandLine(command).execute("--broker", "mqtt://broker.lab:1884", "--name", "r1"));
        assertEquals(new PeerProcess.Launch("maestro-test-peer", BrokerUrl.parse("mqtt://broker.lab:1884"),
                PeerConfig.DEFAULT_KEEP_ALIVE_SECONDS, "r1", Role.RECEIVER, "", Path.of("maestro-data"), "0.0.0.0", 0, HostNames.local()), command.launch);

        assertEquals(0, new CommandLine(command).execute("--broker", "mqtt://b:1883", "--name", "r2", "--group", "east",
                "--data-dir", "/tmp/d", "--data-host", "127.0.0.1", "--data-port", "8080", "--keep-alive", "5"));
        assertEquals(new PeerProcess.Launch("maestro-test-peer", BrokerUrl.parse("mqtt://b:1883"), 5, "r2", Role.RECEIVER,
                "east", Path.of("/tmp/d"), "127.0.0.1", 8080, "127.0.0.1"), command.launch);

        assertEquals(0, new CommandLine(command).execute("--broker", "mqtt://b:1883", "--name", "r3", "--data-address", "sut.lab.example"));
        assertEquals("sut.lab.example", command.launch.dataAddress());
    }

    @Test
    void aMissingBrokerOrNameIsAUsageError() {
        assertEquals("Missing required option: '--name'", usageError("--broker", "mqtt://b:1883"));
        assertEquals("Missing required options: '--broker', '--name'", usageError());
    }

    private static String usageError(String... args) {
        CommandLine cmd = new CommandLine(new TestPeer());
        StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err, true));
        assertEquals(2, cmd.execute(args));
        String first = err.toString().lines().findFirst().orElse("");
        assertTrue(err.toString().contains("Usage: maestro-test-peer"), err.toString());
        return first;
    }
}
