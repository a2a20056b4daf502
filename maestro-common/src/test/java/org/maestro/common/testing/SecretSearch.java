package org.maestro.common.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A search for one secret (a distinctive password) in everything a test run left: files and whole directory
 * trees, read as bytes (ISO-8859-1, so a binary file is searched too), and texts such as a captured console.
 * It counts what it searched, for the test to print, and lists where the secret was found.
 */
public final class SecretSearch {
    private final String secret;
    private final List<String> hits = new ArrayList<>();
    private final List<Path> files = new ArrayList<>();
    private long lines;
    private int texts;

    public SecretSearch(String secret) {
        this.secret = secret;
    }

    /** Every regular file of these files and directory trees (a path that does not exist is skipped). */
    public SecretSearch files(Path... roots) throws IOException {
        for (Path root : roots) {
            if (!Files.exists(root)) {
                continue;
            }
            try (Stream<Path> all = Files.walk(root)) {
                for (Path f : all.filter(Files::isRegularFile).toList()) {
                    files.add(f);
                    search(f.toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                }
            }
        }
        return this;
    }

    /** A text that is not a file: a console, a message; {@code where} names it in the hits. */
    public SecretSearch text(String where, String text) {
        texts++;
        search(where, text);
        return this;
    }

    private void search(String where, String text) {
        lines += text.lines().count();
        if (text.contains(secret)) {
            hits.add(where);
        }
    }

    /** Where the secret was found: file paths and the names given to texts. */
    public List<String> hits() {
        return List.copyOf(hits);
    }

    /** The files searched. */
    public List<Path> searchedFiles() {
        return List.copyOf(files);
    }

    @Override
    public String toString() {
        return String.format("%d files + %d texts, %d lines, %d hits", files.size(), texts, lines, hits.size());
    }
}
