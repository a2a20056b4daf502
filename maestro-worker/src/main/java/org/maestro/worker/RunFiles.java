package org.maestro.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.maestro.common.note.PeerInfo;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON files of a run's data directory: test.json (parameters) and system.json (where it ran). */
final class RunFiles {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunFiles() {
    }

    /** {@code <dataDir>/<testId>/<peerName>/}, created. */
    static Path directory(Path dataDir, String testId, PeerInfo peer) throws IOException {
        return Files.createDirectories(dataDir.resolve(testId).resolve(peer.name()));
    }

    static void writeTestJson(Path dir, PeerInfo peer, WorkerOptions options, long startEpochMicros) throws IOException {
        Map<String, Object> test = new LinkedHashMap<>();
        test.put("testId", dir.getParent().getFileName().toString());
        test.put("testName", options.testName());
        test.put("peer", Map.of("id", peer.id(), "name", peer.name(), "host", peer.host(), "role", peer.role().wireName(),
                "group", peer.group()));
        test.put("startEpochMicros", startEpochMicros);
        test.put("start", Instant.ofEpochSecond(startEpochMicros / 1_000_000, (startEpochMicros % 1_000_000) * 1_000).toString());
        test.put("warmupMicros", options.warmup().toNanos() / 1_000);
        test.put("duration", options.duration().toString());
        test.put("rate", options.rate().perSecond());
        test.put("connections", options.connections());
        test.put("messageSize", options.size().toString());
        test.put("sendUrl", options.sendUrl() == null ? "" : options.sendUrl().toString());
        test.put("receiveUrl", options.receiveUrl() == null ? "" : options.receiveUrl().toString());
        test.put("options", redacted(options.raw()));
        JSON.writeValue(dir.resolve("test.json").toFile(), test);
    }

    static void writeSystemJson(Path dir, PeerInfo peer) throws IOException {
        Map<String, Object> system = SystemInfo.describe(peer);
        system.put("driver", "qpid-jms " + SystemInfo.version(org.apache.qpid.jms.JmsConnectionFactory.class));
        JSON.writeValue(dir.resolve("system.json").toFile(), system);
    }

    /** The SUT URLs may carry passwords: keep them out of files that end up in reports. */
    private static Map<String, String> redacted(Map<String, String> raw) {
        Map<String, String> out = new LinkedHashMap<>();
        raw.forEach((k, v) -> out.put(k, Passwords.redact(v)));
        return out;
    }
}
