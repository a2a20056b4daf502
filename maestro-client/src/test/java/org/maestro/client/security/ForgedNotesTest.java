package org.maestro.client.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.run.Console;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.client.control.Replies;
import org.maestro.common.mqtt.MqttTransport;
import org.maestro.common.mqtt.Qos;
import org.maestro.common.mqtt.Topics;
import org.maestro.common.note.Note;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.worker.WorkerMain;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Text from the wire is inert: notes whose sender id and GET key hold a newline and an ANSI escape, sent
 * through a real Mosquitto to a real worker process, leave no raw ESC and no forged line in the worker's log,
 * in its reply, or on the client's console.
 */
@Integration
class ForgedNotesTest {
    private static final String FORGED = "\n\u001b[31mFORGED line 2026-01-01 [main] INFO all is well";

    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void forgedSenderIdsAndGetKeysReachNoLogReplyOrConsoleRaw(@TempDir Path data) throws Exception {
        ChildJvm worker = lab.closeAfterEach(ChildJvm.start(WorkerMain.class, "--role", "sender", "--broker",
                lab.controlUrl().toString(), "--name", "victim", "--data-dir", data.toString()));
        worker.awaitLine("maestro-worker: ", 30);
        ControlClient client = lab.closeAfterEach(new ControlClient(lab.controlUrl()).connect(Duration.ofSeconds(10)));
        List<PingResult> found = client.ping(Address.all(), Duration.ofSeconds(2));
        assertEquals(1, found.size(), found.toString());
        PeerInfo victim = found.get(0).peer();

        // A raw MQTT client forges the note: the sender id and the GET key both carry the payload.
        LinkedBlockingQueue<Note> replies = new LinkedBlockingQueue<>();
        MqttTransport attacker = lab.closeAfterEach(new MqttTransport(lab.controlUrl(), "attacker", 10, null));
        attacker.connect(Duration.ofSeconds(10));
        attacker.subscribe(Topics.CLIENT_REPLIES, Qos.AT_LEAST_ONCE, (topic, bytes) -> {
            try {
                replies.add(NoteCodec.decode(bytes));
            } catch (Exception e) {
                // not a note: not ours
            }
        });
        Note forged = Note.request("evil" + FORGED, new Payload.Get("data.url" + FORGED));
        attacker.publish(Topics.peer(victim.id()), NoteCodec.encode(forged), Qos.AT_LEAST_ONCE);
        Note reply = awaitReplyTo(replies, forged);
        assertTrue(reply.payload() instanceof Payload.InternalError, reply.toString());
        String reason = ((Payload.InternalError) reply.payload()).reason();
        assertInert(reason, "the worker's reply");
        assertTrue(reason.contains("unknown key 'data.url\\n\\u001b[31mFORGED"), reason);

        // The same key through the client: its problems, printed on its console, stay one line each.
        Replies asked = client.request(Address.peer(victim.id()), new Payload.Get("data.url" + FORGED), List.of(victim),
                Duration.ofSeconds(10));
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        Path consoleLog = data.resolve("console.log");
        Console console = new Console(new PrintStream(screen, true, StandardCharsets.UTF_8));
        console.keepIn(consoleLog);
        asked.problems().forEach(console::line);
        console.line("peer %s said: %s", victim.describe(), "raw" + FORGED);
        console.close();
        String printed = screen.toString(StandardCharsets.UTF_8);
        assertEquals(2, printed.lines().count(), printed);
        assertInert(printed.replace(System.lineSeparator(), ""), "the client's console");
        assertInert(Files.readString(consoleLog).replace(System.lineSeparator(), ""), "console.log");
        assertTrue(printed.contains("could not do GET: ") && printed.contains("\\u001b[31mFORGED"), printed);

        // The worker logged both failed GETs, escaped; its whole log holds no ESC and no forged line.
        worker.close();
        String log = Files.readString(worker.log());
        assertFalse(log.contains("\u001b"), "raw ESC in the worker's log:\n" + log);
        assertTrue(log.lines().noneMatch(l -> l.contains("FORGED") && !l.contains("\\u001b[31mFORGED")),
                "a forged line in the worker's log:\n" + log);
        assertTrue(log.lines().filter(l -> l.contains("GET failed") && l.contains("data.url\\n\\u001b[31mFORGED")).count() >= 2,
                "the worker logged the refused GETs:\n" + log);
    }

    private static Note awaitReplyTo(LinkedBlockingQueue<Note> replies, Note request) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Note n = replies.poll(100, TimeUnit.MILLISECONDS);
            if (n != null && n.header().correlationId().equals(request.header().correlationId())) {
                return n;
            }
        }
        assertNotNull(null, "no reply to the forged note within 10 s");
        return null;
    }

    private static void assertInert(String text, String where) {
        assertFalse(text.contains("\u001b"), "raw ESC in " + where + ": " + text);
        assertFalse(text.contains("\n") || text.contains("\r"), "a raw line break in " + where + ": " + text);
    }
}
