package org.maestro.client.artemis;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A broker's output file, which outlives its instance: the broker's own output, with a line of ours before each
 * create, start, stop and kill, and its last lines for error messages.
 */
final class BrokerLog {

    private static final int LOG_TAIL_LINES = 40;

    private final Path logFile;

    BrokerLog(Path logFile) {
        this.logFile = logFile;
    }

    Path file() {
        return logFile;
    }

    void append(String line) throws IOException {
        Files.writeString(logFile, line + System.lineSeparator(), StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** The last lines of the log, for error messages. */
    String tail() {
        try (RandomAccessFile file = new RandomAccessFile(logFile.toFile(), "r")) {
            long length = file.length();
            long from = Math.max(0, length - 16 * 1024);
            byte[] bytes = new byte[(int) (length - from)];
            file.seek(from);
            file.readFully(bytes);
            List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            List<String> tail = lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size());
            return "; last lines of " + logFile + ":" + System.lineSeparator() + "    "
                    + String.join(System.lineSeparator() + "    ", tail);
        } catch (IOException e) {
            return "; its log " + logFile + " cannot be read: " + e;
        }
    }
}
