package org.maestro.client.data;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.dataserver.DataServer;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.dataserver.DataTree;
import org.maestro.common.dataserver.Manifest;
import org.maestro.common.dataserver.ManifestEntry;
import org.maestro.common.dataserver.Sha256;
import org.maestro.common.util.LoopbackPorts;

/**
 * Downloading with {@link DataClient}: round trips against the real server (byte-equal files, a file
 * growing during the download), and every failure against a dead, silent or lying peer.
 */
class DataClientTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SHORT = Duration.ofMillis(500);
    /** Connecting to a loopback server that listens: long enough on a loaded host, so that the request is what times out. */
    private static final Duration CONNECTS = Duration.ofSeconds(5);

    @TempDir
    Path base;

    private DataTree tree;
    private DataServer server;
    private FakePeer fake;
    private Path target;
    /** The real server's token; the fake peer takes any. */
    private DataToken token;

    @BeforeEach
    void start() throws IOException {
        tree = DataTree.create(base);
        server = DataServer.start(tree.root, "127.0.0.1", 0);
        token = server.token();
        target = base.resolve("run/peer-a");
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (fake != null) {
            fake.close();
        }
    }

    @Test
    void fetchAllDownloadsEveryFileOfADirectoryByteForByte() throws Exception {
        Map<String, byte[]> expected = tree.regularFiles("test-1/peer-a");
        for (int round = 0; round < 2; round++) { // the second time over the files of the first
            FetchResult result = DataClient.fetchAll(server.url(), token, "test-1/peer-a", target);
            assertEquals(expected.size(), result.files());
            assertEquals(expected.values().stream().mapToLong(b -> b.length).sum(), result.bytes());
            assertEquals(List.of(), result.changedSinceManifest());
            for (Map.Entry<String, byte[]> file : expected.entrySet()) {
                Path local = target.resolve(file.getKey().substring("test-1/peer-a/".length()));
                assertArrayEquals(file.getValue(), Files.readAllBytes(local), file.getKey());
            }
            assertEquals(expected.size(), countFiles(target), "nothing else: no symbolic link, no partial file");
        }
        assertFalse(Files.exists(target.resolve("escape")));
    }

    @Test
    void fetchAllOfTheWholeDirectoryKeepsItsTree() throws Exception {
        Map<String, byte[]> expected = tree.regularFiles("");
        FetchResult result = DataClient.fetchAll(server.url(), token, "", target);
        assertEquals(expected.size(), result.files());
        for (Map.Entry<String, byte[]> file : expected.entrySet()) {
            assertArrayEquals(file.getValue(), Files.readAllBytes(target.resolve(file.getKey())), file.getKey());
        }
        // The base URL may come without its trailing '/'.
        URI noSlash = URI.create(server.url().toString().replaceAll("/$", ""));
        assertEquals(expected.size(), DataClient.fetchAll(noSlash, token, null, base.resolve("again")).files());
    }

    @Test
    void aFileGrowingDuringTheDownloadArrivesAsAConsistentPrefix() throws Exception {
        Path file = tree.root.resolve("test-1/peer-a/receiver.rlog");
        Files.write(file, DataTree.random(1 << 20, 10));
        long initial = Files.size(file);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<IOException> writeFailure = new AtomicReference<>();
        CountDownLatch appending = new CountDownLatch(3);
        Thread writer = new Thread(() -> {
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                for (int i = 0; !stop.get() && i < 1024; i++) { // at most 64 MB more
                    out.write(ByteBuffer.wrap(DataTree.random(64 * 1024, 100 + i)));
                    appending.countDown();
                }
            } catch (IOException e) {
                writeFailure.set(e);
            }
        }, "appender");
        writer.start();
        FetchResult result;
        try {
            assertTrue(appending.await(10, TimeUnit.SECONDS), "the appender started");
            result = DataClient.fetchAll(server.url(), token, "test-1/peer-a", target);
        } finally {
            stop.set(true);
            writer.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertFalse(writer.isAlive());
        assertNull(writeFailure.get());
        byte[] grown = Files.readAllBytes(file);
        byte[] received = Files.readAllBytes(target.resolve("receiver.rlog"));
        assertTrue(received.length > initial, "some appended bytes were downloaded: " + received.length);
        assertArrayEquals(Arrays.copyOf(grown, received.length), received, "a prefix of the file as it grew");
        // Whether it grew between manifest and download is up to the scheduler; if anything changed, it is this file.
        assertTrue(result.changedSinceManifest().stream().allMatch(p -> p.equals("receiver.rlog")), result.toString());
    }

    @Test
    void aDeadServerFailsFastNamingTheUrl() {
        int port = LoopbackPorts.free();
        URI url = URI.create("http://127.0.0.1:" + port + "/");
        DataTransferException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(DataTransferException.class, () -> DataClient.fetchAll(url, token, "test-1/peer-a", target)));
        assertTrue(e.getMessage().contains("127.0.0.1:" + port + "/manifest?dir=test-1/peer-a"), e.getMessage());
        assertTrue(e.getMessage().contains("cannot connect"), e.getMessage());
    }

    @Test
    void aHostNameThatDoesNotResolveIsSaidSoNotCalledARefusal() {
        URI url = URI.create("http://peer-7.invalid:7001/");
        DataTransferException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(DataTransferException.class, () -> DataClient.fetchAll(url, token, "test-1/peer-a", target)));
        assertTrue(e.getMessage().startsWith("cannot connect to http://peer-7.invalid:7001/manifest"), e.getMessage());
        assertTrue(e.getMessage().endsWith(": unknown host peer-7.invalid"), e.getMessage());
    }

    @Test
    void aServerThatNeverAnswersTimesOut() throws IOException {
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress(LoopbackPorts.IPV4, 0)); // accepts connections (backlog), never replies
            URI url = URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/");
            DataClient client = new DataClient(CONNECTS, SHORT);
            DataTransferException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(DataTransferException.class, () -> client.fetch(url, token, "", target)));
            assertTrue(e.getMessage().contains("no response within 500 ms"), e.getMessage());
            assertTrue(e.getMessage().contains(url + "manifest"), e.getMessage());
        }
    }

    @Test
    void aBodyThatStopsArrivingIsAbandoned() throws Exception {
        byte[] body = DataTree.random(100_000, 5);
        CountDownLatch release = new CountDownLatch(1);
        fake = FakePeer.start()
                .on("/manifest?dir=d", manifestReply("d", Map.of("d/x.bin", body)))
                .on("/files/d/x.bin", new FakePeer.Reply(200, Map.of(Sha256.HEADER, DataTree.sha256(body)), body, 1000, release));
        try {
            DataClient client = new DataClient(CONNECTS, SHORT);
            DataTransferException e = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> assertThrows(DataTransferException.class, () -> client.fetch(fake.url(), token, "d", target)));
            assertTrue(e.getMessage().contains("/files/d/x.bin") && e.getMessage().contains("stalled"), e.getMessage());
        } finally {
            release.countDown();
        }
        assertNoFiles(target);
    }

    @Test
    void aCorruptedTransferIsDetectedAndNothingIsKept() throws Exception {
        byte[] body = "the real bytes".getBytes(StandardCharsets.UTF_8);
        fake = FakePeer.start()
                .on("/manifest?dir=d", manifestReply("d", Map.of("d/x.bin", body)))
                .on("/files/d/x.bin", FakePeer.Reply.file("the real byteZ".getBytes(StandardCharsets.UTF_8), DataTree.sha256(body)));
        DataTransferException e = assertThrows(DataTransferException.class, () -> DataClient.fetchAll(fake.url(), token, "d", target));
        assertTrue(e.getMessage().contains(fake.url() + "files/d/x.bin"), e.getMessage());
        assertTrue(e.getMessage().contains("checksum mismatch"), e.getMessage());
        assertNoFiles(target);
    }

    @Test
    void aBodyCutShortIsAnError() throws Exception {
        byte[] body = DataTree.random(50_000, 6);
        fake = FakePeer.start()
                .on("/manifest?dir=d", manifestReply("d", Map.of("d/x.bin", body)))
                .on("/files/d/x.bin", new FakePeer.Reply(200, Map.of(Sha256.HEADER, DataTree.sha256(body)), body, 20_000, null));
        DataTransferException e = assertThrows(DataTransferException.class, () -> DataClient.fetchAll(fake.url(), token, "d", target));
        assertTrue(e.getMessage().contains(fake.url() + "files/d/x.bin"), e.getMessage());
        assertNoFiles(target);
    }

    @Test
    void theVerificationNamesTheFileAndBothChecksums() throws DataTransferException {
        String good = DataTree.sha256("abc".getBytes(StandardCharsets.UTF_8));
        String bad = DataTree.sha256("abd".getBytes(StandardCharsets.UTF_8));
        DataClient.verifyChecksum("http://h:1/files/a.csv", good.toUpperCase(), good);
        DataTransferException e = assertThrows(DataTransferException.class,
                () -> DataClient.verifyChecksum("http://h:1/files/a.csv", good, bad));
        assertTrue(e.getMessage().contains("http://h:1/files/a.csv"), e.getMessage());
        assertTrue(e.getMessage().contains(good) && e.getMessage().contains(bad), e.getMessage());
        DataTransferException notHex = assertThrows(DataTransferException.class,
                () -> DataClient.verifyChecksum("a.csv", "xyz", bad));
        assertTrue(notHex.getMessage().contains("'xyz'"), notHex.getMessage());
    }

    @Test
    void aFileThatChangedSinceTheManifestIsReportedNotRefused() throws Exception {
        byte[] listed = "0123456789".getBytes(StandardCharsets.UTF_8);
        byte[] grown = "0123456789abcdefghij".getBytes(StandardCharsets.UTF_8);
        fake = FakePeer.start()
                .on("/manifest?dir=d", manifestReply("d", Map.of("d/sub/x.bin", listed, "d/y.bin", listed)))
                .on("/files/d/sub/x.bin", FakePeer.Reply.file(grown, DataTree.sha256(grown)))
                .on("/files/d/y.bin", FakePeer.Reply.file(listed, DataTree.sha256(listed)));
        FetchResult result = DataClient.fetchAll(fake.url(), token, "d", target);
        assertEquals(new FetchResult(2, 30, List.of("sub/x.bin")), result);
        assertArrayEquals(grown, Files.readAllBytes(target.resolve("sub/x.bin")));
    }

    @Test
    void aManifestNamingPathsOutsideTheDirectoryIsRefusedBeforeWritingAnything() throws Exception {
        byte[] body = "evil".getBytes(StandardCharsets.UTF_8);
        for (String path : List.of("d/../../evil.txt", "/etc/evil.txt", "other/evil.txt", "d", "d//evil.txt")) {
            fake = FakePeer.start()
                    .on("/manifest?dir=d", manifestReply("d", Map.of(path, body)))
                    .on("/files/" + path, FakePeer.Reply.file(body, DataTree.sha256(body)));
            DataTransferException e = assertThrows(DataTransferException.class, () -> DataClient.fetchAll(fake.url(), token, "d", target), path);
            assertTrue(e.getMessage().contains("manifest from " + fake.url() + "manifest?dir=d"), e.getMessage());
            assertTrue(e.getMessage().contains(path), e.getMessage());
            fake.close();
            fake = null;
        }
        try (Stream<Path> all = Files.walk(base)) {
            assertTrue(all.noneMatch(p -> p.getFileName().toString().equals("evil.txt")));
        }
    }

    @Test
    void httpErrorsAndBadManifestsAreErrorsNamingTheUrl() throws Exception {
        DataTransferException missingDir = assertThrows(DataTransferException.class,
                () -> DataClient.fetchAll(server.url(), token, "test-9", target));
        assertTrue(missingDir.getMessage().contains("HTTP 404") && missingDir.getMessage().contains("test-9"), missingDir.getMessage());

        byte[] body = "x".getBytes(StandardCharsets.UTF_8);
        fake = FakePeer.start()
                .on("/manifest?dir=gone", manifestReply("gone", Map.of("gone/x.bin", body)))
                .on("/manifest?dir=junk", FakePeer.Reply.of(200, Map.of(), "<html>not json".getBytes(StandardCharsets.UTF_8)))
                .on("/manifest?dir=wrong-root", manifestReply("elsewhere", Map.of()))
                .on("/manifest?dir=unsigned", manifestReply("unsigned", Map.of("unsigned/x.bin", body)))
                .on("/files/unsigned/x.bin", FakePeer.Reply.of(200, Map.of(), body));
        DataTransferException gone = assertThrows(DataTransferException.class, () -> DataClient.fetchAll(fake.url(), token, "gone", target));
        assertTrue(gone.getMessage().contains(fake.url() + "files/gone/x.bin: HTTP 404"), gone.getMessage());
        DataTransferException junk = assertThrows(DataTransferException.class, () -> DataClient.fetchAll(fake.url(), token, "junk", target));
        assertTrue(junk.getMessage().contains("not a valid manifest"), junk.getMessage());
        DataTransferException root = assertThrows(DataTransferException.class,
                () -> DataClient.fetchAll(fake.url(), token, "wrong-root", target));
        assertTrue(root.getMessage().contains("'elsewhere'"), root.getMessage());
        DataTransferException unsigned = assertThrows(DataTransferException.class,
                () -> DataClient.fetchAll(fake.url(), token, "unsigned", target));
        assertTrue(unsigned.getMessage().contains("no X-Checksum-SHA256 header"), unsigned.getMessage());
        assertNoFiles(target);
    }

    @Test
    void anUnsafeDirectoryArgumentIsAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> DataClient.fetchAll(server.url(), token, "../x", target));
    }

    private static FakePeer.Reply manifestReply(String root, Map<String, byte[]> files) throws IOException {
        List<ManifestEntry> entries = files.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(f -> new ManifestEntry(f.getKey(), f.getValue().length, DataTree.sha256(f.getValue()), "2025-01-01T00:00:00Z"))
                .toList();
        return FakePeer.Reply.of(200, Map.of("Content-Type", "application/json"), JSON.writeValueAsBytes(new Manifest(root, entries)));
    }

    private static long countFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    private static void assertNoFiles(Path dir) throws IOException {
        if (Files.exists(dir)) {
            assertEquals(0, countFiles(dir), "no file, complete or partial, is left in " + dir);
        }
    }

    @Test
    void anotherServersTokenIsRefusedAndNeitherTokenIsInTheMessage() {
        DataToken other = DataToken.random();
        DataTransferException e = assertThrows(DataTransferException.class,
                () -> DataClient.fetchAll(server.url(), other, "test-1/peer-a", target));
        assertTrue(e.getMessage().contains("HTTP 403"), e.getMessage());
        assertFalse(e.getMessage().contains(other.value()) || e.getMessage().contains(token.value()), e.getMessage());
        assertFalse(Files.exists(target), "nothing is written without the right token");
    }
}
