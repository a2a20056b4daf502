package org.maestro.reports.serve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.dataserver.RawHttp;
import org.maestro.common.dataserver.TraversalChecks;
import org.maestro.reports.ReportHtml;
import org.maestro.reports.RunsFixture;

/**
 * {@code maestro serve} on a real Jetty bound to a free port of 127.0.0.1: the index rendered from the
 * directory as it is, the runs' files with their types, and nothing else. Malicious paths go on the wire as
 * written ({@link RawHttp}); a secret file next to the runs directory must never appear in any response.
 */
class RunsServerTest {
    static final String SECRET = "TOP-SECRET-4f1d9c";
    private static final String SUMMARY = RunsFixture.NEWEST + "/summary.json";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path tmp;

    private RunsFixture runs;
    private RunsServer server;

    @BeforeEach
    void start() throws Exception {
        runs = RunsFixture.write(tmp.resolve("runs"));
        plantSecrets(tmp, runs.dir);
        server = RunsServer.start(runs.dir, "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A secret next to the runs directory, and symbolic links inside it that lead to it. */
    static void plantSecrets(Path base, Path runsDir) throws IOException {
        Path outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET + "\n");
        Files.createSymbolicLink(runsDir.resolve(RunsFixture.NEWEST).resolve("escape.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(runsDir.resolve("escape-dir"), outside);
    }

    @Test
    void theIndexIsRenderedFromTheDirectoryAsItIsNow() throws Exception {
        HttpResponse<String> index = get("/");
        assertEquals(200, index.statusCode());
        assertEquals("text/html;charset=utf-8", type(index));
        assertEquals(RunsFixture.LISTED_IN_ORDER.size(), ReportHtml.parse(index.body()).path("index").path("runs").size());
        assertEquals(200, get("/index.html").statusCode());
        assertFalse(Files.exists(runs.dir.resolve("index.html")), "served, not written");

        Path added = Files.createDirectories(runs.dir.resolve("20261124-020000-nightly"));
        Files.copy(runs.dir.resolve(SUMMARY), added.resolve("summary.json"));
        String after = get("/index.html").body();
        assertEquals(RunsFixture.LISTED_IN_ORDER.size() + 1, ReportHtml.parse(after).path("index").path("runs").size(),
                "a new run appears without rebuilding anything");
        assertEquals("20261124-020000-nightly", ReportHtml.parse(after).path("index").path("runs").get(0).path("dir").asText());
    }

    @Test
    void runFilesAreServedWithTheirTypes() throws Exception {
        Map<String, String> types = Map.of(
                RunsFixture.NEWEST + "/report.html", "text/html;charset=utf-8",
                SUMMARY, "application/json",
                RunsFixture.NEWEST + "/junit.xml", "application/xml;charset=utf-8",
                RunsFixture.NEWEST + "/console.log", "text/plain;charset=utf-8",
                RunsFixture.NEWEST + "/peers/inspector-1/queues.csv", "text/csv;charset=utf-8",
                RunsFixture.NEWEST + "/peers/receiver-1/latency-response.hlog", "text/plain;charset=utf-8",
                RunsFixture.FAILED + "/comparison.html", "text/html;charset=utf-8");
        for (Map.Entry<String, String> e : types.entrySet()) {
            HttpResponse<byte[]> r = HTTP.send(request("/" + e.getKey()).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode(), e.getKey());
            assertEquals(e.getValue(), type(r), e.getKey());
            assertArrayEquals(Files.readAllBytes(runs.dir.resolve(e.getKey())), r.body(), e.getKey());
        }
        HttpResponse<String> spaced = get("/20261114-020000-latency%20probe/report.html");
        assertEquals(200, spaced.statusCode(), "a percent-encoded directory name");
        HttpResponse<Void> head = HTTP.send(request("/" + SUMMARY).method("HEAD", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(200, head.statusCode());
        assertEquals(String.valueOf(Files.size(runs.dir.resolve(SUMMARY))), head.headers().firstValue("Content-Length").orElse(""));
    }

    @Test
    void directoriesAreListedSoPeersFilesCanBeFetched() throws Exception {
        HttpResponse<String> peers = get("/" + RunsFixture.NEWEST + "/peers/receiver-1/");
        assertEquals(200, peers.statusCode());
        assertTrue(type(peers).startsWith("text/html"), type(peers));
        assertTrue(peers.body().contains("latency-response.hlog"), peers.body());
        HttpResponse<String> style = get("/" + RunsFixture.NEWEST + "/peers/receiver-1/jetty-dir.css");
        assertEquals(200, style.statusCode(), "the listing's style sheet");
        assertTrue(type(style).startsWith("text/css"), type(style));
        RawHttp.Reply noSlash = RawHttp.send(server.port(), "GET", "/" + RunsFixture.NEWEST + "/peers");
        assertTrue(noSlash.status() / 100 == 3, "a directory without its '/' is redirected to it: " + noSlash.status());
        assertTrue(noSlash.header("Location").endsWith("/" + RunsFixture.NEWEST + "/peers/"), noSlash.header("Location"));
    }

    @Test
    void aMissingFileIsA404SayingWhich() throws Exception {
        HttpResponse<String> r = get("/" + RunsFixture.NEWEST + "/no-such.json");
        assertEquals(404, r.statusCode());
        assertTrue(type(r).startsWith("text/plain"), type(r));
        assertTrue(r.body().contains("no-such.json"), r.body());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "/../outside/secret.txt",
        "/../../../../../../etc/passwd",
        "/%2e%2e/outside/secret.txt",
        "/%2E%2E%2Foutside%2Fsecret.txt",
        "/.%2e/outside/secret.txt",
        "/..%2foutside/secret.txt",
        "/" + RunsFixture.NEWEST + "/../../outside/secret.txt",
        "/" + RunsFixture.NEWEST + "/%2e%2e/%2e%2e/outside/secret.txt",
        "//etc/passwd",
        "/%2Fetc/passwd",
        "/%2fetc%2fpasswd",
        "///outside/secret.txt",
        "/..\\outside\\secret.txt",
        "/%5c..%5coutside%5csecret.txt",
        "/" + RunsFixture.NEWEST + "/summary.json%00.html",
        "/%00",
        "/%c0%ae%c0%ae/outside/secret.txt",
        "/%252e%252e/outside/secret.txt",
        "/..;/outside/secret.txt",
        "/" + RunsFixture.NEWEST + "/escape.txt",
        "/escape-dir/secret.txt",
        "/escape-dir/",
        "/" + RunsFixture.NEWEST + "/./summary.json",
        "/../jetty-dir.css",
        "/escape-dir/jetty-dir.css",
    })
    void pathsOutOfTheRunsDirectoryAreRefusedWithAPlainTextReason(String target) throws IOException {
        TraversalChecks.assertRefused(server.port(), target, SECRET);
    }

    @Test
    void refusalsSayWhy() throws IOException {
        RawHttp.Reply up = RawHttp.send(server.port(), "GET", "/../outside/secret.txt");
        assertEquals(400, up.status(), up.text());
        assertTrue(up.text().contains("'..'"), up.text());
        RawHttp.Reply dotDot = RawHttp.send(server.port(), "GET", "/" + RunsFixture.NEWEST + "/peers/%2e%2e/summary.json");
        assertEquals(400, dotDot.status(), dotDot.text());
        RawHttp.Reply encodedSlash = RawHttp.send(server.port(), "GET", "/" + RunsFixture.NEWEST + "%2Fsummary.json");
        assertEquals(400, encodedSlash.status(), encodedSlash.text());
        assertTrue(encodedSlash.text().contains("separator"), encodedSlash.text());
        RawHttp.Reply link = RawHttp.send(server.port(), "GET", "/" + RunsFixture.NEWEST + "/escape.txt");
        assertEquals(403, link.status(), link.text());
        assertTrue(link.text().contains("outside"), link.text());
    }

    @Test
    void noResponseEverCarriesTheSecret() throws Exception {
        // The listing of the directory holding the links, the links themselves, and the index.
        for (String target : new String[]{"/", "/" + RunsFixture.NEWEST + "/", "/escape-dir", "/" + RunsFixture.NEWEST + "/escape.txt"}) {
            RawHttp.Reply reply = RawHttp.send(server.port(), "GET", target);
            assertFalse(reply.text().contains(SECRET), target + " leaked the secret");
        }
    }

    @Test
    void writingMethodsAreRefusedAndNothingOnDiskChanges() throws Exception {
        Map<String, String> before = snapshot(tmp);
        for (String method : new String[]{"PUT", "DELETE", "POST", "PATCH", "OPTIONS", "TRACE"}) {
            for (String target : new String[]{"/" + SUMMARY, "/new.txt", "/", "/" + RunsFixture.NEWEST + "/"}) {
                HttpResponse<String> r = HTTP.send(request(target).method(method, HttpRequest.BodyPublishers.ofString("overwritten"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(405, r.statusCode(), method + " " + target);
                assertEquals("GET, HEAD", r.headers().firstValue("Allow").orElse(""), method + " " + target);
                assertTrue(r.body().contains("read-only"), r.body());
            }
        }
        assertEquals(before, snapshot(tmp), "no file created, changed or deleted");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(request(path).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).timeout(Duration.ofSeconds(30));
    }

    /** The Content-Type without spaces, lower case: Jetty writes its known types as "text/html;charset=utf-8". */
    private static String type(HttpResponse<?> r) {
        return r.headers().firstValue("Content-Type").orElse("(none)").replace(" ", "").toLowerCase(java.util.Locale.ROOT);
    }

    /** Every file under {@code dir}: size and modification time. */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.toList()) {
                files.put(dir.relativize(p).toString(), Files.isRegularFile(p) ? Files.size(p) + "@" + Files.getLastModifiedTime(p) : "dir");
            }
        }
        return files;
    }
}
