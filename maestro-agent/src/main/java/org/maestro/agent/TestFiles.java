package org.maestro.agent;

import org.maestro.agent.handler.Json;
import org.maestro.agent.source.SourceUrl;
import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.PeerInfo;

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
        options.forEach((k, v) -> opts.put(k, SourceUrl.redact(v)));
        test.put("options", opts);
        Files.writeString(dir.resolve("test.json"), Json.object(test) + "\n", StandardCharsets.UTF_8);

        Runtime rt = Runtime.getRuntime();
        Map<String, Object> system = new LinkedHashMap<>();
        system.put("host", peer.host());
        system.put("cpus", rt.availableProcessors());
        system.put("maxHeapBytes", rt.maxMemory());
        system.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        system.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        system.put("maestroVersion", version(TestFiles.class));
        system.put("protocolVersion", NoteCodec.PROTOCOL_VERSION);
        system.put("jgit", version(org.eclipse.jgit.api.Git.class));
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

    private static String version(Class<?> c) {
        String v = c.getPackage() == null ? null : c.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
