package org.maestro.common.dataserver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A data directory for the tests: nested files of every kind the server distinguishes (json, csv, text,
 * binary, empty, spaces and non-ASCII in a name), next to a directory outside it holding a secret, and
 * symbolic links from inside that lead to the secret. Checksums here are computed independently of the
 * code under test.
 */
public final class DataTree {
    static final String SECRET = "TOP-SECRET-must-never-be-served-7f3a";
    static final String UNICODE_NAME = "test-1/peer-a/with space ü €.csv";
    /** Legal file names that are awkward in a URL. */
    static final List<String> ODD_NAMES = List.of("semi;colon.txt", "per%cent.txt", "hash#q?.txt", "plus+amp&eq=.txt",
            "quote'[b]{c}.txt", ".hidden", "...", "a..b.csv", "😀.json", "tab\there.txt", "%2e%2e", "%2F");

    public final Path root;
    final Path outside;

    private DataTree(Path root, Path outside) {
        this.root = root;
        this.outside = outside;
    }

    /** Creates the tree under {@code base}: {@code base/data} (served) and {@code base/outside}. */
    public static DataTree create(Path base) throws IOException {
        Path root = Files.createDirectories(base.resolve("data"));
        Path outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET);

        write(root, "notes.txt", "top-level notes\n".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/test.json", "{\"rate\":1000,\"duration\":\"30s\"}".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/system.json", "{\"cpus\":8}".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/inspector/jvm-memory.csv",
                "timestamp,heap\n2025-01-01T00:00:00Z,1024\n".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/agent/run-1.log", "started\nexit 0\n".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/report.html", "<html><body>hi</body></html>".getBytes(StandardCharsets.UTF_8));
        write(root, "test-1/peer-a/sender.rlog", random(300_000, 1));
        write(root, "test-1/peer-a/empty.txt", new byte[0]);
        write(root, UNICODE_NAME, "eta,ata\n1,2\n".getBytes(StandardCharsets.UTF_8));
        for (String odd : ODD_NAMES) {
            write(root, "test-1/peer-a/odd/" + odd, odd.getBytes(StandardCharsets.UTF_8));
        }
        write(root, "test-1/peer-b/test.json", "{\"rate\":5}".getBytes(StandardCharsets.UTF_8));

        Files.createSymbolicLink(root.resolve("test-1/peer-a/escape"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(root.resolve("test-1/peer-a/escape-dir"), outside);
        return new DataTree(root, outside);
    }

    /** Every regular file (no symbolic link) under {@code dir} of the root: path relative to the root -> bytes. */
    public Map<String, byte[]> regularFiles(String dir) throws IOException {
        Path start = dir.isEmpty() ? root : root.resolve(dir);
        try (Stream<Path> files = Files.walk(start)) {
            List<Path> list = files.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).collect(Collectors.toList());
            Map<String, byte[]> result = new TreeMap<>();
            for (Path p : list) {
                result.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
            return result;
        }
    }

    static void write(Path root, String relative, byte[] bytes) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    public static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** Hex SHA-256, straight from the JDK. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Percent-encodes a path for a URL independently of the code under test ('/' kept). */
    static String urlPath(String relative) {
        return Arrays.stream(relative.split("/"))
                .map(s -> URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20"))
                .collect(Collectors.joining("/"));
    }

    /** Reads a file, unchecked (for lambdas). */
    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
