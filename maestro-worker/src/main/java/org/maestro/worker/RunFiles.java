package org.maestro.worker;

import org.maestro.common.note.PeerInfo;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunJson;
import org.maestro.common.runfiles.TestJson;
import org.maestro.common.util.HostNames;
import org.maestro.common.util.Passwords;
import org.maestro.common.util.SystemInfo;
import org.maestro.worker.driver.Protocols;
import org.maestro.worker.driver.SutUrl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** The JSON files of a run's data directory: test.json (parameters) and system.json (where it ran). */
final class RunFiles {
    private RunFiles() {
    }

    /** {@code <dataDir>/<testId>/<peerName>/}, created. */
    static Path directory(Path dataDir, String testId, PeerInfo peer) throws IOException {
        return Files.createDirectories(PeerFiles.directory(dataDir, testId, peer.name()));
    }

    /**
     * Writes test.json; a sender whose warm-up waits for its schedule writes it again once the warm-up has ended,
     * with its actual length and how it ended.
     */
    static void writeTestJson(Path dir, PeerInfo peer, WorkerOptions options, long startEpochMicros, long warmupMicros,
                              TestJson.WarmupGate warmupGate, TestJson.StartInstant startInstant) throws IOException {
        TestJson.write(dir, TestJson.Worker.builder().testId(dir.getParent().getFileName().toString())
                .testName(options.testName()).peer(TestJson.Peer.of(peer)).startEpochMicros(startEpochMicros)
                .start(Instant.ofEpochSecond(startEpochMicros / 1_000_000, (startEpochMicros % 1_000_000) * 1_000).toString())
                .warmupMicros(warmupMicros).duration(options.duration().toString()).rate(options.rate().perSecond())
                .connections(options.connections()).messageSize(options.messageSize().toString())
                .sendUrl(options.sendUrl() == null ? "" : options.sendUrl().toString())
                .receiveUrl(options.receiveUrl() == null ? "" : options.receiveUrl().toString())
                .options(redacted(options.raw()))
                .warmupGate(warmupGate).startInstant(startInstant).build());
    }

    /**
     * @param sutUrl  where this peer sends or receives (null if not SET): its protocol's client is recorded
     * @param ahead   the options a receiver's connections add to bound what they fetch ahead ({@link Protocols#receiving})
     */
    static void writeSystemJson(Path dir, PeerInfo peer, SutUrl sutUrl, Map<String, String> ahead) throws IOException {
        Map<String, Object> system = SystemInfo.describe(peer);
        system.put("driver", Protocols.clientOf(sutUrl));
        Map<String, String> defaults = new TreeMap<>(Protocols.defaultsOf(sutUrl));
        defaults.putAll(ahead);
        if (!defaults.isEmpty()) {
            // What the connection was opened with beside the URL's own options: the effective value, not qpid-jms's.
            system.put(SystemInfo.DRIVER_DEFAULTS, new TreeMap<>(defaults));
        }
        if (sutUrl != null) {
            system.put(SystemInfo.SUT_ON_THIS_HOST, HostNames.isThisHost(sutUrl.host()));
        }
        RunJson.write(dir.resolve(PeerFiles.SYSTEM_JSON), system);
    }

    /** The SUT URLs may carry passwords: keep them out of files that end up in reports. */
    private static Map<String, String> redacted(Map<String, String> raw) {
        Map<String, String> out = new LinkedHashMap<>();
        raw.forEach((k, v) -> out.put(k, Passwords.redact(v)));
        return out;
    }
}
