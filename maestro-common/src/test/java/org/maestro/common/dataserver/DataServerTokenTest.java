package org.maestro.common.dataserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data server's token over real HTTP: two servers (two peers), each with its own token. Every route, GET
 * and HEAD, gives 401 without a token and 403 with the other peer's, with no content of the directory; only
 * the server's own token opens it.
 */
class DataServerTokenTest {
    private static final String CONTENT = "the test data of peer a";
    private static final List<String> ROUTES = List.of("/files/test-1/peer-a/data.csv", "/manifest", "/manifest?dir=test-1", "/",
            "/files/no-such-file");

    @TempDir
    Path base;

    private DataServer peerA;
    private DataServer peerB;

    @BeforeEach
    void start() throws Exception {
        Path a = Files.createDirectories(base.resolve("a/test-1/peer-a"));
        Files.writeString(a.resolve("data.csv"), CONTENT);
        peerA = DataServer.start(base.resolve("a"), "127.0.0.1", 0);
        peerB = DataServer.start(Files.createDirectories(base.resolve("b")), "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        peerA.close();
        peerB.close();
    }

    @Test
    void everyRequestWithoutTheTokenGets401AndNoContent() throws Exception {
        for (String route : ROUTES) {
            for (String[] headers : new String[][]{{}, {"Authorization: Basic YWRtaW46YWRtaW4="}, {"Authorization: Bearer"},
                    {"Authorization: " + peerA.token().value()}}) {
                for (String method : List.of("GET", "HEAD")) {
                    RawHttp.Reply reply = RawHttp.send(peerA.port(), method, route, headers);
                    String what = method + " " + route + " " + List.of(headers);
                    assertEquals(401, reply.status(), what + ": " + reply.text());
                    assertEquals("Bearer realm=\"maestro data\"", reply.header("WWW-Authenticate"), what);
                    assertNothingServed(method, reply, what);
                }
            }
        }
    }

    @Test
    void anotherPeersTokenGets403AndNoContent() throws Exception {
        assertNotEquals(peerA.token().value(), peerB.token().value(), "each data server has a token of its own");
        for (String route : ROUTES) {
            for (String method : List.of("GET", "HEAD")) {
                RawHttp.Reply reply = RawHttp.send(peerA.port(), method, route, "Authorization: " + peerB.token().authorization());
                String what = method + " " + route + " with peer b's token";
                assertEquals(403, reply.status(), what + ": " + reply.text());
                assertNothingServed(method, reply, what);
                assertFalse(reply.text().contains(peerB.token().value()), what + ": the refusal repeats the token");
            }
        }
        // A token one character off is another token too.
        String value = peerA.token().value();
        String offByOne = value.substring(0, value.length() - 1) + (value.endsWith("A") ? "B" : "A");
        assertEquals(403, RawHttp.send(peerA.port(), "GET", ROUTES.get(0), "Authorization: Bearer " + offByOne).status());
    }

    @Test
    void theServersOwnTokenOpensIt() throws Exception {
        RawHttp.Reply file = RawHttp.send(peerA.port(), "GET", ROUTES.get(0), "Authorization: " + peerA.token().authorization());
        assertEquals(200, file.status(), file.text());
        assertEquals(CONTENT, file.text());
        RawHttp.Reply head = RawHttp.send(peerA.port(), "HEAD", ROUTES.get(0), "authorization: bearer " + peerA.token().value());
        assertEquals(200, head.status(), "the scheme's case does not matter");
        assertEquals(0, head.body().length);
        RawHttp.Reply manifest = RawHttp.send(peerA.port(), "GET", "/manifest", "Authorization: " + peerA.token().authorization());
        assertTrue(manifest.text().contains("test-1/peer-a/data.csv"), manifest.text());
    }

    @Test
    void aTokenIsRandomBase64UrlAndNeverPrinted() {
        DataToken token = DataToken.random();
        assertTrue(token.value().matches("[A-Za-z0-9_-]{43}"), "32 random bytes, base64url: " + token.value().length());
        assertNotEquals(token.value(), DataToken.random().value());
        assertEquals("DataToken[hidden]", token.toString());
        assertFalse(peerA.toString().contains(peerA.token().value()));
        assertEquals(token.value(), DataToken.of(token.value()).value());
        for (String bad : new String[]{"short", token.value() + "\r\nX-Evil: 1", token.value() + " ", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DataToken.of(bad));
            assertFalse(e.getMessage().contains(token.value()), e.getMessage());
        }
        assertThrows(IllegalStateException.class, () -> {
            try (DataServer runs = DataServer.start(base, "127.0.0.1", 0, "runs server", root -> null)) {
                runs.token();
            }
        });
    }

    /** No byte of the directory: HEAD has no body at all, GET only the one-line refusal. */
    private static void assertNothingServed(String method, RawHttp.Reply reply, String what) {
        String text = new String(reply.body(), StandardCharsets.UTF_8);
        if (method.equals("HEAD")) {
            assertEquals(0, reply.body().length, what);
        } else {
            assertTrue(text.startsWith("this ") && text.lines().count() == 1, what + ": " + text);
        }
        assertFalse(text.contains(CONTENT) || text.contains("data.csv") || text.contains("sha256"), what + ": " + text);
        assertEquals(null, reply.header("X-Checksum-SHA256"), what);
    }
}
