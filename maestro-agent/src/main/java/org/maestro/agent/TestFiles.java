package org.maestro.agent;

import org.maestro.agent.handler.Json;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON files of an agent's test directory: {@code test.json} (the SET options, passwords masked,
 * the handler timeout and allowed sources) and {@code system.json} (host, CPUs, JVM, versions).
 */
final class TestFiles {
    private TestFiles() {
    }

    static void write(Path dir, PeerInfo peer, Map<String, String> options, AgentSettings settings,
                      java.time.Duration handlerTimeout) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("testId", dir.getParent().getFileName().toString());
        test.put("peer", peerMap(peer));
        test.put("handlerTimeout", new org.maestro.common.units.TestDuration.ByTime(handlerTimeout).toString());
        test.put("allowedSources", settings.allowlist().toString());
        Map<String, Object> opts = new TreeMap<>();
        options.forEach((k, v) -> opts.put(k, Passwords.redact(v)));
        test.put("options", opts);
        Files.writeString(dir.resolve("test.json"), Json.object(test) + "\n", StandardCharsets.UTF_8);

        Map<String, Object> system = SystemInfo.describe(peer);
        system.put("jgit", SystemInfo.version(org.eclipse.jgit.api.Git.class));
        system.put("groovy", groovy.lang.GroovySystem.getVersion());
        Files.writeString(dir.resolve("system.json"), Json.object(system) + "\n", StandardCharsets.UTF_8);
    }

    private static Map<String, Object> peerMap(PeerInfo peer) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("id", peer.id());
        p.put("name", peer.name());
        p.put("host", peer.host());
        p.put("role", peer.role().wireName());
        p.put("group", peer.group());
        return p;
    }
}
