package org.maestro.common.dataserver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.util.LoopbackPorts;

/** The data server over real HTTP on 127.0.0.1: index, manifest, files, HEAD, methods, errors, growing files. */
class DataServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path base;

    private DataTree tree;
    private DataServer server;

    @BeforeEach
    void start() throws IOException {
        tree = DataTree.create(base);
        server = DataServer.start(tree.root, "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A request as the client makes it: with the server's token (DataServerTokenTest is about the token itself). */
    private RawHttp.Reply send(String method, String target) throws IOException {
        return RawHttp.send(server.port(), method, target, authorization());
    }

    private String authorization() {
        return "Authorization: " + server.token().authorization();
    }

    /**
     * The servers of one process ({@code maestro worker --count N}) share Jetty's threads: each still serves its own
     * directory to its own token alone, even while the others serve too, and one stopping leaves the others serving.
     * Fails if two peers of one JVM got each other's files (a shared route, a shared token) or one's close stopped another.
     */
    @Test
    void serversOfOneProcessServeEachItsOwnFilesToItsOwnToken() throws IOException {
        int peers = 3;
        List<DataServer> servers = new ArrayList<>();
        try {
            for (int i = 0; i < peers; i++) {
                Path dir = Files.createDirectories(base.resolve("peer-" + i));
                Files.writeString(dir.resolve("test.json"), "{\"peer\": " + i + "}");
                servers.add(DataServer.start(dir, "127.0.0.1", 0));
            }
            for (int i = 0; i < peers; i++) {
                for (int j = 0; j < peers; j++) {
                    RawHttp.Reply reply = RawHttp.send(servers.get(i).port(), "GET", "/files/test.json",
                            "Authorization: " + servers.get(j).token().authorization());
                    if (i == j) {
                        assertEquals(200, reply.status(), reply.text());
                        assertEquals("{\"peer\": " + i + "}", reply.text(), "peer " + i + "'s file from its own server");
                    } else {
                        assertEquals(403, reply.status(), "peer " + j + "'s token at peer " + i + "'s server: " + reply.text());
                    }
                }
            }
            servers.get(0).close();
            RawHttp.Reply after = RawHttp.send(servers.get(1).port(), "GET", "/files/test.json",
                    "Authorization: " + servers.get(1).token().authorization());
            assertEquals("{\"peer\": 1}", after.text(), "a peer's server still serves after another's stopped");
        } finally {
            servers.forEach(DataServer::close);
        }
    }

    @Test
    void reportsItsPortAndUrl() {
        assertTrue(server.port() > 0);
        assertEquals("http://127.0.0.1:" + server.port() + "/", server.url().toString());
    }

    @Test
    void indexSaysWhatTheServerIsAndLinksToTheManifest() throws IOException {
        RawHttp.Reply reply = send("GET", "/");
        assertEquals(200, reply.status());
        assertTrue(reply.header("Content-Type").startsWith("text/html"), reply.header("Content-Type"));
        assertTrue(reply.text().contains("Maestro data server"), reply.text());
        assertTrue(reply.text().contains("href=\"manifest\""), reply.text());
    }

    @Test
    void manifestListsEveryRegularFileWithSizeAndIndependentlyComputedChecksum() throws IOException {
        RawHttp.Reply reply = send("GET", "/manifest");
        assertEquals(200, reply.status(), reply.text());
        assertEquals("application/json", reply.header("Content-Type"));
        JsonNode manifest = JSON.readTree(reply.body());
        assertEquals("", manifest.get("root").asText());
        assertManifestMatches(tree.regularFiles(""), manifest);
        assertTrue(manifest.toString().contains(DataTree.UNICODE_NAME));
    }

    @Test
    void manifestOfOneDirectoryListsOnlyItsFilesWithPathsFromTheRoot() throws IOException {
        RawHttp.Reply reply = send("GET", "/manifest?dir=test-1/peer-a");
        assertEquals(200, reply.status(), reply.text());
        JsonNode manifest = JSON.readTree(reply.body());
        assertEquals("test-1/peer-a", manifest.get("root").asText());
        assertManifestMatches(tree.regularFiles("test-1/peer-a"), manifest);

        JsonNode encoded = JSON.readTree(send("GET", "/manifest?dir=test-1%2Fpeer-a%2Finspector%2F").body());
        assertEquals("test-1/peer-a/inspector", encoded.get("root").asText());
        assertManifestMatches(tree.regularFiles("test-1/peer-a/inspector"), encoded);
    }

    private static void assertManifestMatches(Map<String, byte[]> expected, JsonNode manifest) {
        List<String> paths = new ArrayList<>();
        for (JsonNode file : manifest.get("files")) {
            String path = file.get("path").asText();
            paths.add(path);
            byte[] bytes = expected.get(path);
            assertNotNull(bytes, "unexpected file in the manifest: " + path);
            assertEquals(bytes.length, file.get("size").asLong(), path);
            assertEquals(DataTree.sha256(bytes), file.get("sha256").asText(), path);
            Instant.parse(file.get("modified").asText()); // ISO-8601
        }
        List<String> sorted = new ArrayList<>(paths);
        sorted.sort(null);
        assertEquals(sorted, paths, "sorted by path");
        assertEquals(List.copyOf(expected.keySet()), sorted, "every regular file, and no symbolic link");
        assertTrue(paths.stream().noneMatch(p -> p.contains("escape") || p.contains("secret")), paths.toString());
    }

    @Test
    void manifestRefusesMissingDirectoriesFilesAndBadParameters() throws IOException {
        RawHttp.Reply missing = send("GET", "/manifest?dir=test-9");
        assertEquals(404, missing.status());
        assertTrue(missing.text().contains("test-9"), missing.text());
        assertEquals(404, send("GET", "/manifest?dir=notes.txt").status());
        RawHttp.Reply unknown = send("GET", "/manifest?path=x");
        assertEquals(400, unknown.status());
        assertTrue(unknown.text().contains("'path'"), unknown.text());
        assertEquals(400, send("GET", "/manifest?dir=a&dir=b").status());
        assertEquals(400, send("GET", "/manifest?dir=%zz").status());
    }

    @Test
    void everyFileIsServedWithItsBytesTypeLengthAndChecksum() throws IOException {
        Map<String, String> types = Map.of(
                "json", "application/json",
                "csv", "text/csv; charset=utf-8",
                "txt", "text/plain; charset=utf-8",
                "log", "text/plain; charset=utf-8",
                "html", "text/html; charset=utf-8",
                "rlog", "application/octet-stream");
        List<String> refused = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : tree.regularFiles("").entrySet()) {
            RawHttp.Reply reply = send("GET", "/files/" + DataTree.urlPath(file.getKey()));
            if (reply.status() != 200) {
                refused.add(file.getKey() + " -> " + reply.status() + " " + reply.text().strip());
                continue;
            }
            assertArrayEquals(file.getValue(), reply.body(), file.getKey());
            assertEquals(String.valueOf(file.getValue().length), reply.header("Content-Length"), file.getKey());
            assertEquals(DataTree.sha256(file.getValue()), reply.header("X-Checksum-SHA256"), file.getKey());
            String extension = file.getKey().substring(file.getKey().lastIndexOf('.') + 1);
            assertEquals(types.getOrDefault(extension, "application/octet-stream"), reply.header("Content-Type"), file.getKey());
        }
        assertEquals(List.of(), refused, "every file the manifest lists can be fetched");
    }

    @Test
    void anEmptyFileIsServedWithTheChecksumOfNothing() throws IOException {
        RawHttp.Reply reply = send("GET", "/files/test-1/peer-a/empty.txt");
        assertEquals(200, reply.status());
        assertEquals(0, reply.body().length);
        assertEquals("0", reply.header("Content-Length"));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", reply.header("X-Checksum-SHA256"));
    }

    @Test
    void headGivesTheHeadersOfGetAndNoBody() throws IOException {
        byte[] bytes = Files.readAllBytes(tree.root.resolve("test-1/peer-a/sender.rlog"));
        RawHttp.Reply head = send("HEAD", "/files/test-1/peer-a/sender.rlog");
        assertEquals(200, head.status());
        assertEquals(0, head.body().length);
        assertEquals(String.valueOf(bytes.length), head.header("Content-Length"));
        assertEquals(DataTree.sha256(bytes), head.header("X-Checksum-SHA256"));
        assertEquals("application/octet-stream", head.header("Content-Type"));

        RawHttp.Reply manifest = send("HEAD", "/manifest");
        assertEquals(200, manifest.status());
        assertEquals(0, manifest.body().length);
        assertEquals("application/json", manifest.header("Content-Type"));

        RawHttp.Reply missing = send("HEAD", "/files/nope.txt");
        assertEquals(404, missing.status());
        assertEquals(0, missing.body().length);
    }

    @Test
    void aMissingFileIs404NamingThePath() throws IOException {
        RawHttp.Reply reply = send("GET", "/files/test-1/peer-a/missing.json");
        assertEquals(404, reply.status());
        assertEquals("text/plain; charset=utf-8", reply.header("Content-Type"));
        assertTrue(reply.text().contains("test-1/peer-a/missing.json"), reply.text());
    }

    @Test
    void directoriesAndUnknownRoutesAre404WithAHint() throws IOException {
        RawHttp.Reply dir = send("GET", "/files/test-1/peer-a");
        assertEquals(404, dir.status());
        assertTrue(dir.text().contains("/manifest?dir=test-1/peer-a"), dir.text());
        assertEquals(404, send("GET", "/files/").status());
        RawHttp.Reply unknown = send("GET", "/upload");
        assertEquals(404, unknown.status());
        assertTrue(unknown.text().contains("/upload"), unknown.text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"})
    void everyOtherMethodIs405WithAllow(String method) throws IOException {
        for (String target : List.of("/", "/manifest", "/files/notes.txt", "/files/new.txt")) {
            RawHttp.Reply reply = send(method, target);
            assertEquals(405, reply.status(), method + " " + target);
            assertEquals("GET, HEAD", reply.header("Allow"), method + " " + target);
            assertTrue(reply.text().contains("read-only"), reply.text());
        }
        assertFalse(Files.exists(tree.root.resolve("new.txt")));
        assertEquals("top-level notes\n", Files.readString(tree.root.resolve("notes.txt")));
    }

    @Test
    void aFileAppendedToWhileBeingSentIsSentAsTheSnapshotTakenAtTheStart() throws IOException {
        byte[] original = DataTree.random(8 << 20, 2);
        Path file = tree.root.resolve("test-1/peer-a/receiver.rlog");
        Files.write(file, original);
        // A small receive buffer: the server is blocked part-way through the body when the headers arrive.
        try (RawHttp http = RawHttp.open(server.port(), "GET", "/files/test-1/peer-a/receiver.rlog", 16 * 1024, authorization())) {
            assertEquals(200, http.status());
            Files.write(file, DataTree.random(1 << 20, 3), StandardOpenOption.APPEND);
            byte[] body = http.readBodyUntilClosed();
            assertEquals(String.valueOf(original.length), http.header("Content-Length"));
            assertEquals(DataTree.sha256(original), http.header("X-Checksum-SHA256"));
            assertArrayEquals(original, body);
        }
        assertEquals(original.length + (1 << 20), Files.size(file));
    }

    @Test
    void aFileRewrittenWhileBeingSentIsCutShortNotSentWithAWrongChecksum() throws IOException {
        byte[] original = DataTree.random(32 << 20, 4);
        Path file = tree.root.resolve("test-1/peer-a/rewritten.bin");
        Files.write(file, original);
        try (RawHttp http = RawHttp.open(server.port(), "GET", "/files/test-1/peer-a/rewritten.bin", 16 * 1024, authorization())) {
            assertEquals(200, http.status());
            assertEquals(DataTree.sha256(original), http.header("X-Checksum-SHA256"));
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap("rewritten".getBytes()), original.length - 100); // not yet sent
            }
            byte[] body = http.readBodyUntilClosed();
            assertTrue(body.length < original.length, "the response must be aborted, got all " + body.length + " bytes");
            assertArrayEquals(Arrays.copyOf(original, body.length), body, "what was sent is the original prefix");
        }
    }

    @Test
    void startingOnAPortInUseOrWithoutADirectoryFailsClearly() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(LoopbackPorts.IPV4, 0));
            IOException e = assertThrows(IOException.class, () -> DataServer.start(tree.root, "127.0.0.1", taken.getLocalPort()));
            assertTrue(e.getMessage().contains(String.valueOf(taken.getLocalPort())), e.getMessage());
        }
        Path notADir = tree.root.resolve("notes.txt");
        IOException e = assertThrows(IOException.class, () -> DataServer.start(notADir, "127.0.0.1", 0));
        assertTrue(e.getMessage().contains("not an existing directory"), e.getMessage());
    }
}
