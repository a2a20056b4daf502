package org.maestro.reports.page;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.maestro.common.runfiles.PeerFiles;
import org.maestro.common.runfiles.RunLayout;
import org.maestro.reports.Json;
import org.maestro.reports.PeerDir;
import org.maestro.reports.RunDirectory;

/** The report's records of where the run ran (part of {@link ReportData}): each peer's system and the console's end. */
final class SystemsAndConsole {
    private SystemsAndConsole() {
    }

    /** Each peer's system.json (host, CPUs, heap, OS, JVM, driver): what the figures were measured on. */
    static void systems(RunDirectory run, ObjectNode root, ArrayNode notes) throws IOException {
        ArrayNode systems = root.putArray("systems");
        for (PeerDir p : run.peers) {
            Path file = p.dir().resolve(PeerFiles.SYSTEM_JSON);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                JsonNode s = Json.MAPPER.readTree(file.toFile());
                if (s != null && s.isObject()) {
                    ObjectNode n = systems.addObject();
                    n.put("peer", p.name());
                    n.setAll((ObjectNode) s);
                }
            } catch (JsonProcessingException e) {
                notes.add(p.name() + ": " + PeerFiles.SYSTEM_JSON + " is not readable JSON (" + e.getOriginalMessage() + ")");
            }
        }
    }

    /** The end of console.log (what the user saw during the run); a long log keeps its last {@value #CONSOLE_TAIL} bytes. */
    static void consoleLog(RunDirectory run, ObjectNode root) throws IOException {
        Path file = run.dir.resolve(RunLayout.CONSOLE_LOG);
        if (!Files.isRegularFile(file)) {
            return;
        }
        long size = Files.size(file);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, size - CONSOLE_TAIL);
            byte[] tail = new byte[(int) (size - from)];
            f.seek(from);
            f.readFully(tail);
            String text = new String(tail, StandardCharsets.UTF_8);
            if (from > 0) {
                // Start at a whole line, and say what was left out.
                text = "[... first " + (from + text.indexOf('\n') + 1) + " bytes left out: see console.log]\n" + text.substring(text.indexOf('\n') + 1);
            }
            root.put("console", text);
        }
    }

    static final int CONSOLE_TAIL = 64 * 1024;
}
