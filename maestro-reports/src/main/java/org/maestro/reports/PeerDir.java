package org.maestro.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One peer's directory in a run ({@code peers/<name>/}) with what summary.json and its test.json say of it.
 *
 * @param name             the peer's name (the directory's name)
 * @param role             sender, receiver, inspector, agent, or "" when unknown
 * @param host             the host it ran on, or ""
 * @param dir              the directory
 * @param startEpochMicros its test start (test.json), -1 when unknown
 * @param warmupMicros     its warm-up (test.json), 0 when none
 * @param summary          its entry in summary.json's peers, or a missing node
 */
record PeerDir(String name, String role, String host, Path dir, long startEpochMicros, long warmupMicros,
               JsonNode summary) {

    static PeerDir read(Path dir, JsonNode summaryPeer) throws IOException {
        JsonNode test = Json.MAPPER.missingNode();
        Path testJson = dir.resolve("test.json");
        if (Files.isRegularFile(testJson)) {
            test = Json.MAPPER.readTree(testJson.toFile());
        }
        String role = summaryPeer.path("role").asText(test.path("peer").path("role").asText(""));
        String host = summaryPeer.path("host").asText(test.path("peer").path("host").asText(""));
        long start = test.has("startEpochMicros") ? test.path("startEpochMicros").asLong() : -1;
        return new PeerDir(dir.getFileName().toString(), role.toLowerCase(java.util.Locale.ROOT), host, dir, start,
                test.path("warmupMicros").asLong(0), summaryPeer);
    }

    boolean isSender() {
        return "sender".equals(role);
    }

    boolean isReceiver() {
        return "receiver".equals(role);
    }
}
