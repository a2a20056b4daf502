package org.maestro.agent.script;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Copies a process's output (standard output and error, merged) line by line into its run log, on a
 * thread of its own so that a chatty process never blocks on a full pipe. Very long lines are cut
 * into pieces.
 */
final class OutputPump {
    private static final int MAX_LINE_CHARS = 8_192;
    private final Thread thread;

    private OutputPump(Thread thread) {
        this.thread = thread;
    }

    static OutputPump start(InputStream in, Consumer<String> lines, String name) {
        Thread t = new Thread(() -> pump(in, lines), name);
        t.setDaemon(true);
        t.start();
        return new OutputPump(t);
    }

    /**
     * Waits for the end of the output (bounded: a child the handler left running may hold the pipe open).
     *
     * @return whether all output was read
     */
    boolean await(long timeout, TimeUnit unit) throws InterruptedException {
        thread.join(Math.max(1, unit.toMillis(timeout)));
        return !thread.isAlive();
    }

    private static void pump(InputStream in, Consumer<String> lines) {
        try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            char[] buf = new char[4096];
            int n;
            while ((n = r.read(buf)) >= 0) {
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (c == '\n') {
                        lines.accept(stripCr(line));
                        line.setLength(0);
                    } else {
                        line.append(c);
                        if (line.length() >= MAX_LINE_CHARS) {
                            lines.accept(line.toString());
                            line.setLength(0);
                        }
                    }
                }
            }
            if (line.length() > 0) {
                lines.accept(stripCr(line));
            }
        } catch (IOException e) {
            // the stream was closed under us: the process is gone
        }
    }

    private static String stripCr(StringBuilder line) {
        int len = line.length();
        return len > 0 && line.charAt(len - 1) == '\r' ? line.substring(0, len - 1) : line.toString();
    }
}
