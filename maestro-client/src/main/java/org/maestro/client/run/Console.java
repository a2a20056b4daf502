package org.maestro.client.run;

import org.maestro.common.util.SafeText;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What the user sees, also kept as the run directory's {@code console.log}. */
public final class Console {
    /**
     * Up to this many peers, the console has a line for each (its host and clock, its end, its files); above, a test's
     * lines are summarised, so a hundred peers do not bury what matters. Problems are always named, each peer its own.
     */
    public static final int PEER_LINES = 10;

    private final PrintStream out;
    private PrintStream log;

    public Console(PrintStream out) {
        this.out = out;
    }

    /** From now on every line is also appended to {@code file}. */
    public synchronized void keepIn(Path file) throws IOException {
        // A FileOutputStream, not a channel: Ctrl-C interrupts the thread that runs the test, and an interrupted
        // channel closes itself, which would end console.log just when the interruption is being told.
        log = new PrintStream(new FileOutputStream(file.toFile(), true), true, StandardCharsets.UTF_8);
    }

    /**
     * Prints one line. Lines quote what peers sent (names, reasons, details), so control characters are
     * escaped here, the one way to the terminal and console.log: a newline or an ANSI escape from the wire
     * cannot forge a line or rewrite the operator's screen. Nothing is cut: the client's own lines can be long.
     */
    public synchronized void line(String text) {
        String inert = SafeText.of(text, Integer.MAX_VALUE);
        out.println(inert);
        out.flush();
        if (log != null) {
            log.println(inert);
        }
    }

    /** Whether a test of this many peers gets a line per peer. */
    public static boolean linePerPeer(int peers) {
        return peers <= PEER_LINES;
    }

    /** Names for a line: all of them up to {@link #PEER_LINES}, else the first ones and how many more. */
    public static String names(List<String> names) {
        if (names.size() <= PEER_LINES) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, 3)) + " … " + names.get(names.size() - 1) + " (" + names.size() + ")";
    }

    public void line(String format, Object... args) {
        line(String.format(Locale.ROOT, format, args));
    }

    public synchronized void close() {
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
