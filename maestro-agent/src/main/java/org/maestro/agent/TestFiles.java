package org.maestro.agent;

import org.eclipse.jgit.api.Git;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.units.TestDuration;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import groovy.lang.GroovySystem;

/**
 * The JSON files of an agent's test directory: {@code test.json} (the SET options, passwords masked,
 * the handler timeout and allowed sources) and {@code system.json} (host, CPUs, JVM, versions, and what the agent sits
 * beside: its own options, e.g. which router and version it acts on).
 */
final class TestFiles {
    private TestFiles() {
    }

    static void write(Path dir, PeerInfo peer, Map<String, String> options, AgentSettings settings,
                      Duration handlerTimeout) throws IOException {
        Files.createDirectories(dir);
        Map<String, String> opts = new TreeMap<>();
        options.forEach((k, v) -> opts.put(k, Passwords.redact(v)));
        TestJson.write(dir, new TestJson.Agent(dir.getParent().getFileName().toString(), TestJson.Peer.of(peer),
                new TestDuration.ByTime(handlerTimeout).toString(),
                settings.allowlist().toString(), opts));

        Map<String, Object> system = SystemInfo.describe(peer);
        system.put("jgit", SystemInfo.version(Git.class));
        system.put("groovy", GroovySystem.getVersion());
        if (!settings.ownOptions().isEmpty()) {
            Map<String, String> own = new TreeMap<>();
            settings.ownOptions().forEach((k, v) -> own.put(k, Passwords.redact(v)));
            system.put(SystemInfo.SITS_BESIDE, own);
        }
        RunJson.write(dir.resolve(PeerFiles.SYSTEM_JSON), system);
    }
}
