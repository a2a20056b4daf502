package org.maestro.common.testing;

import org.junit.jupiter.api.Test;
import org.maestro.common.util.LoopbackPorts;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RabbitMQ fixture: serves AMQP 1.0, dies on kill(), says why when it cannot start, and leaves nothing behind. */
@Integration
class RabbitMqBrokerTest {
    /** The AMQP 1.0 SASL protocol header; a broker that speaks AMQP 1.0 with SASL answers with the same header. */
    private static final byte[] AMQP_SASL_HEADER = {'A', 'M', 'Q', 'P', 3, 1, 0, 0};

    @Test
    void servesAmqp10DiesOnKillAndCloseLeavesNoProcessNorFile() throws Exception {
        Path dir;
        List<ProcessHandle> processes;
        int port;
        try (RabbitMqBroker broker = RabbitMqBroker.launch()) {
            port = broker.amqpPort();
            dir = broker.directory();
            assertServesAmqp10(port);
            processes = broker.processes();
            assertTrue(processes.size() >= 3, "script, node and epmd at least: " + processes);
            broker.kill();
            assertFalse(LoopbackPorts.isListening(port), "the AMQP port still answers after kill()");
        }
        for (ProcessHandle p : processes) {
            assertFalse(p.isAlive(), "still running after close(): " + p.pid() + " " + p.info().commandLine().orElse(""));
        }
        assertFalse(Files.exists(dir), "close() deletes " + dir);
        assertTrue(LoopbackPorts.isFree(port));
    }

    @Test
    void aNodeThatCannotBindItsPortFailsWithItsOutputAndStopsEpmd() throws Exception {
        RabbitMqBroker broker = new RabbitMqBroker();
        List<ProcessHandle> left;
        try (ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress(LoopbackPorts.IPV4, broker.amqpPort()));
            IOException e = assertThrows(IOException.class, broker::start);
            assertTrue(e.getMessage().contains("exited with status") && e.getMessage().contains("the last lines of its output"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("eaddrinuse"), e.getMessage());
            left = broker.processes();
        } finally {
            broker.close();
        }
        assertFalse(left.isEmpty(), "epmd was running after the failed start");
        assertTrue(left.stream().noneMatch(ProcessHandle::isAlive), "epmd is stopped by close(): " + left);
    }

    private static void assertServesAmqp10(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(LoopbackPorts.IPV4, port), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(AMQP_SASL_HEADER);
            out.flush();
            InputStream in = socket.getInputStream();
            assertArrayEquals(AMQP_SASL_HEADER, in.readNBytes(AMQP_SASL_HEADER.length),
                    "RabbitMQ answers the AMQP 1.0 SASL header with its own: " + Arrays.toString(AMQP_SASL_HEADER));
        }
    }
}
