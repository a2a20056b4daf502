package org.maestro.client.artemis;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the standalone distribution comes from: a fake one (bin/artemis and a lib file) served by a real HTTP
 * server standing in for Maven Central, or left in a local Maven repository; checked before it is unpacked.
 */
class ArtemisDistributionTest {
    private static final String VERSION = "9.9.9";
    private static final String PATH = "/maven2/org/apache/activemq/apache-artemis/" + VERSION + "/apache-artemis-" + VERSION + "-bin.";

    @TempDir
    Path dir;

    private HttpServer central;
    private final Map<String, byte[]> served = new ConcurrentHashMap<>();
    private final AtomicInteger archiveRequests = new AtomicInteger();

    @BeforeEach
    void serve() throws IOException {
        central = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        central.createContext("/", exchange -> {
            byte[] body = served.get(exchange.getRequestURI().getPath());
            if (exchange.getRequestURI().getPath().endsWith(".tar.gz")) {
                archiveRequests.incrementAndGet();
            }
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                if (body != null) {
                    out.write(body);
                }
            }
        });
        central.start();
    }

    @AfterEach
    void stop() {
        central.stop(0);
    }

    private URI centralUrl() {
        return URI.create("http://127.0.0.1:" + central.getAddress().getPort() + "/maven2/");
    }

    private ArtemisDistribution distribution(URI from) {
        return new ArtemisDistribution(VERSION, dir.resolve("cache"), dir.resolve("m2"), from);
    }

    @Test
    void downloadsVerifiesAndUnpacksOnceThenUsesTheCache() throws Exception {
        byte[] archive = tarGz();
        served.put(PATH + "tar.gz", archive);
        served.put(PATH + "tar.gz.sha512", (hex("sha512", archive) + "  apache-artemis-" + VERSION + "-bin.tar.gz\n").getBytes(StandardCharsets.UTF_8));

        ArtemisDistribution.Unpacked first = distribution(centralUrl()).unpack();
        assertEquals(dir.resolve("cache/artemis-" + VERSION + "/apache-artemis-" + VERSION), first.home());
        assertTrue(Files.isExecutable(first.home().resolve("bin/artemis")));
        assertEquals("libs", Files.readString(first.home().resolve("lib/readme.txt")));
        assertEquals(centralUrl() + "org/apache/activemq/apache-artemis/" + VERSION + "/apache-artemis-" + VERSION + "-bin.tar.gz",
                first.from());

        ArtemisDistribution.Unpacked second = distribution(centralUrl()).unpack();
        assertTrue(second.from().startsWith("cached in "), second.from());
        assertEquals(1, archiveRequests.get(), "downloaded once");
        assertOnlyTheDistributionInTheCache();
    }

    @Test
    void refusesAnArchiveThatDoesNotMatchItsChecksumAndLeavesNothing() throws Exception {
        served.put(PATH + "tar.gz", tarGz());
        served.put(PATH + "tar.gz.sha1", "0123456789012345678901234567890123456789\n".getBytes(StandardCharsets.UTF_8));

        IOException e = assertThrows(IOException.class, () -> distribution(centralUrl()).unpack());
        assertTrue(e.getMessage().startsWith("the Artemis distribution " + centralUrl() + "org/apache/activemq/apache-artemis/"
                + VERSION + "/apache-artemis-" + VERSION + "-bin.tar.gz does not match its checksum "), e.getMessage());
        assertTrue(e.getMessage().contains("sha1 ") && e.getMessage().contains("expected 0123456789012345678901234567890123456789"),
                e.getMessage());
        try (Stream<Path> left = Files.list(dir.resolve("cache"))) {
            assertEquals(0, left.count(), "no half-unpacked distribution, no download left behind");
        }
    }

    @Test
    void takesWhatAMavenBuildLeftInTheLocalRepositoryFirst() throws Exception {
        Path inM2 = Files.createDirectories(dir.resolve("m2/org/apache/activemq/apache-artemis/" + VERSION))
                .resolve("apache-artemis-" + VERSION + "-bin.zip");
        Files.write(inM2, zip());
        Files.writeString(inM2.resolveSibling(inM2.getFileName() + ".sha1"), hex("sha1", Files.readAllBytes(inM2)));

        ArtemisDistribution.Unpacked unpacked = distribution(URI.create("http://127.0.0.1:1/maven2/")).unpack();
        assertEquals(inM2.toString(), unpacked.from());
        assertTrue(Files.isExecutable(unpacked.home().resolve("bin/artemis")), "a zip has no modes: bin/ is made executable");
        assertEquals(0, archiveRequests.get());
    }

    @Test
    void namesTheUrlAndTheWayOutWhenNothingCanBeDownloaded() {
        URI nowhere = URI.create("http://127.0.0.1:1/maven2/");
        IOException e = assertThrows(IOException.class, () -> distribution(nowhere).unpack());
        assertTrue(e.getMessage().startsWith("cannot download " + nowhere + "org/apache/activemq/apache-artemis/" + VERSION
                + "/apache-artemis-" + VERSION + "-bin.tar.gz.sha512: "), e.getMessage());
        assertTrue(e.getMessage().contains("mvn dependency:get -Dartifact=org.apache.activemq:apache-artemis:" + VERSION + ":tar.gz:bin"),
                e.getMessage());

        IOException missing = assertThrows(IOException.class, () -> distribution(centralUrl()).unpack());
        assertEquals("cannot download the checksum " + centralUrl() + "org/apache/activemq/apache-artemis/" + VERSION
                + "/apache-artemis-" + VERSION + "-bin.tar.gz.sha1: HTTP status 404", missing.getMessage());
    }

    @Test
    void thePinnedVersionIsTheRootPomsStandaloneVersion() {
        assertTrue(ArtemisDistribution.pinnedVersion().matches("\\d+\\.\\d+\\.\\d+"), ArtemisDistribution.pinnedVersion());
    }

    private void assertOnlyTheDistributionInTheCache() throws IOException {
        try (Stream<Path> left = Files.list(dir.resolve("cache"))) {
            assertEquals(java.util.List.of(dir.resolve("cache/artemis-" + VERSION)), left.toList());
        }
    }

    /** A fake distribution as Maven Central has it: apache-artemis-VERSION/{bin/artemis, lib/readme.txt}. */
    private Path tree() throws IOException {
        Path root = dir.resolve("tree");
        Path home = Files.createDirectories(root.resolve("apache-artemis-" + VERSION + "/bin"));
        Files.writeString(home.resolve("artemis"), "#!/bin/sh\necho artemis\n");
        home.resolve("artemis").toFile().setExecutable(true);
        Files.createDirectories(root.resolve("apache-artemis-" + VERSION + "/lib"));
        Files.writeString(root.resolve("apache-artemis-" + VERSION + "/lib/readme.txt"), "libs");
        return root;
    }

    private byte[] tarGz() throws Exception {
        Path root = tree();
        Path archive = dir.resolve("dist.tar.gz");
        Process tar = new ProcessBuilder("tar", "-czf", archive.toString(), "-C", root.toString(), "apache-artemis-" + VERSION)
                .inheritIO().start();
        assertTrue(tar.waitFor(30, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar -czf");
        return Files.readAllBytes(archive);
    }

    private byte[] zip() throws IOException {
        Path root = tree();
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                zip.putNextEntry(new ZipEntry(root.relativize(f).toString()));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    private static String hex(String algorithm, byte[] bytes) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance(algorithm.equals("sha512") ? "SHA-512" : "SHA-1")
                .digest(bytes));
    }
}
