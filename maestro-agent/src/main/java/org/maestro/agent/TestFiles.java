package org.maestro.agent;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
        Map<String, String> opts = new TreeMap<>();
        options.forEach((k, v) -> opts.put(k, Passwords.redact(v)));
        TestJson.write(dir, new TestJson.Agent(dir.getParent().getFileName().toString(), TestJson.Peer.of(peer),
                new org.maestro.common.units.TestDuration.ByTime(handlerTimeout).toString(),
                settings.allowlist().toString(), opts));

        Map<String, Object> system = SystemInfo.describe(peer);
        system.put("jgit", SystemInfo.version(org.eclipse.jgit.api.Git.class));
        system.put("groovy", groovy.lang.GroovySystem.getVersion());
        RunJson.write(dir.resolve(PeerFiles.SYSTEM_JSON), system);
    }
}
