package org.maestro.common.dataserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Nothing outside the served directory is ever returned: "..", encoded dots and separators, absolute
 * paths and symbolic links leading out are all refused with a short plain-text reason. Requests go on
 * the wire exactly as written (no client-side normalisation).
 */
class DataServerTraversalTest {
    @TempDir
    Path base;

    private DataServer server;

    @BeforeEach
    void start() throws IOException {
        server = DataServer.start(DataTree.create(base).root, "127.0.0.1", 0);
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

    @ParameterizedTest
    @ValueSource(strings = {
        "/files/../etc/passwd",
        "/files/%2e%2e/x",
        "/files/%2E%2E%2Fx",
        "/files//etc/passwd",
        "/files/%2fetc%2fpasswd",
        "/files/../outside/secret.txt",
        "/files/test-1/../../outside/secret.txt",
        "/files/test-1/peer-a/../../../outside/secret.txt",
        "/files/%2e%2e%2foutside%2fsecret.txt",
        "/files/..%2foutside/secret.txt",
        "/files/.%2e/outside/secret.txt",
        "/files/%2e/notes.txt",
        "/files/test-1/%2e%2e/%2e%2e/outside/secret.txt",
        "/files/%5c..%5coutside%5csecret.txt",
        "/files/..\\outside\\secret.txt",
        "/files/notes.txt%00.json",
        "/files/%c0%ae%c0%ae/outside/secret.txt",
        "/files/%252e%252e/outside/secret.txt",
        "/files/%252e%252e%252foutside%252fsecret.txt",
        "/files/test-1/peer-a/escape",
        "/files/test-1/peer-a/escape-dir/secret.txt",
        "/../outside/secret.txt",
        "/files/../../../../../../../../etc/passwd",
        "/manifest?dir=..",
        "/manifest?dir=../outside",
        "/manifest?dir=%2e%2e%2foutside",
        "/manifest?dir=/etc",
        "/manifest?dir=test-1/../..",
        "/manifest?dir=test-1/peer-a/escape-dir",
    })
    void traversalIsRefusedWithAPlainTextReason(String target) throws IOException {
        TraversalChecks.assertRefused(server.port(), target, DataTree.SECRET, authorization());
    }

    @Test
    void dotDotIsABadRequestSayingSo() throws IOException {
        RawHttp.Reply reply = send("GET", "/files/test-1/peer-a/../peer-b/test.json");
        assertEquals(400, reply.status(), reply.text());
        assertTrue(reply.text().contains(".."), reply.text());
    }

    @Test
    void anEncodedSeparatorIsABadRequestSayingSo() throws IOException {
        RawHttp.Reply reply = send("GET", "/files/test-1%2Fpeer-a%2Ftest.json");
        assertEquals(400, reply.status(), reply.text());
        assertTrue(reply.text().contains("%2F") || reply.text().contains("separator"), reply.text());
    }

    @Test
    void aSymbolicLinkLeadingOutIsForbiddenSayingSo() throws IOException {
        RawHttp.Reply file = send("GET", "/files/test-1/peer-a/escape");
        assertEquals(403, file.status(), file.text());
        assertTrue(file.text().contains("outside the data directory"), file.text());
        RawHttp.Reply dir = send("GET", "/files/test-1/peer-a/escape-dir/secret.txt");
        assertEquals(403, dir.status(), dir.text());
        RawHttp.Reply manifest = send("GET", "/manifest?dir=test-1/peer-a/escape-dir");
        assertEquals(403, manifest.status(), manifest.text());
    }

    @Test
    void aSymbolicLinkStayingInsideIsServed() throws IOException {
        Files.createSymbolicLink(server.root().resolve("test-1/peer-b/link.json"),
                server.root().resolve("test-1/peer-b/test.json"));
        RawHttp.Reply reply = send("GET", "/files/test-1/peer-b/link.json");
        assertEquals(200, reply.status(), reply.text());
        assertEquals("{\"rate\":5}", reply.text());
    }
}
