package org.maestro.agent;

import com.sun.net.httpserver.HttpServer;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.Ref;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.note.Payload;
import org.maestro.common.testing.Integration;
import org.maestro.common.testing.TestLab;
import org.maestro.common.util.LoopbackPorts;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An http:// source: a real git repository served over HTTP on 127.0.0.1 with git's "dumb" protocol (plain
 * files: info/refs, HEAD, loose objects), which JGit speaks when the server does not speak the smart one.
 */
@Integration
class HttpSourceTest {
    @RegisterExtension
    static final TestLab lab = TestLab.withMosquitto();

    @Test
    void anHttpSourceIsFetchedAndCredentialsStayOutOfMessages(@TempDir Path tmp) throws Exception {
        try (GitRepo repo = GitRepo.ofTestHandlers(tmp.resolve("repo"))) {
            writeInfoRefs(repo.dir());
            HttpServer server = HttpServer.create(new InetSocketAddress(LoopbackPorts.IPV4, 0), 0);
            server.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                Path file = path.startsWith("/handlers.git/") ? repo.dir().resolve(".git").resolve(path.substring(14)).normalize() : null;
                try (exchange) {
                    if (file == null || !file.startsWith(repo.dir().resolve(".git")) || !Files.isRegularFile(file)) {
                        exchange.sendResponseHeaders(404, -1);
                        return;
                    }
                    byte[] body = Files.readAllBytes(file);
                    exchange.getResponseHeaders().add("Content-Type", "application/octet-stream");
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                }
            });
            server.start();
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            try (AgentFixture f = new AgentFixture(lab, tmp, "agent", List.of(base))) {
                f.set(Map.of("test.id", "http"));
                String detail = f.source(base + "handlers.git", "");
                assertTrue(detail.contains(base + "handlers.git refs/heads/main @ "), detail);
                assertEquals("succeeded", f.run(20, "ok.sh").outcome());

                String reason = f.error(new Payload.AgentSource("http://maestro:secret@127.0.0.1:" + server.getAddress().getPort()
                        + "/missing.git", ""));
                assertTrue(reason.startsWith("cannot fetch http://maestro:***@127.0.0.1:"), reason);
                assertFalse(reason.contains("secret"), reason);
                f.assertServing();
            } finally {
                server.stop(0);
            }
        }
    }

    /** What 'git update-server-info' writes for the dumb protocol: every ref and the commit it points to. */
    private static void writeInfoRefs(Path repo) throws Exception {
        try (Git git = Git.open(repo.toFile())) {
            StringBuilder refs = new StringBuilder();
            for (Ref r : git.getRepository().getRefDatabase().getRefs()) {
                if (r.getName().startsWith("refs/")) {
                    refs.append(r.getObjectId().name()).append('\t').append(r.getName()).append('\n');
                }
            }
            Path info = Files.createDirectories(repo.resolve(".git/info"));
            Files.writeString(info.resolve("refs"), refs, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write info/refs: " + e, e);
        }
    }
}
