package org.maestro.common.dataserver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Set;

/**
 * The check of a path that must not lead out of a served directory, for every server that serves one (the
 * data server, {@code maestro serve}): the request goes on the wire as written, and GET and HEAD both get a
 * refusal (400, 403 or 404) whose body is a short line of plain text that shows neither the secret nor a
 * stack trace.
 */
public final class TraversalChecks {
    private TraversalChecks() {
    }

    public static void assertRefused(int port, String target, String secret) throws IOException {
        assertRefused(port, target, secret, new String[0]);
    }

    /** As above, each request with these header lines (the data server's token: refused for the path, not for want of it). */
    public static void assertRefused(int port, String target, String secret, String... headerLines) throws IOException {
        for (String method : new String[]{"GET", "HEAD"}) {
            RawHttp.Reply reply = RawHttp.send(port, method, target, headerLines);
            assertTrue(Set.of(400, 403, 404).contains(reply.status()), method + " " + target + " -> " + reply.status() + " " + reply.text());
            if (method.equals("GET")) {
                String text = reply.text();
                assertTrue(String.valueOf(reply.header("Content-Type")).startsWith("text/plain"), target + ": " + reply.header("Content-Type"));
                assertFalse(text.contains(secret), target + " leaked the secret");
                assertFalse(text.contains("root:"), target + " leaked /etc/passwd");
                assertFalse(text.contains("Exception") || text.contains("\tat ") || text.contains("<html"), target + ": " + text);
                assertTrue(!text.isBlank() && text.length() < 400, target + ": " + text);
            }
        }
    }
}
