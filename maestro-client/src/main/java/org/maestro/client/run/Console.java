package org.maestro.client.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** What the user sees, also kept as the run directory's {@code console.log}. */
public final class Console {
    private final PrintStream out;
    private PrintStream log;

    public Console(PrintStream out) {
        this.out = out;
    }

    /** From now on every line is also appended to {@code file}. */
    public synchronized void keepIn(Path file) throws IOException {
        log = new PrintStream(Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND), true,
                StandardCharsets.UTF_8);
    }

    public synchronized void line(String text) {
        out.println(text);
        out.flush();
        if (log != null) {
            log.println(text);
        }
    }

    public void line(String format, Object... args) {
        line(String.format(java.util.Locale.ROOT, format, args));
    }

    public synchronized void close() {
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
