package org.maestro.reports;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a page or a JSON file through {@code <file>.partial} and a rename, so a browser, a web server or a
 * reader of the run directory never sees half a file (the old one stays until the new one is complete).
 */
public final class AtomicFile {
    private AtomicFile() {
    }

    public static void write(Path file, String text) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, text, StandardCharsets.UTF_8);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
