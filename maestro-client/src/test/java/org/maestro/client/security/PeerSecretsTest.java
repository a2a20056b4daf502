package org.maestro.client.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.cli.MaestroMain;
import org.maestro.client.control.Address;
import org.maestro.client.control.ControlClient;
import org.maestro.client.control.PingResult;
import org.maestro.common.dataserver.RawHttp;
import org.maestro.common.note.GetKeys;
import org.maestro.common.note.Payload;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.testing.ArtemisBroker;
import org.maestro.common.testing.ChildJvm;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.MosquittoBroker;
import org.maestro.common.testing.TestLab;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Secrets off the command line and test data for the client alone, on real parts: Mosquitto with a password
 * file (anonymous off), a standalone Artemis as the SUT, worker, inspector and agent processes started as
 * {@code maestro worker|inspector|agent} with the control broker's password in the environment or an owner-only
 * file, and {@code maestro run} as a process of its own with the SUT and management URLs in a params file.
 */
@Integration
class PeerSecretsTest {
    /** Distinctive, so that any hit anywhere is this password. */
    private static final String PASSWORD = "Quokka-Cmdline-8841";
    private static final String USER = "qe";
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final TestLab lab = TestLab.withControlBroker(() -> MosquittoBroker.launchSecured(USER, PASSWORD, null)).withArtemis();

    @TempDir
    Path tmp;

    private final List<ChildJvm> processes = new ArrayList<>();

    /** {@code mqtt://qe@127.0.0.1:port}: the user, no password. */
    private static String brokerWithoutPassword() {
        return lab.controlUrl().toString();
    }

    private Path ownerOnly(String name, String content, String mode) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, content);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(mode));
        return f;
    }

    private ChildJvm maestro(Map<String, String> env, String... args) throws IOException {
        ChildJvm p = lab.closeAfterEach(ChildJvm.start(env, MaestroMain.class, args));
        processes.add(p);
        return p;
    }

    private ChildJvm peer(Map<String, String> env, String command, String name, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of(command, "--name", name, "--data-dir", tmp.resolve("data/" + name).toString(),
                "--data-host", "127.0.0.1"));
        args.addAll(List.of(more));
        ChildJvm p = maestro(env, args.toArray(String[]::new));
        p.awaitLine("maestro-" + command + ": ", 30);
        return p;
    }

    @Test
    void peersAndTheClientKeepThePasswordOffTheirCommandLinesAndTheClientAloneReadsTheFiles() throws Exception {
        Path passwordFile = ownerOnly("broker-password", PASSWORD + "\n", "rw-------");
        // Each way of giving the password: the file by variable, the password by variable, the whole URL by variable.
        Map<String, String> byFile = Map.of("MAESTRO_BROKER", brokerWithoutPassword(), "MAESTRO_BROKER_PASSWORD_FILE", passwordFile.toString());
        Map<String, String> byVariable = Map.of("MAESTRO_BROKER_PASSWORD", PASSWORD);
        Map<String, String> wholeUrl = Map.of("MAESTRO_BROKER", brokerWithoutPassword().replace(USER + "@", USER + ":" + PASSWORD + "@"));
        peer(byFile, "worker", "receiver-1", "--role", "receiver");
        peer(byVariable, "worker", "sender-1", "--role", "sender", "--broker", brokerWithoutPassword());
        peer(wholeUrl, "inspector", "inspector-1");
        peer(Map.of(), "agent", "agent-1", "--broker", brokerWithoutPassword(), "--broker-password-file", passwordFile.toString(),
                "--work-dir", tmp.resolve("agent-work").toString());

        // The SUT's and the management's credentials go in an owner-only params file, not in -P.
        Path params = ownerOnly("params", "url=" + lab.sut().amqpUrl("secrets.queue") + "\nmgmt="
                + lab.sut().jolokiaUrl(ArtemisBroker.USER, ArtemisBroker.PASSWORD) + "\n", "rw-------");
        Path script = tmp.resolve("secrets.groovy");
        Files.writeString(script, "test {\n  name 'secrets'\n  url param('url', null)\n  rate 200\n  duration '3s'\n"
                + "  inspector 'jolokia', url: param('mgmt', null), interval: '1s'\n  expect 'loss == 0'\n}\n");
        Path runs = tmp.resolve("runs");
        ChildJvm client = maestro(byVariable, "run", script.toString(), "--broker", brokerWithoutPassword(), "--params-file",
                params.toString(), "--runs", runs.toString());

        // Every command line, read while the process runs (the client's once it is the JVM, not the launcher).
        Map<String, String> commandLines = new LinkedHashMap<>();
        for (ChildJvm p : processes) {
            commandLines.put("pid " + p.pid(), commandLine(p));
        }
        assertTrue(client.process().waitFor(120, TimeUnit.SECONDS), "the run ends");
        assertEquals(0, client.process().exitValue(), Files.readString(client.log()));
        assertEquals(5, commandLines.size());
        for (Map.Entry<String, String> c : commandLines.entrySet()) {
            assertTrue(c.getValue().contains(MaestroMain.class.getName()), c.getKey() + " is the JVM: " + c.getValue());
            assertFalse(c.getValue().contains(PASSWORD), c.getKey() + " shows the broker's password: " + c.getValue());
            assertFalse(c.getValue().contains(ArtemisBroker.USER + ":" + ArtemisBroker.PASSWORD + "@"),
                    c.getKey() + " shows the SUT's credentials: " + c.getValue());
        }

        // The client collected everything, with exact counts.
        Path run;
        try (Stream<Path> dirs = Files.list(runs)) {
            run = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode s = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("passed", s.get("verdict").asText(), s.toString());
        assertEquals(600, s.get("totals").get("sent").asLong(), "200 msg/s for 3 s");
        assertEquals(600, s.get("totals").get("received").asLong());
        for (String f : List.of("peers/sender-1/test.json", "peers/receiver-1/latency-response.hlog", "peers/inspector-1/queues.csv")) {
            assertTrue(Files.size(run.resolve(f)) > 0, f + " collected");
        }

        // Each peer's data server: 401 without its token, 403 with another peer's, 200 with its own.
        Map<String, String> tokens = new LinkedHashMap<>();
        try (ControlClient control = new ControlClient(lab.controlUrl().withCredentials(USER, PASSWORD)).connect(TIMEOUT)) {
            List<PeerInfo> peers = control.ping(Address.all(), Duration.ofSeconds(2)).stream().map(PingResult::peer).toList();
            assertEquals(4, peers.size(), peers.toString());
            Map<String, URI> urls = new LinkedHashMap<>();
            for (PeerInfo p : peers) {
                urls.put(p.name(), URI.create(get(control, p, GetKeys.DATA_URL)));
                tokens.put(p.name(), get(control, p, GetKeys.DATA_TOKEN));
            }
            assertEquals(4, tokens.values().stream().distinct().count(), "a token per peer");
            for (PeerInfo p : peers) {
                int port = urls.get(p.name()).getPort();
                String other = tokens.entrySet().stream().filter(e -> !e.getKey().equals(p.name())).findFirst().orElseThrow().getValue();
                for (String method : List.of("GET", "HEAD")) {
                    RawHttp.Reply none = RawHttp.send(port, method, "/manifest");
                    assertEquals(401, none.status(), p.name() + " " + method + " without a token");
                    assertFalse(none.text().contains("test.json"), none.text());
                    RawHttp.Reply wrong = RawHttp.send(port, method, "/manifest", "Authorization: Bearer " + other);
                    assertEquals(403, wrong.status(), p.name() + " " + method + " with another peer's token");
                    assertFalse(wrong.text().contains("test.json"), wrong.text());
                    RawHttp.Reply own = RawHttp.send(port, method, "/manifest", "Authorization: Bearer " + tokens.get(p.name()));
                    assertEquals(200, own.status(), p.name() + " " + method + " with its own token");
                }
            }
        }

        // Neither a token nor the password in anything the run and the peers wrote, nor in any process's output.
        List<Path> written = new ArrayList<>(files(run));
        written.addAll(files(tmp.resolve("data")));
        processes.forEach(p -> written.add(p.log()));
        assertTrue(written.size() > 30, written.size() + " files");
        for (Path f : written) {
            String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(PASSWORD), f + " holds the broker's password");
            for (Map.Entry<String, String> t : tokens.entrySet()) {
                assertFalse(text.contains(t.getValue()), f + " holds the data token of " + t.getKey());
            }
        }
        System.out.printf("PeerSecretsTest: %d command lines and %d files searched, 0 hits of the password and of %d tokens%n",
                commandLines.size(), written.size(), tokens.size());
    }

    @Test
    void aPasswordFileOthersMayReadIsRefusedWithExit2AndOneLine() throws Exception {
        Path open = ownerOnly("broker-password", PASSWORD + "\n", "rw-r--r--");
        String expected = "maestro: --broker-password-file " + open + " has mode 0644, readable by others: it must be readable"
                + " by its owner only (chmod 600 " + open + ")";
        Map<String, String> env = Map.of("MAESTRO_BROKER", brokerWithoutPassword(), "MAESTRO_BROKER_PASSWORD_FILE", open.toString());
        String[][] commands = {{"worker", "--role", "sender", "--name", "s"}, {"inspector", "--name", "i"},
                {"agent", "--name", "a", "--work-dir", tmp.resolve("work").toString()}, {"ping"}};
        for (String[] command : commands) {
            List<String> args = new ArrayList<>(List.of(command));
            if (!command[0].equals("ping")) {
                args.addAll(List.of("--data-dir", tmp.resolve("refused").toString()));
            }
            ChildJvm p = maestro(env, args.toArray(String[]::new));
            assertEquals(expected, p.awaitLine("maestro: ", 30), command[0]);
            assertTrue(p.process().waitFor(30, TimeUnit.SECONDS), command[0] + " ends");
            assertEquals(2, p.process().exitValue(), command[0]);
            List<String> lines = Files.readAllLines(p.log()).stream().filter(l -> !l.isBlank()).toList();
            assertEquals(List.of(expected), lines, command[0] + ": one line");
        }
    }

    private static String get(ControlClient control, PeerInfo peer, String key) throws Exception {
        Payload answer = control.request(Address.peer(peer.id()), new Payload.Get(key), List.of(peer), TIMEOUT).of(peer).payload();
        assertTrue(answer instanceof Payload.GetReply, peer.name() + " " + key + ": " + answer.command());
        return ((Payload.GetReply) answer).value();
    }

    /** The process's command line, once it is the JVM (just after the fork it may still be the JDK's launcher helper). */
    private static String commandLine(ChildJvm p) throws Exception {
        Path file = Path.of("/proc", Long.toString(p.pid()), "cmdline");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String text;
        do {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).replace('\0', ' ');
            if (text.contains(MaestroMain.class.getName())) {
                return text;
            }
            Thread.sleep(10); // polling the exec of the JVM
        } while (System.nanoTime() < deadline);
        return text;
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).toList();
        }
    }
}
