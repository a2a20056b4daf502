package org.maestro.agent.script;

import org.maestro.common.util.SafeText;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * The log of one handler run, {@code handler-<runId>-<name>.log}: {@code # } lines for what the agent
 * did (command, start, end, outcome, exit status) and the handler's output, each line prefixed with the
 * seconds since the start ({@code [+1.234s]}). Every line is flushed as it is written, so the log is
 * complete up to the moment a process dies. Lines written after {@link #close()} are dropped.
 */
public final class ExecutionLog implements AutoCloseable {
    private static final int TAIL_LINES = 5;
    private static final int MAX_LINE_CHARS = 8_192;

    private final Path file;
    private final BufferedWriter out;
    private final Deque<String> tail = new ArrayDeque<>();
    private long startNanos = System.nanoTime();
    private boolean closed;
    private IOException failure;

    private ExecutionLog(Path file, BufferedWriter out) {
        this.file = file;
        this.out = out;
    }

    /** Creates {@code <dir>/handler-<runId>-<name>.log}, {@code name} being the handler's file name made safe. */
    public static ExecutionLog create(Path dir, String runId, String handler) throws IOException {
        Files.createDirectories(dir);
        String base = handler == null ? "" : handler.substring(handler.lastIndexOf('/') + 1);
        String name = base.replaceAll("[^A-Za-z0-9._-]", "_");
        Path file = dir.resolve("handler-" + runId + (name.isEmpty() ? "" : "-" + name) + ".log");
        return new ExecutionLog(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    public Path file() {
        return file;
    }

    /** The output's time base: output lines are stamped with the time since this call. */
    public synchronized void started() {
        startNanos = System.nanoTime();
    }

    /** A line of the agent's own: {@code # text}; text from a note (a handler, a reason) has its control characters escaped. */
    public synchronized void note(String text) {
        write("# " + SafeText.of(text, Integer.MAX_VALUE));
    }

    /**
     * A line of the handler's output, control characters escaped (a handler's output is text from outside: a CR or
     * ESC in it must not forge a line of this log), and cut after {@link #MAX_LINE_CHARS}.
     */
    public synchronized void output(String line) {
        String l = SafeText.of(line, MAX_LINE_CHARS);
        if (tail.size() == TAIL_LINES) {
            tail.removeFirst();
        }
        tail.addLast(l);
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        write(String.format(Locale.ROOT, "[+%.3fs] %s", seconds, l));
    }

    /** The last non-blank output line, "" when there was none. */
    public synchronized String lastOutput() {
        return tail.stream().filter(s -> !s.isBlank()).reduce((a, b) -> b).orElse("");
    }

    /** The first write error, if any (the run goes on without its log rather than failing). */
    public synchronized IOException failure() {
        return failure;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            failure = failure == null ? e : failure;
        }
    }

    private void write(String line) {
        if (closed || failure != null) {
            return;
        }
        try {
            out.write(line);
            out.newLine();
            out.flush();
        } catch (IOException e) {
            failure = e;
        }
    }
}
